import type { User } from "@flik/shared";
import { useCurrentUserQuery } from "../auth/api/user.queries";

/** Whether the viewer blocked this member (their account's blockedUsers). */
export function isBlockedBy(me: User | undefined, memberId: string | undefined): boolean {
  return !!memberId && !!me?.blockedUsers.some((blocked) => blocked._id === memberId);
}

/** Whether the signed-in member blocked this member, kept in step with their account. */
export function useHasBlocked(memberId: string | undefined): boolean {
  return isBlockedBy(useCurrentUserQuery(true).data, memberId);
}
