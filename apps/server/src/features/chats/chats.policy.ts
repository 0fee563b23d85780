import { canReach, type RelatedMember } from "../users/users.policy.js";

/** Who may read and write a chat, start one, and change a message. */

/** Only members read or write a chat; to anyone else it does not exist. `member`: the viewer's row in it. */
export function canUseChat(member: { userId: string } | undefined): boolean {
  return member !== undefined;
}

/** A chat is between members; nobody starts one with themselves alone. */
export function canStartChatWith(viewerId: string, memberId: string): boolean {
  return memberId !== viewerId;
}

/**
 * Nobody starts a chat (one-to-one or a group) with a member they blocked or who blocked them: the
 * users policy's `canReach`, from the relation loaded with each member.
 */
export function canMessage(viewerId: string, member: RelatedMember): boolean {
  return canReach(viewerId, member, member.relation);
}

/**
 * A one-to-one chat between two members where either blocked the other stays readable to both and
 * takes no new or changed messages (`blocked`, loaded with the membership). Groups are not closed by a
 * block between two of their members.
 */
export function canWriteIn(membership: { blocked: boolean }): boolean {
  return !membership.blocked;
}

/** Only the sender edits or deletes a message. */
export function canChangeMessage(viewerId: string, message: { senderId: string }): boolean {
  return message.senderId === viewerId;
}

export const cantMessage = "You can't message this account";
