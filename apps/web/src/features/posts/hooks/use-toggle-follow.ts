import type { Post } from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "react-toastify/unstyled";
import { errorMessage } from "../../../lib/api-client";
import { getToken } from "../../../lib/storage";
import { followUser, unfollowUser } from "../../follows/api/follows.api";
import { findCachedPostByAuthor, patchPostsByAuthor } from "../cache/post-cache";
import { getPostShadow } from "../cache/post-shadow";

/** Like `syncLike`, per author: every post by them follows the same intent and the same answer. */
async function syncFollow(queryClient: QueryClient, author: Post["user"], followed: boolean) {
  const shadow = getPostShadow(queryClient);
  const key = `follow:${author._id}`;
  if (!shadow.beginSync(key)) return;
  let serverFollowed = followed;
  try {
    for (;;) {
      serverFollowed = findCachedPostByAuthor(queryClient, author._id)?.isFollowed ?? serverFollowed;
      const wanted = shadow.followIntent(author._id);
      if (wanted === undefined || wanted === serverFollowed) break;
      const result = wanted ? await followUser(author._id) : await unfollowUser(author._id);
      serverFollowed = result.isFollowed;
      patchPostsByAuthor(queryClient, author._id, (post) => ({
        ...post,
        isFollowed: result.isFollowed,
        user: { ...post.user, followersCount: result.followersCount },
      }));
    }
  } catch (error) {
    toast.error(
      errorMessage(
        error,
        serverFollowed ? "Couldn't unfollow. Please try again." : "Couldn't follow. Please try again.",
      ),
      { toastId: `follow-error-${author._id}` },
    );
  } finally {
    shadow.endSync(key);
    shadow.releaseFollowIntent(author._id);
  }
}

/** Follow/unfollow a post's author, shown at once on every post by them. `post` is the cache's copy. */
export function useToggleFollow(): (post: Post) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Post) => {
      // Spec §5: following needs a signed-in member.
      if (!getToken()) {
        window.alert("Login required");
        return;
      }
      const shadow = getPostShadow(queryClient);
      const shown = shadow.followIntent(post.user._id) ?? post.isFollowed;
      shadow.setFollowIntent(post.user._id, !shown);
      void syncFollow(queryClient, post.user, post.isFollowed);
    },
    [queryClient],
  );
}
