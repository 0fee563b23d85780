import type { FollowRequestAccepted, FollowRequestsPage, MessageResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export const FOLLOW_REQUESTS_PAGE_SIZE = 20;

/** GET /follow-requests: the member's incoming requests, newest first, a page at a time. */
export function fetchFollowRequests(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FollowRequestsPage> {
  const query = new URLSearchParams({ limit: String(FOLLOW_REQUESTS_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<FollowRequestsPage>(`/follow-requests?${query}`, { signal });
}

/** The request becomes a follow; the answer has the member's new follower count. */
export function acceptFollowRequest(userId: string): Promise<FollowRequestAccepted> {
  return apiFetch(`/follow-requests/${encodeURIComponent(userId)}/accept`, { method: "POST" });
}

export function declineFollowRequest(userId: string): Promise<MessageResponse> {
  return apiFetch(`/follow-requests/${encodeURIComponent(userId)}/decline`, { method: "POST" });
}
