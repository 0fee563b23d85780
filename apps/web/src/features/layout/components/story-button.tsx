import { useRef } from "react";
import { Avatar } from "../../../components/avatar";
import { PlusIcon } from "../../../components/icons";
import { getUsername } from "../../../lib/storage";
import { useCurrentUserQuery } from "../../auth/api/user.queries";
import { StoryFileInput } from "../../stories/components/story-file-input";
import { UploadRing } from "../../stories/components/story-ring";
import { useUploadStory } from "../../stories/hooks/use-upload-story";

/**
 * The header's story upload (spec §2), drawn as Instagram's "Your story": the member's own picture in
 * the story ring with a plus, so it never reads as the tab bar's New post square. It opens the picker;
 * while the file goes up, the ring fills with its progress and the button (its plus turned to a cross)
 * cancels it.
 */
export function StoryButton() {
  // Only read: the session check has loaded the member already, and keeps them fresh.
  const me = useCurrentUserQuery(false).data;
  const name = me?.username || getUsername() || "";
  const { percent, upload, cancel } = useUploadStory();
  const input = useRef<HTMLInputElement>(null);
  const uploading = percent !== null;
  const busy = uploading && !cancel;
  return (
    // Isolated, so the badge's z-index ranks it above the upload ring here alone, not over the header.
    <div className="relative isolate">
      <button
        type="button"
        aria-label={cancel ? "Cancel story upload" : "Upload story"}
        onClick={() => (cancel ? cancel() : !uploading && input.current?.click())}
        // Not disabled while the story is shared: a disabled button drops the focus to the page.
        aria-disabled={busy}
        className="group relative flex size-11 items-center justify-center rounded-full transition hover:bg-zinc-100 aria-disabled:cursor-progress aria-disabled:hover:bg-transparent"
      >
        <span className={`rounded-full p-[2px] ${uploading ? "bg-transparent" : "bg-brand"}`}>
          <Avatar src={me?.avatar} name={name} className="size-7 text-xs ring-2 ring-white" />
        </span>
        {/* Above the upload ring drawn after the button: the ring's stroke would cross the × (cancel). */}
        <span className="absolute right-0.5 bottom-0.5 z-10 flex size-4 items-center justify-center rounded-full bg-zinc-900 text-white ring-2 ring-white">
          <PlusIcon className={`size-3 stroke-3 ${cancel ? "rotate-45" : ""}`} />
        </span>
      </button>
      {uploading && <UploadRing percent={percent} className="inset-1.5" />}
      {/* The button's new name is not read out when it changes under the focus: the phase is (a live
          region there from the start, as one added with its words may go unread). */}
      <span aria-live="polite" className="sr-only">
        {busy ? "Sharing your story..." : uploading ? "Uploading your story..." : ""}
      </span>
      <StoryFileInput ref={input} onPick={(file) => void upload(file)} />
    </div>
  );
}
