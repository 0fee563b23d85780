import type { Chat, Message } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { serverNow } from "../../../lib/server-clock";
import { toast } from "../../../lib/toast";
import { chatKeys } from "../api/chat-keys";
import {
  acceptChatRequest,
  createGroupChat,
  deleteChat,
  leaveGroup,
  openDirectChat,
  putMessage,
  removeMessage,
  renameGroup,
} from "../api/chats.api";
import {
  applyDeletedMessage,
  applyEditedMessage,
  findCachedChat,
  flattenMessages,
  type MessagesData,
  patchChat,
  removeCachedChat,
  upsertChat,
} from "../cache/chat-cache";
import { refreshStoredUnreadCount } from "../state/unread-count";

/**
 * A chat the member takes off their list (deleted, or a group left): it goes from the cached lists and
 * its unread with it, and a toast says how it went.
 */
function useChatOffList(
  send: (chatId: string) => Promise<unknown>,
  texts: { done: string; failed: string },
  onGone: (chatId: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_, chatId) => {
      onGone(chatId);
      removeCachedChat(queryClient, chatId);
      void refreshStoredUnreadCount();
      toast.success(texts.done);
    },
    onError: () => {
      toast.error(texts.failed);
    },
  });
}

/** Spec §7 DELETE /chats/{id}: gone from the member's list, their copy of the history cleared. */
export function useDeleteChat(onDeleted: (chatId: string) => void) {
  return useChatOffList(deleteChat, { done: "Chat deleted", failed: "Failed to delete chat" }, onDeleted);
}

export const LEAVE_FAILED = "Couldn't leave the group. Please try again.";

/** Leaves a group (an extension): it goes from the list as a deleted chat does. */
export function useLeaveGroup(onLeft: (chatId: string) => void) {
  return useChatOffList(leaveGroup, { done: "You left the group", failed: LEAVE_FAILED }, onLeft);
}

export const RENAME_FAILED = "Couldn't rename the group.";

/**
 * Renames a group (an extension). Only the name is taken from the answer: a message that arrived while
 * it was on its way is newer than the rest of it.
 */
export function useRenameGroup(onRenamed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, name }: { chatId: string; name: string }) => renameGroup(chatId, name),
    onSuccess: (chat) => {
      patchChat(queryClient, chat._id, (cached) => ({ ...cached, name: chat.name }));
      onRenamed();
    },
    onError: (error) => {
      toast.error(errorMessage(error, RENAME_FAILED));
    },
  });
}

export const ACCEPT_FAILED = "Couldn't accept the request. Please try again.";

/**
 * Accepts a message request: it moves to the inbox at once, and back to Requests if the server refuses;
 * its unread messages now count in the header's badge.
 */
export function useAcceptChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => acceptChatRequest(chatId),
    onMutate: (chatId) => patchChat(queryClient, chatId, (chat) => ({ ...chat, isRequest: false })),
    onSuccess: (chat) => {
      upsertChat(queryClient, chat);
      void refreshStoredUnreadCount();
    },
    onError: (error, chatId) => {
      patchChat(queryClient, chatId, (chat) => ({ ...chat, isRequest: true }));
      toast.error(errorMessage(error, ACCEPT_FAILED));
    },
  });
}

/**
 * Quietly deletes a message request after its sender was blocked (the block's own toast says what
 * happened); if that fails the request stays, closed by the block.
 */
export function useRemoveRequest(onRemoved: () => void) {
  const queryClient = useQueryClient();
  return (chatId: string) =>
    deleteChat(chatId).then(
      () => {
        removeCachedChat(queryClient, chatId);
        onRemoved();
      },
      (error: unknown) => console.error("Removing a blocked member's request failed", error),
    );
}

/** Opens the one-to-one chat with a member, making it if there is none yet. */
export function useOpenDirectChat(onOpened: (chat: Chat) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => openDirectChat(userId),
    onSuccess: (chat) => {
      upsertChat(queryClient, chat);
      onOpened(chat);
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Couldn't open the chat. Please try again."));
    },
  });
}

export function useCreateGroup(onCreated: (chat: Chat) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, userIds }: { name: string; userIds: string[] }) => createGroupChat(name, userIds),
    onSuccess: (chat) => {
      upsertChat(queryClient, chat);
      onCreated(chat);
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Couldn't create the group. Please try again."));
    },
  });
}

/** Inline edit (spec §4): the new text shows at once and goes back if the server refuses it. */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, text }: { message: Message; text: string }) => putMessage(message._id, text),
    onMutate: ({ message, text }) => {
      applyEditedMessage(queryClient, { ...message, text, editedAt: new Date(serverNow()).toISOString() });
      return { before: message };
    },
    onSuccess: (message) => applyEditedMessage(queryClient, message),
    onError: (error, _, context) => {
      if (context) applyEditedMessage(queryClient, context.before);
      toast.error(errorMessage(error, "Failed to edit message"));
    },
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: Message) => removeMessage(message._id),
    onSuccess: (_, message) => {
      const chat = findCachedChat(queryClient, message.chat);
      const rest = flattenMessages(
        queryClient.getQueryData<MessagesData>(chatKeys.messages(message.chat)),
      ).filter((m) => m._id !== message._id);
      // The live messageDeleted event brings the server's last message; until then, the one before.
      const lastMessage =
        chat?.lastMessage?._id === message._id ? (rest.at(-1) ?? null) : (chat?.lastMessage ?? null);
      applyDeletedMessage(queryClient, message.chat, message._id, lastMessage);
    },
    onError: (error) => {
      toast.error(errorMessage(error, "Failed to delete message"));
    },
  });
}
