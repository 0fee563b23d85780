import type { ServerToClientEvents } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { getUserId } from "../../../lib/storage";
import { useSocket } from "../../realtime/socket-provider";
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
  const socket = useSocket();
  const queryClient = useQueryClient();
  const onRemovedRef = useRef(onChatRemoved);
  useEffect(() => {
    onRemovedRef.current = onChatRemoved;
  });

  useEffect(() => {
    if (!socket) return;
    const onNewMessage: ServerToClientEvents["newMessage"] = ({ message }) => {
      const fromOther = message.sender._id !== getUserId();
      const known = applyNewMessage(queryClient, message, fromOther && message.chat !== visibleActiveChat());
      // A chat that is not listed yet (new, or deleted by me and now back) comes from the server.
      if (!known) void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    };
    const onEdited: ServerToClientEvents["messageEdited"] = ({ message }) =>
      applyEditedMessage(queryClient, message);
    const onDeleted: ServerToClientEvents["messageDeleted"] = ({ chatId, messageId, lastMessage }) =>
      applyDeletedMessage(queryClient, chatId, messageId, lastMessage);
    const onChatUpdated: ServerToClientEvents["chatUpdated"] = ({ chat }) => upsertChat(queryClient, chat);
    const onChatDeleted: ServerToClientEvents["chatDeleted"] = ({ chatId }) => {
      removeCachedChat(queryClient, chatId);
      onRemovedRef.current(chatId);
    };
    const onSeen: ServerToClientEvents["messagesSeen"] = ({ chatId, userId, seenAt }) =>
      applySeen(queryClient, chatId, userId, seenAt);
    // Events missed while disconnected are not replayed: on every (re)connect, ask for everything again.
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: chatKeys.all });

    socket.on("newMessage", onNewMessage);
    socket.on("messageEdited", onEdited);
    socket.on("messageDeleted", onDeleted);
    socket.on("chatUpdated", onChatUpdated);
    socket.on("chatDeleted", onChatDeleted);
    socket.on("messagesSeen", onSeen);
    socket.on("connect", onConnect);
    return () => {
      socket.off("newMessage", onNewMessage);
      socket.off("messageEdited", onEdited);
      socket.off("messageDeleted", onDeleted);
      socket.off("chatUpdated", onChatUpdated);
      socket.off("chatDeleted", onChatDeleted);
      socket.off("messagesSeen", onSeen);
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);
}
