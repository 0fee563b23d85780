import type { FollowResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export function followUser(userId: string): Promise<FollowResponse> {
  return apiFetch<FollowResponse>(`/follow/${encodeURIComponent(userId)}`, { method: "POST" });
}

export function unfollowUser(userId: string): Promise<FollowResponse> {
  return apiFetch<FollowResponse>(`/unfollow/${encodeURIComponent(userId)}`, { method: "POST" });
}
