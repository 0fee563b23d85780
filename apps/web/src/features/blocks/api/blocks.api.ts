import type { BlockResponse, MessageResponse, UserResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

/** POST /user/block: answers the member as they now are (their blockedUsers include the new one). */
export function blockMember(userId: string): Promise<BlockResponse> {
  return apiFetch<BlockResponse>("/user/block", { method: "POST", body: { userId } });
}

/** PUT /user/unblock (spec §7): answers the member as they now are, without the unblocked one. */
export function unblockMember(userId: string): Promise<MessageResponse & UserResponse> {
  return apiFetch<MessageResponse & UserResponse>("/user/unblock", { method: "PUT", body: { userId } });
}
