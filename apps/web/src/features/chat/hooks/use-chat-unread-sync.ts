import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { getUserId } from "../../../lib/storage";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { findCachedChat } from "../cache/chat-cache";
import { visibleActiveChat } from "../state/active-chat";
import { applyPresence, resetPresence } from "../state/presence";
import { adjustStoredUnreadCount, refreshStoredUnreadCount } from "../state/unread-count";

/** After a local +1, the server's count is asked for again: two open tabs must not count one message twice. */
const RECONCILE_MS = 800;

/**
 * Keeps the header's chat badge (stored `unreadCount`, spec §3/§4) right on every signed-in screen, and
 * tracks which chat partners are online (the server sends that list once per connection).
 */
export function useChatUnreadSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void refreshStoredUnreadCount();
  }, []);

  const reconcileTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reconcileTimer.current), []);
  const reconcileSoon = () => {
    clearTimeout(reconcileTimer.current);
    reconcileTimer.current = setTimeout(() => void refreshStoredUnreadCount(), RECONCILE_MS);
  };
  const refresh = () => void refreshStoredUnreadCount();

  useSocketEvents(
    {
      disconnect: resetPresence,
      onlineUsers: applyPresence,
      newMessage: ({ message }) => {
        // Own messages (this tab or another) and the chat being read never count (spec §4).
        if (message.sender._id === getUserId() || message.chat === visibleActiveChat()) return;
        // Message requests stay out of the badge until accepted (issue 16).
        if (findCachedChat(queryClient, message.chat)?.isRequest) return;
        adjustStoredUnreadCount(1);
        reconcileSoon();
      },
      messagesSeen: ({ userId }) => {
        if (userId === getUserId()) refresh();
      },
      // An unread message can vanish with its message or its chat.
      messageDeleted: reconcileSoon,
      chatDeleted: refresh,
      // A request accepted (in another tab) brings its unread messages into the badge.
      chatUpdated: ({ chat }) => {
        if (!chat.isRequest) refresh();
      },
    },
    { onCatchUp: refresh },
  );
}

/** Mount once inside the signed-in area (inside SocketProvider), e.g. in AppLayout. */
export function ChatUnreadSync() {
  useChatUnreadSync();
  return null;
}
