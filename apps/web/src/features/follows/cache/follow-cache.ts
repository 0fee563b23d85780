import { canSeeContentOf, type FollowResponse, type User } from "@flik/shared";
import type { QueryClient } from "@tanstack/react-query";
import { getUserId } from "../../../lib/storage";
import { userKeys } from "../../auth/api/user-keys";
import { findCachedPostByAuthor, patchPostsByAuthor } from "../../posts/cache/post-cache";
import { profileKeys } from "../../profile/api/profile-keys";
import { findProfileMember, patchProfileMember } from "../../profile/cache/profile-cache";
import { followKeys } from "../api/follow-keys";

/** What the server last said about the viewer following this member, from any cached copy. */
export function cachedFollowState(queryClient: QueryClient, userId: string): boolean | undefined {
  return (
    findProfileMember(queryClient, userId)?.isFollowed ??
    findCachedPostByAuthor(queryClient, userId)?.isFollowed
  );
}

function withFollowing(
  me: User | undefined,
  userId: string,
  followed: boolean,
  changed: boolean,
): User | undefined {
  if (!me) return me;
  const following = followed
    ? [userId, ...me.following.filter((id) => id !== userId)]
    : me.following.filter((id) => id !== userId);
  const followingCount = Math.max(0, me.followingCount + (changed ? (followed ? 1 : -1) : 0));
  return { ...me, following, followingCount };
}

/** Spreads the server's answer to a follow or unfollow to every screen that shows either member. */
export function applyFollowAnswer(queryClient: QueryClient, userId: string, answer: FollowResponse): void {
  const { isFollowed, followersCount } = answer;
  const me = queryClient.getQueryData<User>(userKeys.me());
  // The member's own profile or posts say it for sure; the account's following list holds only the
  // newest followings (FOLLOW_IDS_LISTED), so it is asked last.
  const wasFollowed = cachedFollowState(queryClient, userId) ?? me?.following.includes(userId);
  const member = findProfileMember(queryClient, userId);

  patchPostsByAuthor(queryClient, userId, (post) => ({
    ...post,
    isFollowed,
    user: { ...post.user, followersCount },
  }));
  patchProfileMember(
    queryClient,
    (profile) => profile._id === userId,
    (profile) => ({ ...profile, isFollowed, followersCount }),
  );
  const changed = wasFollowed !== undefined && wasFollowed !== isFollowed;
  queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (cached) =>
    withFollowing(cached, userId, isFollowed, changed),
  );

  const myId = me?.id ?? getUserId();
  if (changed && myId) {
    patchProfileMember(
      queryClient,
      (profile) => profile._id === myId,
      (profile) => ({
        ...profile,
        followingCount: Math.max(0, profile.followingCount + (isFollowed ? 1 : -1)),
      }),
    );
  }
  // When the follow changes what the viewer may see (a private member), the posts come or go with it.
  if (member) {
    const sawBefore = canSeeContentOf(member, { isSelf: false, isFollower: member.isFollowed });
    const seesNow = canSeeContentOf(member, { isSelf: false, isFollower: isFollowed });
    if (sawBefore !== seesNow)
      void queryClient.invalidateQueries({ queryKey: profileKeys.page(member.username) });
  }
  void queryClient.invalidateQueries({ queryKey: followKeys.all });
}
