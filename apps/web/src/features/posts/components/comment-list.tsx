import type { PostComment } from "@flik/shared";
import { useId, useRef } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { TrashIcon } from "../../../components/icons";
import { profilePath } from "../../../lib/paths";
import { fullDateTime, timeAgo } from "../../../lib/time-ago";

interface CommentListProps {
  comments: PostComment[];
  /** Whether the member may delete this comment (spec §10); only those get the button. */
  canDelete?: (comment: PostComment) => boolean;
  onDelete?: (comment: PostComment) => void;
}

/**
 * Where the focus goes when the comment whose Delete button has it goes away: the next comment's
 * words, else the one before's, else the list itself, never the page's top. A screen reader reads the
 * comment now there; Tab goes on to its author and its own Delete. Not that Delete itself: a second
 * Enter pressed at once would delete another member's comment too.
 */
function focusAfterDelete(root: HTMLElement | null, button: HTMLElement) {
  const items = [...(root?.querySelectorAll<HTMLElement>("li") ?? [])];
  const at = items.findIndex((item) => item.contains(button));
  const next = (items[at + 1] ?? items[at - 1])?.querySelector<HTMLElement>("[data-comment-text]");
  requestAnimationFrame(() => (next?.isConnected ? next : root)?.focus());
}

/** Every comment of the post screen, with avatars and times. */
export function CommentList({ comments, canDelete, onDelete }: CommentListProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={rootRef} tabIndex={-1} className="outline-none">
      {comments.length === 0 ? (
        <p className="py-6 text-center text-sm text-zinc-500">No comments yet.</p>
      ) : (
        <Comments
          comments={comments}
          canDelete={canDelete}
          onDelete={
            onDelete &&
            ((comment, button) => {
              focusAfterDelete(rootRef.current, button);
              onDelete(comment);
            })
          }
        />
      )}
    </div>
  );
}

function Comments({
  comments,
  canDelete,
  onDelete,
}: Omit<CommentListProps, "onDelete"> & { onDelete?: (comment: PostComment, button: HTMLElement) => void }) {
  // Each Delete button is described by its comment, so a screen reader tells them apart.
  const idPrefix = useId();
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
            <p
              id={`${idPrefix}-${comment._id}`}
              data-comment-text=""
              tabIndex={-1}
              className="rounded break-words text-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-fuchsia-600"
            >
              <Link
                to={profilePath(comment.user.username)}
                className="mr-1 rounded font-semibold hover:underline"
              >
                {comment.user.username}
              </Link>{" "}
              <bdi>{comment.text}</bdi>
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
              aria-describedby={`${idPrefix}-${comment._id}`}
              title="Delete comment"
              onClick={(event) => onDelete(comment, event.currentTarget)}
              // With a mouse, shown on the comment under it or holding the focus, not a column of trash
              // cans down the owner's every comment; wherever a finger may tap, always shown.
              className="-mr-1 flex size-8 shrink-0 items-center justify-center self-start rounded-full text-zinc-500 group-hover:opacity-100 hover:bg-zinc-100 hover:text-rose-600 focus-visible:text-rose-600 focus:opacity-100 group-focus-within:opacity-100 pointer-fine:opacity-0 any-pointer-coarse:opacity-100"
            >
              <TrashIcon className="size-4" />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
