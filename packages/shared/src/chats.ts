import { z } from "zod";
import {
  CHAT_NAME_MAX_LENGTH,
  CHAT_SEARCH_MAX_LENGTH,
  GROUP_CHAT_MAX_MEMBERS,
  MESSAGE_MAX_LENGTH,
} from "./constants.js";
import { memberIdSchema, memberIdsSchema } from "./ids.js";
import { cursorParam, limitParam } from "./paging.js";
import { textSchema } from "./text.js";
import { hasVisibleText, oneLineName, withoutControlCharacters } from "./text-input.js";

export interface ChatParticipant {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
}

/** Message of spec §3. */
export interface Message {
  _id: string;
  /** The chat's id. */
  chat: string;
  sender: { _id: string; username: string; avatar: string };
  text: string;
  createdAt: string;
  /** When the sender last edited it; null if never. */
  editedAt: string | null;
  /** Members who have seen it (the sender always has). */
  readBy: string[];
  /** The sender's temporary id, so their client can replace its temporary message (spec §4). */
  clientId: string | null;
}

/** Chat of spec §3, as one member sees it. */
export interface Chat {
  _id: string;
  /** Every member, the viewer included. */
  participants: ChatParticipant[];
  isGroupChat: boolean;
  /** A group's name; empty for one-to-one chats, whose name is the other member's. */
  name: string;
  lastMessage: Message | null;
  /** Messages from others the viewer has not seen (spec §4 Chat unread). */
  unreadCount: number;
  createdAt: string;
  /** The last message's time, or the creation time: the list is sorted by it, newest first. */
  updatedAt: string;
  /**
   * The chat waits in the viewer's message requests: started by someone they don't follow, not
   * accepted yet (issue 16). Its messages don't count in the unread badge and presence isn't shared.
   */
  isRequest: boolean;
}

export interface ChatsResponse {
  chats: Chat[];
}
export interface ChatResponse {
  chat: Chat;
}
export interface MessagesPage {
  /** Oldest first within the page; `nextCursor` pages back to older messages. */
  messages: Message[];
  nextCursor: string | null;
}
export interface MessageEnvelope {
  message: Message;
}
export interface UnreadCountResponse {
  count: number;
}

/** A group's name, as it is made (POST /chats) and renamed (PATCH /chats/{id}): one rule for both. */
export const groupNameSchema = textSchema("Group name is required")
  // A name is one line: the chat list and header show it on one. Made so before the length is
  // measured: what is stripped does not count against the limit.
  .overwrite(oneLineName)
  .min(1, "Group name is required")
  .max(CHAT_NAME_MAX_LENGTH, `Group name is at most ${CHAT_NAME_MAX_LENGTH} characters`)
  .refine(hasVisibleText, "Group name is required");

/**
 * POST /chats. Spec §7 has `userId` (a one-to-one chat, the existing one if there is one); a group chat
 * (spec §3 isGroupChat) is made with `userIds` and a `name`.
 */
export const createChatBody = z
  .object({
    userId: memberIdSchema("userId").optional(),
    userIds: memberIdsSchema("userIds")
      .min(2, "A group needs at least two other members")
      .max(GROUP_CHAT_MAX_MEMBERS - 1, `A group has at most ${GROUP_CHAT_MAX_MEMBERS} members`)
      .optional(),
    name: groupNameSchema.optional(),
  })
  // Checked field by field first, so a wrong member list or name gets its own message.
  .refine((body) => (body.userId === undefined) !== (body.userIds === undefined), {
    message: "Send a userId for a one-to-one chat, or userIds and a name for a group",
  })
  .refine((body) => body.userIds === undefined || body.name !== undefined, {
    message: "Group name is required",
    path: ["name"],
  });
export type CreateChatBody = z.input<typeof createChatBody>;

/** PATCH /chats/{id} (an extension): any member of a group renames it, as on Instagram. */
export const renameChatBody = z.object({ name: groupNameSchema });
export type RenameChatBody = z.input<typeof renameChatBody>;

const messageText = textSchema("Message text is required")
  .overwrite(withoutControlCharacters)
  .trim()
  .min(1, "Message cannot be empty")
  .max(MESSAGE_MAX_LENGTH, `Message is at most ${MESSAGE_MAX_LENGTH} characters`)
  .refine(hasVisibleText, "Message cannot be empty");

/** POST /chats/{id}/messages and the sendMessage event. */
export const sendMessageBody = z.object({
  text: messageText,
  clientId: textSchema()
    .trim()
    .min(1, "clientId cannot be empty")
    .max(64, "clientId is at most 64 characters")
    .optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** PUT /messages/{id}. */
export const editMessageBody = z.object({ text: messageText });
export type EditMessageBody = z.input<typeof editMessageBody>;

/**
 * What a member search looks for: the text without the "@" a username is often written with, so "@maya"
 * finds maya first, as "maya" does.
 */
export const memberSearchTerm = (text: string) => text.trim().replace(/^@+/, "").trim();

/** A member search's text, named `name`: blank, or an "@" alone, searches nothing. */
const memberSearchText = (name: string) =>
  textSchema(`${name} is required`)
    .trim()
    .max(CHAT_SEARCH_MAX_LENGTH, `${name} is at most ${CHAT_SEARCH_MAX_LENGTH} characters`)
    .transform(memberSearchTerm)
    .pipe(z.string().min(1, "Type something to search"));
const memberSearchPage = {
  limit: limitParam(20, 10),
  /** The `nextCursor` of the page before (issue 18: member search is paged). */
  cursor: cursorParam,
};

/** GET /user/search?q= (spec §7): members by username or full name. */
export const userSearchQuery = z.object({ q: memberSearchText("q"), ...memberSearchPage });

/** GET /auth?search= (spec §7): the same member search as GET /user/search, its text named `search`. */
export const authSearchQuery = z.object({
  search: memberSearchText("search"),
  ...memberSearchPage,
});
export interface UserSearchResult {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
}
export interface UsersResponse {
  users: UserSearchResult[];
  /** A member search's next page (issue 18), or null at its end. */
  nextCursor?: string | null;
}

/** Spec §5: the chat screen's user search runs at any non-blank text. */
export const isChatSearchable = (text: string) => memberSearchTerm(text).length > 0;

/** The name a chat shows to a member: the group's name, else the other member's username. */
export function chatTitle(chat: Pick<Chat, "isGroupChat" | "name" | "participants">, viewerId: string) {
  if (chat.isGroupChat) return chat.name;
  return chat.participants.find((p) => p._id !== viewerId)?.username ?? chat.participants[0]?.username ?? "";
}
