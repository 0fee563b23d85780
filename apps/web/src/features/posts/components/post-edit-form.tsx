import type { Post } from "@flik/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { useUpdatePost } from "../hooks/use-update-post";
import { CaptionField, LocationField, TagsField } from "./composer/post-text-fields";

interface PostEditFormProps {
  post: Post;
  onDone: () => void;
}

/** The owner's edit mode: caption, location and tags; Save returns to view mode (spec §4), Cancel or Escape too. */
export function PostEditForm({ post, onDone }: PostEditFormProps) {
  const [caption, setCaption] = useState(post.caption);
  const [location, setLocation] = useState(post.location);
  const [tags, setTags] = useState(post.tags);
  const update = useUpdatePost(post._id);
  // Edit was chosen from the post's menu, which keeps the focus; the form may open below the fold (a
  // phone's tall video above it), so it is brought up whole, its heading under the screen's header.
  const captionRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const box = captionRef.current;
    box?.focus({ preventScroll: true });
    // The caret after the caption, as a member editing it goes on writing (a box focused by script
    // starts before its first letter).
    box?.setSelectionRange(box.value.length, box.value.length);
    headingRef.current?.scrollIntoView?.({ block: "start" });
  }, []);
  // A double click's second Save comes before the first one's "Saving..." is drawn: one edit is sent.
  const sending = useRef(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    update.mutate(
      { caption, location, tags },
      {
        onSuccess: onDone,
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      // Escape is Cancel, as in a message's edit (unless a field's own list took it first).
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.defaultPrevented && !update.isPending) onDone();
      }}
      aria-label="Edit post"
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">
        <h2 ref={headingRef} className="mb-4 scroll-mt-20 text-lg font-semibold text-zinc-900">
          Edit post
        </h2>
        <fieldset disabled={update.isPending} className="min-w-0 space-y-5">
          <CaptionField value={caption} onChange={setCaption} fieldRef={captionRef} />
          <LocationField value={location} onChange={setLocation} />
          <TagsField value={tags} onChange={setTags} />
        </fieldset>
      </div>
      <div className="flex justify-end gap-3 border-t border-zinc-100 p-4 sm:px-5">
        <button type="button" onClick={onDone} disabled={update.isPending} className={buttonStyles.secondary}>
          Cancel
        </button>
        <button type="submit" disabled={update.isPending} className={buttonStyles.primary}>
          {update.isPending ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
