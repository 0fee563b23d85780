import type { Post } from "@flik/shared";
import { useCallback } from "react";
import { useToggleFollowMember } from "../../follows/hooks/use-toggle-follow-member";

/** Follow/unfollow a post's author, shown at once on every post by them. `post` is the cache's copy. */
export function useToggleFollow(): (post: Post) => void {
  const toggle = useToggleFollowMember();
  return useCallback((post: Post) => toggle(post.user._id, post.isFollowed), [toggle]);
}
