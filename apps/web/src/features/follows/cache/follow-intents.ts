import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { intentStorePerClient, useIntent } from "../../../lib/intent-store";

/**
 * The viewer's pending follow taps, by member id: true asks for a follow (which a private member gets as
 * a request), false takes back a follow or a request.
 */
export const getFollowIntents = intentStorePerClient<boolean>();

/** The viewer's pending follow intent for this member, if any. */
export function useFollowIntent(memberId: string): boolean | undefined {
  return useIntent(getFollowIntents(useQueryClient()), memberId);
}

/** Follow, Requested (a private member has not answered yet) or Following. */
export type FollowStatus = "none" | "requested" | "following";

export interface FollowRelation {
  isFollowed: boolean;
  isRequested: boolean;
}

export interface FollowState extends FollowRelation {
  followersCount: number;
}

export function followStatus(relation: { isFollowed: boolean; isRequested?: boolean }): FollowStatus {
  if (relation.isFollowed) return "following";
  return relation.isRequested ? "requested" : "none";
}

/** Whether the viewer follows the member or has asked to: what a tap on the button turns off. */
export function isFollowActive(relation: { isFollowed: boolean; isRequested?: boolean }): boolean {
  return relation.isFollowed || !!relation.isRequested;
}

/**
 * A post as the web app keeps it. Posts from the server never say `isRequested` (a private member's posts
 * reach their followers only); a follow answer marks one when the viewer unfollowed a private author and
 * then asked again while the post was still on screen.
 */
export type RequestAwarePost = Post & { isRequested?: boolean };

export function postFollowRelation(post: Post): FollowRelation {
  return { isFollowed: post.isFollowed, isRequested: !!(post as RequestAwarePost).isRequested };
}

/**
 * The member as the viewer should see them: the server's state with a pending tap applied. A follow of a
 * private member shows Requested and leaves the count alone; taking back a request leaves it alone too.
 */
export function applyFollowIntent(
  state: FollowState,
  wanted: boolean | undefined,
  isPrivate: boolean,
): FollowState {
  if (wanted === undefined || wanted === isFollowActive(state)) return state;
  if (!wanted) {
    const followersCount = Math.max(0, state.followersCount - (state.isFollowed ? 1 : 0));
    return { isFollowed: false, isRequested: false, followersCount };
  }
  if (isPrivate) return { isFollowed: false, isRequested: true, followersCount: state.followersCount };
  return { isFollowed: true, isRequested: false, followersCount: state.followersCount + 1 };
}
