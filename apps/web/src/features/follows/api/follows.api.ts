import type {
  FollowerRemoved,
  FollowersResponse,
  FollowingResponse,
  FollowListMember,
  FollowResponse,
} from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";
import type { FollowListKind } from "./follow-keys";

export const FOLLOW_LIST_PAGE_SIZE = 20;

export function followUser(userId: string): Promise<FollowResponse> {
  return apiFetch<FollowResponse>(`/follow/${encodeURIComponent(userId)}`, { method: "POST" });
}

export function unfollowUser(userId: string): Promise<FollowResponse> {
  return apiFetch<FollowResponse>(`/unfollow/${encodeURIComponent(userId)}`, { method: "POST" });
}

/** DELETE /followers/{userId}: the member no longer follows the caller. */
export function removeFollower(userId: string): Promise<FollowerRemoved> {
  return apiFetch<FollowerRemoved>(`/followers/${encodeURIComponent(userId)}`, { method: "DELETE" });
}

export interface FollowListPage {
  members: FollowListMember[];
  nextCursor: string | null;
}

/** GET /followers/{userId} or GET /following/{userId}, one page. */
export async function fetchFollowList(
  kind: FollowListKind,
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FollowListPage> {
  const query = new URLSearchParams({ limit: String(FOLLOW_LIST_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  const path = `/${kind}/${encodeURIComponent(userId)}?${query}`;
  const answer = await apiFetch<Partial<FollowersResponse & FollowingResponse>>(path, { signal });
  return {
    members: (kind === "followers" ? answer.followers : answer.following) ?? [],
    nextCursor: answer.nextCursor ?? null,
  };
}
