import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "../../../lib/toast";
import { likePost, unlikePost } from "../api/posts.api";
import { isPostUnavailable } from "../api/posts.queries";
import { forgetUnavailablePost, POST_UNAVAILABLE_TEXT } from "../cache/post-cache";
import { requestLike, shownLike, toastLikeFailed } from "../cache/post-likes";

/** Like/unlike, shown at once. `post` is the cache's (server's) copy, not the shadowed view. */
export function useToggleLike(): (post: Post) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Post) =>
      requestLike(queryClient, post._id, !shownLike(queryClient, post._id, post.isLiked), {
        lastKnown: post.isLiked,
        send: (liked) => (liked ? likePost(post._id) : unlikePost(post._id)),
        onError: (error) => {
          if (!isPostUnavailable(error)) {
            toastLikeFailed(post._id);
            return;
          }
          toast.error(POST_UNAVAILABLE_TEXT, { toastId: `post-unavailable-${post._id}` });
          forgetUnavailablePost(queryClient, post._id);
        },
      }),
    [queryClient],
  );
}
