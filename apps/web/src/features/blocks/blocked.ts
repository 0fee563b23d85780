import type { BlockedUser, User } from "@flik/shared";
import { useCurrentUserQuery } from "../auth/api/user.queries";

/** Whether the viewer blocked this member (their account's blockedUsers). */
export function isBlockedBy(me: User | undefined, memberId: string | undefined): boolean {
  return !!memberId && !!me?.blockedUsers.some((blocked) => blocked._id === memberId);
}

/** Whether the signed-in member blocked this member, kept in step with their account. */
export function useHasBlocked(memberId: string | undefined): boolean {
  return isBlockedBy(useCurrentUserQuery(true).data, memberId);
}

/**
 * The member the signed-in member blocked, named by their id, or by their username while the id is not
 * known (the server answers 404 for them as for nobody): the viewer's own account says why. A member
 * loaded under that username with another id is someone else (a name given up and taken).
 */
export function blockedByMe(
  me: User | undefined,
  member: { id?: string | undefined; username: string },
): BlockedUser | undefined {
  const username = member.username.toLowerCase();
  return me?.blockedUsers.find((blocked) =>
    member.id ? blocked._id === member.id : blocked.username === username,
  );
}
