import type {
  Chat,
  ChatResponse,
  ChatsResponse,
  Message,
  MessageEnvelope,
  MessageResponse,
  MessagesPage,
  UnreadCountResponse,
  UserSearchResult,
  UsersResponse,
} from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

export const MESSAGES_PAGE_SIZE = 30;

const chatPath = (id: string) => `/chats/${encodeURIComponent(id)}`;
const messagePath = (id: string) => `/messages/${encodeURIComponent(id)}`;

export async function fetchChats(signal?: AbortSignal): Promise<Chat[]> {
  const { chats } = await apiFetch<ChatsResponse>("/chats", { signal });
  return chats;
}

/** The one-to-one chat with `userId` (the existing one if there is one). */
export async function openDirectChat(userId: string): Promise<Chat> {
  const { chat } = await apiFetch<ChatResponse>("/chats", { method: "POST", body: { userId } });
  return chat;
}

export async function createGroupChat(name: string, userIds: string[]): Promise<Chat> {
  const { chat } = await apiFetch<ChatResponse>("/chats", { method: "POST", body: { userIds, name } });
  return chat;
}

/** Accepts a message request (issue 16): the chat joins the member's inbox. */
export async function acceptChatRequest(id: string): Promise<Chat> {
  const { chat } = await apiFetch<ChatResponse>(`${chatPath(id)}/accept`, { method: "POST" });
  return chat;
}

export function deleteChat(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(chatPath(id), { method: "DELETE" });
}

/** Leaves a group (an extension): its messages stop reaching the member. */
export function leaveGroup(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`${chatPath(id)}/leave`, { method: "POST" });
}

/** Renames a group (an extension): any member may, as on Instagram. */
export async function renameGroup(id: string, name: string): Promise<Chat> {
  const { chat } = await apiFetch<ChatResponse>(chatPath(id), { method: "PATCH", body: { name } });
  return chat;
}

export function fetchMessagesPage(
  chatId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const query = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return apiFetch<MessagesPage>(`${chatPath(chatId)}/messages?${query}`, { signal });
}

export async function postMessage(chatId: string, text: string, clientId: string): Promise<Message> {
  const { message } = await apiFetch<MessageEnvelope>(`${chatPath(chatId)}/messages`, {
    method: "POST",
    body: { text, clientId },
  });
  return message;
}

export function markChatSeen(chatId: string): Promise<{ message: string; seenAt: string }> {
  return apiFetch(`${messagePath(chatId)}/mark-seen`, { method: "PUT" });
}

export async function putMessage(id: string, text: string): Promise<Message> {
  const { message } = await apiFetch<MessageEnvelope>(messagePath(id), { method: "PUT", body: { text } });
  return message;
}

export function removeMessage(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(messagePath(id), { method: "DELETE" });
}

export async function fetchUnreadCount(): Promise<number> {
  const { count } = await apiFetch<UnreadCountResponse>("/messages/unread-count");
  return count;
}

/** One page of members matching `q`; `cursor` is the page before's `nextCursor` (the server pages them). */
export async function searchUsers(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ users: UserSearchResult[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ q });
  if (cursor) query.set("cursor", cursor);
  const { users, nextCursor = null } = await apiFetch<UsersResponse>(`/user/search?${query}`, { signal });
  return { users, nextCursor };
}
