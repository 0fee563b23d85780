import { canSeeContentOf, type FollowListMember, type FollowResponse, type User } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { getUserId } from "../../../lib/storage";
import { userKeys } from "../../auth/api/user-keys";
import { flickKeys } from "../../flicks/api/flick-keys";
import { postKeys } from "../../posts/api/post-keys";
import {
  findCachedPostByAuthor,
  patchPostsByAuthor,
  removeCachedPostsByAuthor,
} from "../../posts/cache/post-cache";
import { profileKeys } from "../../profile/api/profile-keys";
import { findProfileMember, patchProfileMember } from "../../profile/cache/profile-cache";
import { storyKeys } from "../../stories/api/story-keys";
import { removeProfileStoriesOf } from "../../stories/cache/stories-cache";
import { followKeys } from "../api/follow-keys";
import type { FollowListPage } from "../api/follows.api";
import { type FollowRelation, postFollowRelation, type RequestAwarePost } from "./follow-intents";

type FollowLists = InfiniteData<FollowListPage, string | null>;

function findFollowListMember(queryClient: QueryClient, userId: string): FollowListMember | undefined {
  for (const [, data] of queryClient.getQueriesData<FollowLists>({ queryKey: followKeys.all })) {
    for (const page of data?.pages ?? []) {
      const member = page.members.find((candidate) => candidate._id === userId);
      if (member) return member;
    }
  }
  return undefined;
}

/** Applies `update` to this member's row in every loaded followers and following list. */
export function patchFollowListMember(
  queryClient: QueryClient,
  userId: string,
  update: (member: FollowListMember) => FollowListMember,
): void {
  queryClient.setQueriesData<FollowLists>({ queryKey: followKeys.all }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.members.some((member) => member._id === userId)) return page;
      changed = true;
      return {
        ...page,
        members: page.members.map((member) => (member._id === userId ? update(member) : member)),
      };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** Takes this member's row out of one loaded list (a follower the member removed). */
export function withoutFollowListMember(
  queryClient: QueryClient,
  key: readonly unknown[],
  userId: string,
): void {
  queryClient.setQueryData<FollowLists>(key, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            members: page.members.filter((member) => member._id !== userId),
          })),
        }
      : data,
  );
}

/** What the server last said about the viewer following this member, from any cached copy. */
export function cachedFollowRelation(queryClient: QueryClient, userId: string): FollowRelation | undefined {
  const member = findProfileMember(queryClient, userId);
  if (member) return { isFollowed: member.isFollowed, isRequested: !!member.isRequested };
  const post = findCachedPostByAuthor(queryClient, userId);
  if (post) return postFollowRelation(post);
  const listed = findFollowListMember(queryClient, userId);
  if (listed) return { isFollowed: listed.isFollowed, isRequested: !!listed.isRequested };
  return undefined;
}

/**
 * Whether a follow of this member becomes a request: their loaded profile says so first (the freshest),
 * else what the caller read with them (a post's author, a row of a list), else a pending request. Unknown
 * counts as public: the button shows Following at once and the server's answer turns it into Requested.
 */
export function knownPrivacy(queryClient: QueryClient, userId: string, shownWith?: boolean): boolean {
  const member = findProfileMember(queryClient, userId);
  if (member) return member.isPrivate;
  return shownWith ?? !!cachedFollowRelation(queryClient, userId)?.isRequested;
}

/** A newest-first list of follow ids with `id` at its head (`listed`) or left out. */
function withId(ids: string[], id: string, listed: boolean): string[] {
  const others = ids.filter((other) => other !== id);
  return listed ? [id, ...others] : others;
}

function withFollowing(
  me: User | undefined,
  userId: string,
  followed: boolean,
  changed: boolean,
): User | undefined {
  if (!me) return me;
  const following = withId(me.following, userId, followed);
  const followingCount = Math.max(0, me.followingCount + (changed ? (followed ? 1 : -1) : 0));
  return { ...me, following, followingCount };
}

/**
 * Takes a private member's posts out of every list (she removed the viewer as a follower); true if she
 * is private. The removal says so (`isPrivate`); a cached copy, when it does not, may be older. Flicks
 * not on screen are let go, to be read afresh: an open flicks screen takes hers out itself.
 */
export function dropPostsOfPrivateMember(
  queryClient: QueryClient,
  userId: string,
  isPrivate?: boolean,
): boolean {
  const hidden =
    isPrivate ??
    findProfileMember(queryClient, userId)?.isPrivate ??
    findCachedPostByAuthor(queryClient, userId)?.user.isPrivate;
  if (!hidden) return false;
  removeCachedPostsByAuthor(queryClient, userId);
  queryClient.removeQueries({ queryKey: flickKeys.all, type: "inactive" });
  return true;
}

/** Spreads the server's answer to a follow or unfollow to every screen that shows either member. */
export function applyFollowAnswer(queryClient: QueryClient, userId: string, answer: FollowResponse): void {
  const { isFollowed, followersCount } = answer;
  const isRequested = !isFollowed && !!answer.isRequested;
  const me = queryClient.getQueryData<User>(userKeys.me());
  // The member's own profile or posts say it for sure; the account's following list holds only the
  // newest followings (FOLLOW_IDS_LISTED), so it is asked last.
  const wasFollowed = cachedFollowRelation(queryClient, userId)?.isFollowed ?? me?.following.includes(userId);
  const member = findProfileMember(queryClient, userId);
  const myId = me?.id ?? getUserId();

  patchPostsByAuthor(queryClient, userId, (post) => {
    const next: RequestAwarePost = {
      ...post,
      isFollowed,
      isRequested,
      user: { ...post.user, followersCount },
    };
    return next;
  });
  patchProfileMember(
    queryClient,
    (profile) => profile._id === userId,
    (profile) => ({
      ...profile,
      isFollowed,
      isRequested,
      followersCount,
      followers: myId ? withId(profile.followers, myId, isFollowed) : profile.followers,
    }),
  );
  patchFollowListMember(queryClient, userId, (row) => ({ ...row, isFollowed, isRequested }));
  const changed = wasFollowed !== undefined && wasFollowed !== isFollowed;
  queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (cached) =>
    withFollowing(cached, userId, isFollowed, changed),
  );

  if (changed && myId) {
    patchProfileMember(
      queryClient,
      (profile) => profile._id === myId,
      (profile) => ({
        ...profile,
        following: withId(profile.following, userId, isFollowed),
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
  // The stories strip holds the members one follows: theirs come with a follow and go with an unfollow.
  if (wasFollowed !== isFollowed) void queryClient.invalidateQueries({ queryKey: storyKeys.tray() });
  // The home feed is the posts of the members one follows: after a follow it is read afresh the next
  // time it shows (a newcomer's first follows fill an empty feed). Let go, not marked stale: any patch of
  // its posts (this answer's live echo, a like) would clear the mark. An open feed keeps its place.
  if (isFollowed) queryClient.removeQueries({ queryKey: postKeys.feed(), type: "inactive" });
  // Who is on which follow list changed (the viewer's Following, the member's followers): read when next
  // opened. An open one keeps its rows, patched above; read again now, every page a member scrolled
  // through a celebrity's followers would reload on each Follow tapped there.
  void queryClient.invalidateQueries({ queryKey: followKeys.all, refetchType: "none" });
}

/**
 * A member made their account private or public (memberPrivacyChanged): every copy of them says so (a
 * follower's Following then asks before an unfollow, spec §10), and where that changes what the viewer may
 * see, their profile is read again; a stranger's lists drop their posts and stories at once.
 */
export function applyPrivacyChange(queryClient: QueryClient, userId: string, isPrivate: boolean): void {
  if (userId === getUserId()) return;
  const member = findProfileMember(queryClient, userId);
  const relation = cachedFollowRelation(queryClient, userId);
  const isFollower = relation?.isFollowed ?? false;
  patchProfileMember(
    queryClient,
    (profile) => profile._id === userId,
    (profile) => ({ ...profile, isPrivate }),
  );
  patchPostsByAuthor(queryClient, userId, (post) => ({ ...post, user: { ...post.user, isPrivate } }));
  patchFollowListMember(queryClient, userId, (row) => ({ ...row, isPrivate }));
  if (isPrivate && !isFollower) {
    removeCachedPostsByAuthor(queryClient, userId);
    removeProfileStoriesOf(queryClient, userId);
    // Her reels too, where reels were read (their code loaded then): at once when the viewer is known
    // not to follow her (read before her posts went, above); reels alone do not say whether the viewer
    // follows her, so otherwise the server is asked again.
    if (queryClient.getQueryCache().findAll({ queryKey: flickKeys.all }).length > 0)
      void import("../../flicks/cache/flick-cache").then(({ dropReelsOfPrivateMember }) =>
        dropReelsOfPrivateMember(queryClient, userId, relation !== undefined),
      );
  }
  // Only a stranger's view turns (locked or open); a follower sees the same posts either way. Opened,
  // her ring comes back too (dropped as none while she was private, it would otherwise wait a minute).
  if (member && !isFollower && member.isPrivate !== isPrivate) {
    void queryClient.invalidateQueries({ queryKey: profileKeys.page(member.username) });
    if (!isPrivate) void queryClient.invalidateQueries({ queryKey: storyKeys.member(member.username) });
  }
}

/**
 * Someone followed or unfollowed the signed-in member (postFollowed): their follower count and newest
 * followers wherever their own profile and account show them.
 */
export function applyFollowerChange(
  queryClient: QueryClient,
  myId: string,
  change: { followerId: string; isFollowed: boolean; followersCount: number },
): void {
  const { followerId, isFollowed, followersCount } = change;
  patchProfileMember(
    queryClient,
    (profile) => profile._id === myId,
    (profile) => ({
      ...profile,
      followersCount,
      followers: withId(profile.followers, followerId, isFollowed),
    }),
  );
  queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (me) =>
    me ? { ...me, followersCount, followers: withId(me.followers, followerId, isFollowed) } : me,
  );
  // An open followers list: one who left leaves it; a newcomer comes in when it is next read (marked
  // stale, not read again at once: a popular member's list would reload on every follow).
  if (isFollowed)
    void queryClient.invalidateQueries({ queryKey: followKeys.list("followers", myId), refetchType: "none" });
  else withoutFollowListMember(queryClient, followKeys.list("followers", myId), followerId);
}

/**
 * A private member accepted the viewer's request (a live follow_accepted notification): the viewer now
 * follows them, so their profile shows Following and, reloaded, their posts.
 */
export function applyFollowAccepted(queryClient: QueryClient, userId: string): void {
  const relation = cachedFollowRelation(queryClient, userId);
  if (relation?.isFollowed) return;
  const known =
    findProfileMember(queryClient, userId)?.followersCount ??
    findCachedPostByAuthor(queryClient, userId)?.user.followersCount;
  applyFollowAnswer(queryClient, userId, {
    isFollowed: true,
    isRequested: false,
    followersCount: (known ?? 0) + 1,
  });
}
