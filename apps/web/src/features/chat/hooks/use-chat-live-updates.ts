import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { getUserId } from "../../../lib/storage";
import { missedOnConnect } from "../../realtime/catch-up";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { chatKeys } from "../api/chat-keys";
import {
  applyDeletedMessage,
  applyEditedMessage,
  applyNewMessage,
  applySeen,
  findCachedChat,
  forgetSeenBy,
  patchChat,
  removeCachedChat,
  upsertChat,
} from "../cache/chat-cache";
import { visibleActiveChat } from "../state/active-chat";
import { liftBlockRefusals, liftRefusals } from "./use-outbox";

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
        // The partner wrote: what refused the member's message may no longer hold (their own says nothing).
        if (fromOther) liftRefusals(queryClient, message.chat);
      },
      messageEdited: ({ message }) => applyEditedMessage(queryClient, message),
      messageDeleted: ({ chatId, messageId, lastMessage }) => {
        const hadUnread = (findCachedChat(queryClient, chatId)?.unreadCount ?? 0) > 0;
        applyDeletedMessage(queryClient, chatId, messageId, lastMessage);
        // The message may have been one of those counted unread, which only the server can tell.
        if (hadUnread) void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      },
      chatUpdated: ({ chat }) => {
        // A member gone from a group (left, or their account deleted, which takes their messages along):
        // the open conversation is read again, so it never shows what the list no longer does.
        const before = findCachedChat(queryClient, chat._id)?.participants;
        const stillThere = new Set(chat.participants.map((participant) => participant._id));
        if (before?.some((participant) => !stillThere.has(participant._id)))
          void queryClient.invalidateQueries({ queryKey: chatKeys.messages(chat._id) });
        upsertChat(queryClient, chat);
        // An accepted request, perhaps: what refused the member's message may no longer hold.
        liftRefusals(queryClient, chat._id);
      },
      chatDeleted: ({ chatId }) => {
        removeCachedChat(queryClient, chatId);
        onRemovedRef.current(chatId);
      },
      messagesSeen: ({ chatId, userId, seenAt }) => {
        applySeen(queryClient, chatId, userId, seenAt);
        // Read in another tab or on another device: nothing in it is unread here either.
        if (userId === getUserId()) patchChat(queryClient, chatId, (chat) => ({ ...chat, unreadCount: 0 }));
        else liftRefusals(queryClient, chatId);
      },
      // Presence is never told across a block: a partner heard of as online has no block with the member.
      onlineUsers: ({ online }) => liftBlockRefusals(queryClient, online),
      blocksChanged: ({ userId, blocked }) => {
        // Spec §10: neither's seen state reaches the other once one blocked the other, as the server
        // answers from now on; an unblock brings it back with the server's next answer.
        if (blocked) forgetSeenBy(queryClient, userId);
        else void queryClient.invalidateQueries({ queryKey: chatKeys.messageLists() });
        liftRefusals(queryClient);
      },
    },
    // Events missed while disconnected are not replayed: on every connect, the first too (the screen may
    // have loaded before the socket was up), ask for everything again.
    {
      onCatchUp: () =>
        void queryClient.invalidateQueries({ queryKey: chatKeys.all, predicate: missedOnConnect }),
      writesTo: {
        newMessage: chatKeys.all,
        messageEdited: chatKeys.all,
        messageDeleted: chatKeys.all,
        chatUpdated: chatKeys.all,
        chatDeleted: chatKeys.all,
        messagesSeen: chatKeys.all,
        blocksChanged: chatKeys.all,
        // Not `onlineUsers`: it writes no list or history (presence and refusals live apart), and a
        // connect sends it as the page's first reads are on their way, which it would have asked again.
      },
    },
  );
}
