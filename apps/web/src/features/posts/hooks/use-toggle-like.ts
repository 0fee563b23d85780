import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { likePost, unlikePost } from "../api/posts.api";
import { requestLike, shownLike, toastLikeFailed } from "../cache/post-likes";
import { postFoundGone } from "./post-found-gone";

/** Like/unlike, shown at once. `post` is the cache's (server's) copy, not the shadowed view. */
export function useToggleLike(): (post: Post) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Post) =>
      requestLike(queryClient, post._id, !shownLike(queryClient, post._id, post.isLiked), {
        lastKnown: post.isLiked,
        send: (liked) => (liked ? likePost(post._id) : unlikePost(post._id)),
        onError: (error) => {
          if (!postFoundGone(queryClient, post._id, error)) toastLikeFailed(post._id);
        },
      }),
    [queryClient],
  );
}
