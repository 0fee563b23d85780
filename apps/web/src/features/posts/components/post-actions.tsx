import type { Post } from "@flik/shared";
import { type ReactNode, useId } from "react";
import { CommentIcon, HeartIcon, SendIcon } from "../../../components/icons";

interface PostActionsProps {
  post: Post;
  onLike: () => void;
  onComment: () => void;
  onShare: () => void;
}

export function formatCount(count: number): string {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(count);
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Like, comment and share, each with its count. */
export function PostActions({ post, onLike, onComment, onShare }: PostActionsProps) {
  return (
    <div className="-ml-2 flex items-center gap-1">
      <PostAction
        // The name says the state, as Instagram's does ("Unlike"); a pressed state too would read
        // "Unlike, pressed", which contradicts itself.
        label={post.isLiked ? "Unlike" : "Like"}
        count={post.likesCount}
        noun={plural(post.likesCount, "like", "likes")}
        onClick={onLike}
        icon={
          <HeartIcon
            filled={post.isLiked}
            // The heart alone turns rose, as on the flicks screen; the count stays the text's colour.
            className={`size-6 transition-transform motion-safe:duration-200 ${post.isLiked ? "scale-110 text-rose-600" : ""}`}
          />
        }
      />
      <PostAction
        label="Comment"
        count={post.commentsCount}
        noun={plural(post.commentsCount, "comment", "comments")}
        onClick={onComment}
        icon={<CommentIcon className="size-6" />}
      />
      <PostAction
        label="Share"
        count={post.sharesCount}
        hideZero
        noun={plural(post.sharesCount, "share", "shares")}
        onClick={onShare}
        icon={<SendIcon className="size-6" />}
      />
    </div>
  );
}

interface PostActionProps {
  label: string;
  icon: ReactNode;
  /** Shown beside the icon, and with its noun the button's description ("3 likes"). */
  count: number;
  noun: string;
  /** Show nothing beside the icon at zero (shares). */
  hideZero?: boolean;
  onClick: () => void;
}

/**
 * An icon button with its count beside it, as Instagram shows them. The count is not part of the button
 * (whose name stays "Like" or "Unlike" while "3" shows: WCAG 2.5.3 wants a name to contain its visible text), but the
 * button lies under both and takes the whole pill's clicks; it is described by the count in words.
 */
function PostAction({ label, icon, count, noun, hideZero, onClick }: PostActionProps) {
  const countId = useId();
  const nounId = useId();
  return (
    <span className="relative inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-semibold text-zinc-800 tabular-nums transition active:scale-95">
      <button
        type="button"
        aria-label={label}
        // "3" and "likes" are two elements, so no element reads "3 likes" beside the post's likes line.
        aria-describedby={`${countId} ${nounId}`}
        onClick={onClick}
        className="absolute inset-0 rounded-full transition hover:bg-zinc-100"
      />
      <span className="pointer-events-none relative flex">{icon}</span>
      {/* Hidden from reading in place (the likes line says it again); the button's description says it. */}
      <span
        id={countId}
        aria-hidden="true"
        className={hideZero && count === 0 ? "hidden" : "pointer-events-none relative"}
      >
        {formatCount(count)}
      </span>
      <span id={nounId} hidden>
        {noun}
      </span>
    </span>
  );
}

export function likesText(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "like" : "likes"}`;
}
