import { useQueryClient } from "@tanstack/react-query";
import { intentStorePerClient, useIntent } from "../../../lib/intent-store";

/** The viewer's pending follows and unfollows, by member id. */
export const getFollowIntents = intentStorePerClient<boolean>();

/** The viewer's pending follow intent for this member, if any. */
export function useFollowIntent(memberId: string): boolean | undefined {
  return useIntent(getFollowIntents(useQueryClient()), memberId);
}

export interface FollowState {
  isFollowed: boolean;
  followersCount: number;
}

/** The member as the viewer should see them: the server's follow state with a pending tap applied. */
export function applyFollowIntent(state: FollowState, followed: boolean | undefined): FollowState {
  if (followed === undefined || followed === state.isFollowed) return state;
  return { isFollowed: followed, followersCount: Math.max(0, state.followersCount + (followed ? 1 : -1)) };
}
