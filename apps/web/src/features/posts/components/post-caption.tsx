import type { Post } from "@flik/shared";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { MapPinIcon, TagIcon } from "../../../components/icons";
import { profilePath, tagPath } from "../../../lib/paths";
import { foldCaption, tagsInField } from "../../tags/caption-tags";
import { TaggedText } from "../../tags/components/tagged-text";

const CLAMP_AT = 140;

/** "@username caption", folded after a few lines in the feed; each `#tag` links to its tag page. */
export function PostCaption({ post, clamp = false }: { post: Post; clamp?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  const caption = post.caption.trim();
  if (!caption) return null;
  const folded = clamp && !expanded && caption.length > CLAMP_AT;
  return (
    // The paragraph, a block, takes the focus once opened: its ring is one box, not one per line.
    <p
      ref={textRef}
      tabIndex={expanded ? -1 : undefined}
      className="rounded text-sm leading-relaxed break-words whitespace-pre-line text-zinc-900"
    >
      <Link to={profilePath(post.user.username)} className="mr-1.5 rounded font-semibold hover:underline">
        @{post.user.username}
      </Link>
      {/* Isolated: a direction control the caption leaves open must not turn "more" around. */}
      <bdi>
        <TaggedText text={folded ? `${foldCaption(caption, CLAMP_AT)}… ` : caption} />
      </bdi>
      {folded && (
        <button
          type="button"
          // "more" goes as the caption opens: the focus goes on to what it opened, not to the page.
          onClick={() => {
            setExpanded(true);
            requestAnimationFrame(() => textRef.current?.focus({ preventScroll: true }));
          }}
          className="rounded font-medium text-zinc-500 hover:text-zinc-800"
        >
          more
        </button>
      )}
    </p>
  );
}

/** Where it was taken and its tags, each a link to its tag page. */
export function PostPlaceAndTags({ post }: { post: Post }) {
  const tags = tagsInField(post.tags);
  if (!post.location && tags.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {post.location && (
        <p className="flex items-start gap-1.5 text-zinc-600">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-zinc-400" />
          <span className="sr-only">Location: </span>
          {/* A place's name may be long (100 characters): it wraps, read whole, rather than cut. */}
          <span className="min-w-0 break-words">{post.location}</span>
        </p>
      )}
      {tags.length > 0 && (
        <p className="flex items-start gap-1.5 font-medium text-fuchsia-700">
          <TagIcon className="mt-0.5 size-4 shrink-0 text-fuchsia-400" />
          <span className="sr-only">Tags: </span>
          <span className="flex min-w-0 flex-wrap gap-x-2">
            {tags.map(({ text, tag }) => (
              // A tag has no spaces to break at: a long one wraps anywhere rather than widen the card.
              <Link key={tag} to={tagPath(tag)} className="min-w-0 rounded wrap-anywhere hover:underline">
                {text}
              </Link>
            ))}
          </span>
        </p>
      )}
    </div>
  );
}
