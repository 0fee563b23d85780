import { leadingText, mediaFrame, type Post, textLength, videoPosterUrl } from "@flik/shared";
import type { CSSProperties } from "react";
import { UnloadableMedia, useMediaFailed } from "../../../components/unloadable-media";
import { placeholderProps } from "../../../lib/placeholder";
import { coverZoom, type ImageSlot, responsiveImage } from "../../../lib/responsive-image";

type Fit = "cover" | "contain" | "cover-then-contain";

const fitClass: Record<Fit, string> = {
  cover: "object-cover bg-cover",
  contain: "object-contain bg-contain",
  "cover-then-contain": "object-cover bg-cover md:object-contain md:bg-contain",
};

interface PostMediaProps {
  post: Post;
  /**
   * `cover` fills its frame (the feed's, of the media's own shape within the feed's bounds); `contain`
   * shows the whole picture; `cover-then-contain` fills a phone's frame and shows the whole picture
   * in the wide screen's media column (the post screen).
   */
  fit?: Fit;
  className?: string;
  /**
   * The screen's main picture (the first post of the feed, a post opened on its own): fetched at once
   * and first, since it is the largest paint; the others wait until they come near the viewport.
   */
  priority?: boolean;
  /** Where it is drawn, for the browser to pick the variant of the right width. */
  slot?: ImageSlot;
}

/** The most of a caption a picture's name carries: the caption itself is read in full beside it. */
const ALT_MAX_CHARACTERS = 100;

/**
 * A post's picture's name: its caption's start (a whole caption of 2,200 characters, read again for
 * every tile of a grid, would drown the list), or who posted it when it has none.
 */
export function mediaAlt(post: Post): string {
  const caption = post.caption.trim();
  if (caption === "") return `Post by @${post.user.username}`;
  if (textLength(caption) <= ALT_MAX_CHARACTERS) return caption;
  // Whole characters as a reader sees them: a family or a flag is never cut in half.
  const start = leadingText(caption, ALT_MAX_CHARACTERS);
  // Cut at the last space, not inside a word, when there is one in the second half.
  const space = start.lastIndexOf(" ");
  return `${(space > start.length / 2 ? start.slice(0, space) : start).trimEnd()}…`;
}

/**
 * The frame's shape (see `mediaFrame`) as the custom property `--media-frame`, which the class
 * `aspect-(--media-frame)` reads: the frame has its size before the media loads, so nothing jumps.
 */
export function mediaFrameStyle(post: Pick<Post, "width" | "height">): CSSProperties {
  const { width, height } = mediaFrame(post);
  return { "--media-frame": `${width} / ${height}` } as CSSProperties;
}

/**
 * The post's photo, or its video: muted, inline, looping, with controls. Media that will not load (a
 * file gone, an address naming none) shows a neutral tile of its frame, never the broken-image mark.
 */
export function PostMedia({
  post,
  fit = "cover",
  className = "",
  priority = false,
  slot = "feed",
}: PostMediaProps) {
  const size = { width: post.width ?? undefined, height: post.height ?? undefined };
  const [failed, onError] = useMediaFailed(post.image);
  if (failed)
    return (
      <UnloadableMedia type={post.mediaType} label={mediaAlt(post)} className={`size-full ${className}`} />
    );
  if (post.mediaType === "video") {
    return (
      <video
        poster={videoPosterUrl(post.image) ?? undefined}
        src={post.image}
        aria-label={mediaAlt(post)}
        muted
        playsInline
        loop
        controls
        preload="metadata"
        onError={onError}
        {...size}
        className={`size-full bg-zinc-950 ${fitClass[fit]} ${className}`}
      />
    );
  }
  return (
    <img
      {...responsiveImage(
        post.image,
        slot,
        post.width,
        fit === "contain" ? 1 : coverZoom(post, mediaFrame(post)),
      )}
      alt={mediaAlt(post)}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={onError}
      {...size}
      {...placeholderProps(post.placeholder)}
      className={`size-full bg-center bg-no-repeat ${fitClass[fit]} ${className}`}
    />
  );
}

/**
 * The media of a post opened on its own (its screen, the profile's post dialog): on phones in a frame
 * of its shape, as in the feed; on wide screens filling the media column, whole, on black.
 */
export function PostDetailMedia({ post, className = "" }: { post: Post; className?: string }) {
  return (
    <div
      style={mediaFrameStyle(post)}
      className={`flex aspect-(--media-frame) shrink-0 items-center justify-center overflow-hidden bg-zinc-100 md:aspect-auto md:h-full md:bg-zinc-950 ${className}`}
    >
      <PostMedia post={post} fit="cover-then-contain" slot="detail" priority />
    </div>
  );
}
