import type { Chat, ChatParticipant, Message } from "@flik/shared";
import { isRequestFor, seenStateHiddenFrom, showsAsSeen } from "./chats.policy.js";
import type { ChatRow, MessageRow } from "./chats.queries.js";

export interface Participant {
  chatId: string;
  lastReadAt: Date;
  /** Null while the chat waits in the member's requests. */
  acceptedAt: Date | null;
  /** Where the member's history starts: what is older they cleared (null: they never did). */
  clearedAt: Date | null;
  user: { id: string; username: string; fullName: string; avatar: string };
  /** The ids of the chat's members this member blocked (whose seen state the two don't share). */
  blocks: string[];
}

/**
 * A message of spec §3 as one member (`viewerId`) sees it; `readBy` is who has seen it, from each
 * member's last-read time, as the chats policy shows it to the viewer (`showsAsSeen`: not a message
 * request's member, not a member blocked either way with the viewer).
 */
export function presentMessage(
  { message, sender }: MessageRow,
  participants: Participant[],
  viewerId: string,
): Message {
  const hidden = seenStateHiddenFrom(viewerId, participants);
  const readBy = participants.filter((p) => showsAsSeen(p, message, hidden)).map((p) => p.user.id);
  return {
    _id: message.id,
    chat: message.chatId,
    sender: { _id: sender.id, username: sender.username, avatar: sender.avatar },
    text: message.text,
    createdAt: message.createdAt.toISOString(),
    editedAt: message.editedAt?.toISOString() ?? null,
    readBy,
    clientId: message.clientId,
  };
}

const presentParticipant = ({ user }: Participant): ChatParticipant => ({
  _id: user.id,
  username: user.username,
  fullName: user.fullName,
  avatar: user.avatar,
});

/** A chat of spec §3 as one member (`viewerId`) sees it. */
export function presentChat(
  chat: ChatRow,
  viewerId: string,
  parts: { participants: Participant[]; lastMessage: MessageRow | undefined; unreadCount: number },
): Chat {
  const lastMessage = parts.lastMessage
    ? presentMessage(parts.lastMessage, parts.participants, viewerId)
    : null;
  return {
    _id: chat.id,
    participants: parts.participants.map(presentParticipant),
    isGroupChat: chat.isGroupChat,
    name: chat.name,
    lastMessage,
    unreadCount: parts.unreadCount,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: (lastMessage ? chat.lastMessageAt : chat.createdAt).toISOString(),
    isRequest: parts.participants.some((p) => p.user.id === viewerId && isRequestFor(p)),
  };
}

/**
 * A message as each of these members sees it (`presentMessage`), grouped: members shown the same
 * `readBy` share one payload, so an event about it costs one emission in a chat without a block between
 * its members, and one more for each member a block hides someone from.
 */
export function presentMessageToEach(
  row: MessageRow,
  participants: Participant[],
  memberIds: string[],
): { message: Message; memberIds: string[] }[] {
  const groups = new Map<string, { message: Message; memberIds: string[] }>();
  for (const memberId of memberIds) {
    const key = [...seenStateHiddenFrom(memberId, participants)].sort().join(" ");
    const group = groups.get(key);
    if (group) group.memberIds.push(memberId);
    else groups.set(key, { message: presentMessage(row, participants, memberId), memberIds: [memberId] });
  }
  return [...groups.values()];
}
