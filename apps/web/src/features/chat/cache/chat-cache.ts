import type { Chat, Message, MessagesPage } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { chatKeys } from "../api/chat-keys";

export type MessagesData = InfiniteData<MessagesPage>;

const byActivity = (a: Chat, b: Chat) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0);

export function findCachedChat(queryClient: QueryClient, chatId: string): Chat | undefined {
  return queryClient.getQueryData<Chat[]>(chatKeys.list())?.find((chat) => chat._id === chatId);
}

/** Adds or replaces a chat, keeping the list newest activity first. */
export function upsertChat(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) =>
    chats ? [chat, ...chats.filter((c) => c._id !== chat._id)].sort(byActivity) : chats,
  );
}

export function patchChat(queryClient: QueryClient, chatId: string, patch: (chat: Chat) => Chat): void {
  queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) =>
    chats?.map((chat) => (chat._id === chatId ? patch(chat) : chat)).sort(byActivity),
  );
}

export function removeCachedChat(queryClient: QueryClient, chatId: string): void {
  queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) => chats?.filter((c) => c._id !== chatId));
  queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
}

function patchMessages(
  queryClient: QueryClient,
  chatId: string,
  patch: (messages: Message[], pageIndex: number) => Message[],
): void {
  queryClient.setQueryData<MessagesData>(chatKeys.messages(chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, messages: patch(page.messages, index) })),
        }
      : data,
  );
}

/** Adds a message to its chat's loaded history (once: the ack and the live event both bring it). */
export function addCachedMessage(queryClient: QueryClient, message: Message): void {
  const data = queryClient.getQueryData<MessagesData>(chatKeys.messages(message.chat));
  if (!data) return;
  const known = data.pages.some((page) => page.messages.some((m) => m._id === message._id));
  if (known) {
    patchMessages(queryClient, message.chat, (messages) =>
      messages.map((m) => (m._id === message._id ? message : m)),
    );
    return;
  }
  // pages[0] is the newest page; a new message goes at its end.
  patchMessages(queryClient, message.chat, (messages, index) =>
    index === 0 ? [...messages, message] : messages,
  );
}

/**
 * A new message in a chat: it becomes the chat's last message and moves the chat to the top.
 * Returns false when the chat is not in the loaded list (a new chat, or one deleted and now back).
 */
export function applyNewMessage(
  queryClient: QueryClient,
  message: Message,
  countsAsUnread: boolean,
): boolean {
  addCachedMessage(queryClient, message);
  const chat = findCachedChat(queryClient, message.chat);
  if (!chat) return false;
  const isNewer = !chat.lastMessage || chat.lastMessage.createdAt <= message.createdAt;
  patchChat(queryClient, message.chat, (current) => ({
    ...current,
    lastMessage: isNewer ? message : current.lastMessage,
    updatedAt: isNewer && message.createdAt > current.updatedAt ? message.createdAt : current.updatedAt,
    unreadCount: current.unreadCount + (countsAsUnread ? 1 : 0),
  }));
  return true;
}

export function applyEditedMessage(queryClient: QueryClient, message: Message): void {
  patchMessages(queryClient, message.chat, (messages) =>
    messages.map((m) => (m._id === message._id ? { ...message, readBy: m.readBy } : m)),
  );
  patchChat(queryClient, message.chat, (chat) =>
    chat.lastMessage?._id === message._id ? { ...chat, lastMessage: message } : chat,
  );
}

export function applyDeletedMessage(
  queryClient: QueryClient,
  chatId: string,
  messageId: string,
  lastMessage: Message | null,
): void {
  patchMessages(queryClient, chatId, (messages) => messages.filter((m) => m._id !== messageId));
  // The chat's time goes back with its last message (the server's order): never a message nobody sees.
  patchChat(queryClient, chatId, (chat) => ({
    ...chat,
    lastMessage,
    updatedAt: lastMessage?.createdAt ?? chat.createdAt,
  }));
}

/** `userId` has seen the chat's messages up to `seenAt`. */
export function applySeen(queryClient: QueryClient, chatId: string, userId: string, seenAt: string): void {
  const until = Date.parse(seenAt);
  const seen = (m: Message) =>
    Date.parse(m.createdAt) <= until && !m.readBy.includes(userId)
      ? { ...m, readBy: [...m.readBy, userId] }
      : m;
  patchMessages(queryClient, chatId, (messages) => messages.map(seen));
  patchChat(queryClient, chatId, (chat) => ({
    ...chat,
    lastMessage: chat.lastMessage && seen(chat.lastMessage),
  }));
}

/** `userId` was blocked: their reads leave every loaded history and last message (spec §10). */
export function forgetSeenBy(queryClient: QueryClient, userId: string): void {
  const unseen = (m: Message) =>
    m.readBy.includes(userId) ? { ...m, readBy: m.readBy.filter((id) => id !== userId) } : m;
  queryClient.setQueriesData<MessagesData>(
    { queryKey: chatKeys.messageLists() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(unseen) })),
      },
  );
  queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) =>
    chats?.map((chat) => (chat.lastMessage ? { ...chat, lastMessage: unseen(chat.lastMessage) } : chat)),
  );
}

/** Oldest first, across the loaded pages (pages[0] is the newest). */
export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  return data.pages.toReversed().flatMap((page) => page.messages);
}
