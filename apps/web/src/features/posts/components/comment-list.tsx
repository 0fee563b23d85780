import type { PostComment } from "@flik/shared";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { TrashIcon } from "../../../components/icons";
import { profilePath } from "../../../lib/paths";
import { fullDateTime, timeAgo } from "../../../lib/time-ago";

/** Compact lines under a feed card. */
export function CommentPreview({ comments }: { comments: PostComment[] }) {
  if (comments.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Latest comments">
      {comments.map((comment) => (
        <li key={comment._id} className="text-sm leading-relaxed break-words text-zinc-900">
          <Link
            to={profilePath(comment.user.username)}
            className="mr-1.5 rounded font-semibold hover:underline"
          >
            {comment.user.username}
          </Link>
          {comment.text}
        </li>
      ))}
    </ul>
  );
}

interface CommentListProps {
  comments: PostComment[];
  /** Whether the member may delete this comment (spec §10); only those get the button. */
  canDelete?: (comment: PostComment) => boolean;
  onDelete?: (comment: PostComment) => void;
}

/** Every comment of the post screen, with avatars and times. */
export function CommentList({ comments, canDelete, onDelete }: CommentListProps) {
  if (comments.length === 0) {
    return <p className="py-6 text-center text-sm text-zinc-500">No comments yet.</p>;
  }
  return (
    <ul className="space-y-4" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment._id} className="group flex gap-3">
          <Link to={profilePath(comment.user.username)} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <Avatar
              src={comment.user.avatar}
              name={comment.user.username}
              className="size-8 text-xs ring-0"
            />
          </Link>
          <div className="min-w-0 flex-1 text-sm leading-relaxed">
            <p className="break-words text-zinc-900">
              <Link
                to={profilePath(comment.user.username)}
                className="mr-1.5 rounded font-semibold hover:underline"
              >
                {comment.user.username}
              </Link>
              {comment.text}
            </p>
            <time
              dateTime={comment.createdAt}
              title={fullDateTime(comment.createdAt)}
              className="text-xs text-zinc-500"
            >
              {timeAgo(comment.createdAt)}
            </time>
          </div>
          {onDelete && canDelete?.(comment) && (
            <button
              type="button"
              aria-label="Delete comment"
              title="Delete comment"
              onClick={() => onDelete(comment)}
              className="-mr-1 flex size-8 shrink-0 items-center justify-center self-start rounded-full text-zinc-500 hover:bg-zinc-100 hover:text-rose-600 focus-visible:text-rose-600"
            >
              <TrashIcon className="size-4" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
