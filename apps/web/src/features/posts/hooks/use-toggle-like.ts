import type { Post } from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "react-toastify/unstyled";
import { likePost, unlikePost } from "../api/posts.api";
import { findCachedPost, patchPost } from "../cache/post-cache";
import { getPostShadow } from "../cache/post-shadow";

/**
 * Sends requests until the server agrees with the member's latest intent, one at a time: a burst of
 * taps costs at most two requests and the last tap wins. A failure drops the intent, which shows the
 * server's state again (the rollback).
 */
async function syncLike(queryClient: QueryClient, post: Post): Promise<void> {
  const shadow = getPostShadow(queryClient);
  const key = `like:${post._id}`;
  if (!shadow.beginSync(key)) return;
  let serverLiked = post.isLiked;
  try {
    for (;;) {
      serverLiked = findCachedPost(queryClient, post._id)?.isLiked ?? serverLiked;
      const wanted = shadow.likeIntent(post._id);
      if (wanted === undefined || wanted === serverLiked) break;
      const result = wanted ? await likePost(post._id) : await unlikePost(post._id);
      serverLiked = result.isLiked;
      patchPost(queryClient, post._id, (cached) => ({
        ...cached,
        isLiked: result.isLiked,
        likes: result.likes,
        likesCount: result.likesCount,
      }));
    }
  } catch {
    toast.error("Couldn't update your like. Please try again.", { toastId: `like-error-${post._id}` });
  } finally {
    shadow.endSync(key);
    shadow.releaseLikeIntent(post._id);
  }
}

/** Like/unlike, shown at once. `post` is the cache's (server's) copy, not the shadowed view. */
export function useToggleLike(): (post: Post) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Post) => {
      const shadow = getPostShadow(queryClient);
      const shown = shadow.likeIntent(post._id) ?? post.isLiked;
      shadow.setLikeIntent(post._id, !shown);
      void syncLike(queryClient, post);
    },
    [queryClient],
  );
}
