import type { Chat, ChatParticipant, Message } from "@flik/shared";
import { isRequestFor } from "./chats.policy.js";
import type { ChatRow, MessageRow } from "./chats.queries.js";

export interface Participant {
  chatId: string;
  lastReadAt: Date;
  /** Null while the chat waits in the member's requests. */
  acceptedAt: Date | null;
  user: { id: string; username: string; fullName: string; avatar: string };
}

/**
 * A message of spec §3; `readBy` is who has seen it, from each member's last-read time. A member who has
 * not accepted the chat (a message request) is never shown as having seen it: reading a request tells
 * the sender nothing.
 */
export function presentMessage({ message, sender }: MessageRow, participants: Participant[]): Message {
  const readBy = participants
    .filter(
      (p) => p.user.id === message.senderId || (p.acceptedAt !== null && p.lastReadAt >= message.createdAt),
    )
    .map((p) => p.user.id);
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
  const lastMessage = parts.lastMessage ? presentMessage(parts.lastMessage, parts.participants) : null;
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
