import type { MessagesFrom } from "@flik/shared";
import { and, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { chats } from "../../db/schema.js";
import { blockedAmong, canReach, type RelatedMember } from "../users/users.policy.js";

/** Who may read and write a chat, start one, and change a message. */

/** Only members read or write a chat; to anyone else it does not exist. `member`: the viewer's row in it. */
export function canUseChat(member: { userId: string } | undefined): boolean {
  return member !== undefined;
}

/** A chat is between members; nobody starts one with themselves alone. */
export function canStartChatWith(viewerId: string, memberId: string): boolean {
  return memberId !== viewerId;
}

/** A member someone wants to message: their setting, and whether they follow that someone. */
export type Recipient = RelatedMember & { messagesFrom: MessagesFrom; followsViewer: boolean };

/**
 * Nobody starts a chat (one-to-one or a group) with a member they blocked or who blocked them (the
 * users policy's `canReach`), nor with a member who takes messages only from people they follow and
 * does not follow them, unless that member accepted a chat with them already (`acceptedChat`: opening
 * it again is no new request).
 */
export function canMessage(viewerId: string, member: Recipient, acceptedChat = false): boolean {
  return canReach(viewerId, member, member.relation) && (acceptedChat || acceptsMessagesFrom(member));
}

/**
 * Why `canMessage` refused: a block is not told apart from anything else (the blocked member is not told).
 * Among a new group's members (`named`), one who takes messages only from people they follow is named,
 * or the creator would have to guess which; one blocked either way never is (a blocked member would
 * learn who blocked them, and her name as it is now).
 */
export function cantMessageReason(
  viewerId: string,
  member: Recipient & { username: string },
  { named = false } = {},
): string {
  if (!canReach(viewerId, member, member.relation)) return cantMessage;
  return named ? `@${member.username} only accepts messages from people they follow` : onlyFromFollowed;
}

function acceptsMessagesFrom(member: { messagesFrom: MessagesFrom; followsViewer: boolean }) {
  return member.messagesFrom === "everyone" || member.followsViewer;
}

/**
 * A chat someone starts with a member waits in the member's message requests unless the member
 * follows them; the one who starts it has accepted it.
 */
export function startsAccepted(member: { followsViewer: boolean }): boolean {
  return member.followsViewer;
}

/**
 * A one-to-one chat between two members where either blocked the other stays readable to both and
 * takes no new or changed messages (`blocked`, loaded with the membership); nor does a request the
 * other member has not accepted once they take messages only from people they follow and don't follow
 * the writer (`refused`). Groups are closed by neither. A sender may still unsend their own messages in
 * either: what is closed is what comes next, not the taking back of what was sent.
 */
export function canWriteIn(membership: { blocked: boolean; refused: boolean }): boolean {
  return !membership.blocked && !membership.refused;
}

/** Why `canWriteIn` refused. */
export function cantWriteReason(membership: { blocked: boolean }): string {
  return membership.blocked ? cantMessage : onlyFromFollowed;
}

/**
 * Only a member the chat waits for (a request) accepts it; accepting twice changes nothing.
 * Presence and seen state are shared only between members who both accepted a chat.
 */
export function isRequestFor(member: { acceptedAt: Date | null }): boolean {
  return member.acceptedAt === null;
}

const nobody: ReadonlySet<string> = new Set();

/**
 * Whose seen state (a message's `readBy`) the viewer sees in a chat: every member's but those blocked
 * either way with the viewer (the users policy), as in a group the two still share. Each member comes
 * with the ids of the chat's members they blocked (`blocks`, loaded with the chat's members).
 */
export function seenStateHiddenFrom(
  viewerId: string,
  members: readonly { user: { id: string }; blocks: readonly string[] }[],
): ReadonlySet<string> {
  if (!members.some((member) => member.blocks.length > 0)) return nobody;
  return blockedAmong(
    viewerId,
    members.map((member) => ({ id: member.user.id, blocks: member.blocks })),
  );
}

/**
 * Whether the viewer is shown that `reader` has seen a message: its sender has, and a member who
 * accepted the chat (reading a message request tells the sender nothing) once they read up to it;
 * never a member blocked either way with the viewer (`hidden`, from `seenStateHiddenFrom`).
 */
export function showsAsSeen(
  reader: { user: { id: string }; acceptedAt: Date | null; lastReadAt: Date },
  message: { senderId: string; createdAt: Date },
  hidden: ReadonlySet<string>,
): boolean {
  if (hidden.has(reader.user.id)) return false;
  return (
    reader.user.id === message.senderId || (!isRequestFor(reader) && reader.lastReadAt >= message.createdAt)
  );
}

/**
 * Whether the member still has the message: one they cleared (deleting the chat clears its history for
 * them, spec §2) is gone for them, and no later edit or delete of it reaches them. The SQL twin of this
 * is chats.queries' `keptFor`.
 */
export function keepsMessage(member: { clearedAt: Date | null }, message: { createdAt: Date }): boolean {
  return member.clearedAt === null || message.createdAt > member.clearedAt;
}

/** Only a group is left; a one-to-one chat is deleted from one's list instead. */
export function canLeave(chat: { isGroupChat: boolean }): boolean {
  return chat.isGroupChat;
}

/**
 * Any member of a group renames it, as on Instagram (the caller's membership is `canUseChat`'s to say);
 * a one-to-one chat has no name of its own: it shows the other member's.
 */
export function canRename(chat: { isGroupChat: boolean }): boolean {
  return chat.isGroupChat;
}

/** A member a group still waits for (a request) renames it for no one: accepted first, as on Instagram. */
export function canRenameAs(member: { acceptedAt: Date | null }): boolean {
  return !isRequestFor(member);
}

/** Only the sender edits or deletes a message. */
export function canChangeMessage(viewerId: string, message: { senderId: string }): boolean {
  return message.senderId === viewerId;
}

export const cantMessage = "You can't message this account";
export const onlyFromFollowed = "This account only accepts messages from people it follows";

/**
 * Whether the member in `member` has not been reached by the chat yet: the other member of a one-to-one
 * chat without a message, who has not opened it themselves (`restoreChat`, `acceptChat`). A one-to-one
 * chat reaches them with its first message (spec §10); `chats.queries`' `insertChat` says how it is kept
 * from them until then. Needs `chats`.
 */
export function notReached(member: { clearedAt: AnyPgColumn }) {
  return and(
    isNotNull(member.clearedAt),
    lt(member.clearedAt, chats.createdAt),
    lt(chats.lastMessageAt, chats.createdAt),
  ) as SQL;
}

/**
 * Whether the member in `member` has the chat: every member of it, but one it has not reached yet. Needs
 * `chats`. Whatever reads a member's chats asks it (their data export too).
 */
export const reached = (member: { clearedAt: AnyPgColumn }) =>
  sql<boolean>`not ${notReached(member)}`.mapWith(Boolean);
