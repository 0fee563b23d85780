import type { Chat, Message } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { getUserId } from "../../../lib/storage";
import { usePageVisible } from "../../../lib/use-page-visible";
import { markChatSeen } from "../api/chats.api";
import { applySeen, findCachedChat, patchChat } from "../cache/chat-cache";
import { adjustStoredUnreadCount, refreshStoredUnreadCount } from "../state/unread-count";

/**
 * Spec §4: opening a chat resets its unread count to 0, and so does every message that arrives while it
 * is open and the tab is visible. The count drops at once; the server's count follows.
 */
export function useMarkSeen(chat: Chat, messages: Message[], loaded: boolean): void {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const me = getUserId() ?? "";
  const chatId = chat._id;
  const newestIncoming = messages.findLast((message) => message.sender._id !== me);
  const unseenId = newestIncoming && !newestIncoming.readBy.includes(me) ? newestIncoming._id : "";
  // The unseen message the last request already covered: a stale copy of it never asks twice.
  const markedUpTo = useRef<string | null>(null);
  // Waits for the history, so one open marks once and the loaded messages then show as seen.
  const trigger =
    loaded && visible && (chat.unreadCount > 0 || unseenId !== "") ? `${unseenId}|${chat.unreadCount}` : null;

  useEffect(() => {
    if (trigger === null) return;
    // The cache, not the render's props: it already holds the reset of a request just sent.
    const unread = findCachedChat(queryClient, chatId)?.unreadCount ?? 0;
    if (unread === 0 && (unseenId === "" || markedUpTo.current === unseenId)) return;
    markedUpTo.current = unseenId;
    patchChat(queryClient, chatId, (current) => ({ ...current, unreadCount: 0 }));
    if (unread > 0) adjustStoredUnreadCount(-unread);
    markChatSeen(chatId)
      .then(({ seenAt }) => applySeen(queryClient, chatId, me, seenAt))
      .catch(() => {
        // Not fatal: the messages stay unseen on the server and are marked on the next open.
      })
      .finally(() => void refreshStoredUnreadCount());
  }, [trigger, unseenId, chatId, me, queryClient]);
}
