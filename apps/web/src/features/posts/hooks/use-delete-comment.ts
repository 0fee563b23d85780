import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { postKeys } from "../api/post-keys";
import { deleteComment } from "../api/posts.api";
import { removeCachedComment } from "../cache/post-cache";
import { type PostFoundGone, postFoundGone } from "./post-found-gone";

export const DELETE_COMMENT_FAILED = "Couldn't delete the comment. Please try again.";
/** The server's 404 for a comment no longer there (as opposed to a post gone for the member). */
const COMMENT_GONE = "Comment not found";

/**
 * Deletes comments of one post (spec §10: their author's, or any on the member's own post). A comment
 * goes from the screen at once and comes back if the server refuses; one already gone (404) stays gone.
 * `onDeleted` updates what else shows the post's comments (a flick's panel), with its count after; a
 * post found gone is said as `foundGone` says it.
 */
export function useDeleteComment(
  postId: string,
  onDeleted?: (commentId: string, commentsCount: number | null) => void,
  foundGone: PostFoundGone = postFoundGone,
) {
  const queryClient = useQueryClient();
  // Hidden for good once asked: the live postCommentDeleted may come after the answer or before it.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());

  // Not memoized: it is only ever a click's handler, and `onDeleted` is often a new function each render.
  async function remove(commentId: string) {
    setHidden((ids) => new Set(ids).add(commentId));
    const gone = (commentsCount: number | null) => {
      removeCachedComment(queryClient, postId, commentId, commentsCount);
      onDeleted?.(commentId, commentsCount);
    };
    try {
      gone((await deleteComment(postId, commentId)).commentsCount);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        if (error.serverMessage === COMMENT_GONE) {
          // Deleted already (another tab, the post's owner): gone here too, its count read again.
          gone(null);
          void queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
        } else {
          // The post itself is gone for this member (deleted, made private, a block).
          foundGone(queryClient, postId, error);
        }
        return;
      }
      setHidden((ids) => {
        const next = new Set(ids);
        next.delete(commentId);
        return next;
      });
      // The server's words when it refused for a reason ("You can only delete your own comments…").
      const refusal = error instanceof ApiError && error.status < 500 && error.serverMessage;
      toast.error(refusal || DELETE_COMMENT_FAILED);
    }
  }

  return { hidden, remove };
}
