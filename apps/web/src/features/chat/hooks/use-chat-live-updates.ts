import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { getUserId } from "../../../lib/storage";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { chatKeys } from "../api/chat-keys";
import {
  applyDeletedMessage,
  applyEditedMessage,
  applyNewMessage,
  applySeen,
  removeCachedChat,
  upsertChat,
} from "../cache/chat-cache";
import { visibleActiveChat } from "../state/active-chat";

/** Applies the server's chat events to the cached list and histories while the chat screen is open. */
export function useChatLiveUpdates(onChatRemoved: (chatId: string) => void): void {
  const queryClient = useQueryClient();
  const onRemovedRef = useRef(onChatRemoved);
  useEffect(() => {
    onRemovedRef.current = onChatRemoved;
  });

  useSocketEvents(
    {
      newMessage: ({ message }) => {
        const fromOther = message.sender._id !== getUserId();
        const known = applyNewMessage(
          queryClient,
          message,
          fromOther && message.chat !== visibleActiveChat(),
        );
        // A chat that is not listed yet (new, or deleted by me and now back) comes from the server.
        if (!known) void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      },
      messageEdited: ({ message }) => applyEditedMessage(queryClient, message),
      messageDeleted: ({ chatId, messageId, lastMessage }) =>
        applyDeletedMessage(queryClient, chatId, messageId, lastMessage),
      chatUpdated: ({ chat }) => upsertChat(queryClient, chat),
      chatDeleted: ({ chatId }) => {
        removeCachedChat(queryClient, chatId);
        onRemovedRef.current(chatId);
      },
      messagesSeen: ({ chatId, userId, seenAt }) => applySeen(queryClient, chatId, userId, seenAt),
    },
    // Events missed while disconnected are not replayed: on every connect, the first too (the screen may
    // have loaded before the socket was up), ask for everything again.
    {
      onConnect: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
      writesTo: chatKeys.all,
    },
  );
}
