import type { Post } from "@flik/shared";
import { CommentIcon, HeartIcon, SendIcon } from "../../../components/icons";

interface PostActionsProps {
  post: Post;
  onLike: () => void;
  onComment: () => void;
  onShare: () => void;
}

const actionClass =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-semibold text-zinc-800 tabular-nums transition hover:bg-zinc-100 active:scale-95";

export function formatCount(count: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(count);
}

/** Like, comment and share, each with its count. */
export function PostActions({ post, onLike, onComment, onShare }: PostActionsProps) {
  return (
    <div className="-ml-2 flex items-center gap-1">
      <button
        type="button"
        aria-label={post.isLiked ? "Unlike" : "Like"}
        aria-pressed={post.isLiked}
        onClick={onLike}
        className={`${actionClass} ${post.isLiked ? "text-rose-600" : ""}`}
      >
        <HeartIcon
          filled={post.isLiked}
          className={`size-6 transition-transform motion-safe:duration-200 ${post.isLiked ? "scale-110" : ""}`}
        />
        <span aria-hidden="true">{formatCount(post.likesCount)}</span>
      </button>
      <button type="button" aria-label="Comment" onClick={onComment} className={actionClass}>
        <CommentIcon className="size-6" />
        <span aria-hidden="true">{formatCount(post.commentsCount)}</span>
      </button>
      <button type="button" aria-label="Share" onClick={onShare} className={actionClass}>
        <SendIcon className="size-6" />
        {post.sharesCount > 0 && <span aria-hidden="true">{formatCount(post.sharesCount)}</span>}
      </button>
    </div>
  );
}

export function likesText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "like" : "likes"}`;
}
