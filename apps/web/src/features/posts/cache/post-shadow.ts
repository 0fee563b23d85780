import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { intentStorePerClient, useIntent } from "../../../lib/intent-store";
import { knownPrivacy } from "../../follows/cache/follow-cache";
import {
  applyFollowIntent,
  postFollowRelation,
  type RequestAwarePost,
  useFollowIntent,
} from "../../follows/cache/follow-intents";

/**
 * The viewer's pending likes, by post id. A flick is a post with the same id, so a like tapped on a
 * flick shows at once on the post in the feed, the post screen and the profile grid, and the other way.
 */
export const getLikeIntents = intentStorePerClient<boolean>();

export function useLikeIntent(postId: string): boolean | undefined {
  return useIntent(getLikeIntents(useQueryClient()), postId);
}

interface Likeable {
  isLiked: boolean;
  likesCount: number;
}

/** A post or flick as the member should see it: the server's copy with their pending like applied. */
export function applyLikeIntent<T extends Likeable>(item: T, liked: boolean | undefined): T {
  if (liked === undefined || liked === item.isLiked) return item;
  return { ...item, isLiked: liked, likesCount: Math.max(0, item.likesCount + (liked ? 1 : -1)) };
}

/** The post as the member should see it: the server's copy with their pending like and follow applied. */
function applyShadow(
  post: Post,
  liked: boolean | undefined,
  followed: boolean | undefined,
  isPrivate: () => boolean,
): Post {
  const view = applyLikeIntent(post, liked);
  if (followed === undefined) return view;
  const server = { ...postFollowRelation(post), followersCount: post.user.followersCount };
  const follow = applyFollowIntent(server, followed, isPrivate());
  if (follow === server) return view;
  const shown: RequestAwarePost = {
    ...view,
    isFollowed: follow.isFollowed,
    isRequested: follow.isRequested,
    user: { ...view.user, followersCount: follow.followersCount },
  };
  return shown;
}

export function usePostView(post: Post): Post {
  const queryClient = useQueryClient();
  const liked = useLikeIntent(post._id);
  const followed = useFollowIntent(post.user._id);
  return useMemo(
    () =>
      applyShadow(post, liked, followed, () => knownPrivacy(queryClient, post.user._id, post.user.isPrivate)),
    [post, liked, followed, queryClient],
  );
}
