import { canDeleteComment, type PostComment } from "@flik/shared";
import { type RefObject, useLayoutEffect, useRef } from "react";
import { Spinner } from "../../../components/spinner";
import { getUserId } from "../../../lib/storage";
import { useArrivals } from "../../../lib/use-arrivals";
import type { PostFoundGone } from "../hooks/post-found-gone";
import { useDeleteComment } from "../hooks/use-delete-comment";
import { useOlderComments, withOlderComments } from "../hooks/use-older-comments";
import { CommentList } from "./comment-list";

interface PostCommentsProps {
  postId: string;
  /** The newest comments the post carries, oldest first. */
  comments: PostComment[];
  /** Where the post's older comments start (`Post.commentsCursor`); none when it carries them all. */
  cursor: string | null | undefined;
  /** The post's owner, who may delete any comment on it. */
  ownerId: string;
  /** After a comment of the post is deleted here: what else shows them follows (a flick's panel). */
  onCommentDeleted?: (commentId: string, commentsCount: number | null) => void;
  /** How the post found gone is said, and taken off the screens (a flick's way); a post's by default. */
  foundGone?: PostFoundGone;
}

/**
 * Every comment of a post, as far back as the member asks: the ones it carries (newest, with those that
 * arrive live or the member adds), and before them "View older comments", a page at a time. Those the
 * member may delete (theirs, or any on their own post) have a Delete comment button.
 */
export function PostComments({
  postId,
  comments,
  cursor,
  ownerId,
  onCommentDeleted,
  foundGone,
}: PostCommentsProps) {
  const { older, hasOlder, loading, loadOlder } = useOlderComments(postId, cursor, foundGone);
  const { hidden, remove } = useDeleteComment(postId, onCommentDeleted, foundGone);
  const viewerId = getUserId();
  const shown = withOlderComments(older, comments).filter((comment) => !hidden.has(comment._id));
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonHadFocus = useRef(false);
  // The last page loaded takes the button away from under a keyboard's focus: the oldest comment, where
  // the button was, takes it (its author's name), never the page's top.
  useLayoutEffect(() => {
    if (hasOlder || !buttonHadFocus.current) return;
    buttonHadFocus.current = false;
    if (document.activeElement === document.body)
      rootRef.current?.querySelector<HTMLElement>("li a:not([tabindex='-1'])")?.focus();
  }, [hasOlder]);
  useScrollToOwnNewComment(rootRef, shown, viewerId);
  return (
    <div ref={rootRef} className="space-y-3">
      {hasOlder && (
        <button
          type="button"
          onClick={(event) => {
            buttonHadFocus.current = document.activeElement === event.currentTarget;
            void loadOlder();
          }}
          aria-disabled={loading || undefined}
          className="inline-flex w-fit items-center gap-2 rounded text-sm text-zinc-500 hover:text-zinc-800"
        >
          {loading && <Spinner className="size-3.5 border-2" />}
          {loading ? "Loading comments..." : "View older comments"}
        </button>
      )}
      <CommentList
        comments={shown}
        canDelete={(comment) =>
          canDeleteComment(viewerId, { authorId: comment.user._id, postOwnerId: ownerId })
        }
        onDelete={(comment) => void remove(comment._id)}
      />
    </div>
  );
}

/**
 * A comment the member just added (here, or in another tab) comes last, at the far end of a long list
 * whose panel may be scrolled to its top: it is brought into view, as far as needed and no further.
 * Others' comments arriving live, and older ones loaded above, leave the scroll alone.
 */
function useScrollToOwnNewComment(
  rootRef: RefObject<HTMLDivElement | null>,
  shown: readonly PostComment[],
  viewerId: string | null,
) {
  useArrivals(shown, (arrived) => {
    const newest = shown.at(-1);
    // One comment, the member's own, at the end: an add. Several at once are a reading of the post.
    if (arrived.length !== 1 || arrived[0] !== newest || newest?.user._id !== viewerId) return;
    rootRef.current?.querySelector("li:last-child")?.scrollIntoView?.({ block: "nearest" });
  });
}
