import type { BlockResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

/** POST /user/block: answers the member as they now are (their blockedUsers include the new one). */
export function blockMember(userId: string): Promise<BlockResponse> {
  return apiFetch<BlockResponse>("/user/block", { method: "POST", body: { userId } });
}
