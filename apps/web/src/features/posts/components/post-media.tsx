import type { Post } from "@flik/shared";

interface PostMediaProps {
  post: Post;
  /** `cover` fills a fixed frame (the feed); `contain` shows the whole picture (the post screen). */
  fit?: "cover" | "contain";
  className?: string;
}

export function mediaAlt(post: Post): string {
  return post.caption.trim() || `Post by @${post.user.username}`;
}

/** The post's photo, or its video: muted, inline, looping, with controls. */
export function PostMedia({ post, fit = "cover", className = "" }: PostMediaProps) {
  const fitClass = fit === "cover" ? "object-cover" : "object-contain";
  if (post.mediaType === "video") {
    return (
      <video
        src={post.image}
        aria-label={mediaAlt(post)}
        muted
        playsInline
        loop
        controls
        preload="metadata"
        className={`size-full bg-zinc-950 ${fitClass} ${className}`}
      />
    );
  }
  return (
    <img
      src={post.image}
      alt={mediaAlt(post)}
      loading="lazy"
      decoding="async"
      className={`size-full ${fitClass} ${className}`}
    />
  );
}
