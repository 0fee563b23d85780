import type { ServerToClientEvents } from "@flik/shared";
import { useEffect } from "react";
import { getUserId } from "../../../lib/storage";
import { useSocket } from "../../realtime/socket-provider";
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
  const socket = useSocket();

  useEffect(() => {
    void refreshStoredUnreadCount();
  }, []);

  useEffect(() => {
    if (!socket) return;
    let reconcileTimer: ReturnType<typeof setTimeout> | undefined;
    const reconcileSoon = () => {
      clearTimeout(reconcileTimer);
      reconcileTimer = setTimeout(() => void refreshStoredUnreadCount(), RECONCILE_MS);
    };
    const refresh = () => void refreshStoredUnreadCount();

    const onNewMessage: ServerToClientEvents["newMessage"] = ({ message }) => {
      // Own messages (this tab or another) and the chat being read never count (spec §4).
      if (message.sender._id === getUserId() || message.chat === visibleActiveChat()) return;
      adjustStoredUnreadCount(1);
      reconcileSoon();
    };
    const onSeen: ServerToClientEvents["messagesSeen"] = ({ userId }) => {
      if (userId === getUserId()) refresh();
    };

    socket.on("connect", refresh);
    socket.on("disconnect", resetPresence);
    socket.on("onlineUsers", applyPresence);
    socket.on("newMessage", onNewMessage);
    socket.on("messagesSeen", onSeen);
    // An unread message can vanish with its message or its chat.
    socket.on("messageDeleted", reconcileSoon);
    socket.on("chatDeleted", refresh);
    return () => {
      clearTimeout(reconcileTimer);
      socket.off("connect", refresh);
      socket.off("disconnect", resetPresence);
      socket.off("onlineUsers", applyPresence);
      socket.off("newMessage", onNewMessage);
      socket.off("messagesSeen", onSeen);
      socket.off("messageDeleted", reconcileSoon);
      socket.off("chatDeleted", refresh);
    };
  }, [socket]);
}

/** Mount once inside the signed-in area (inside SocketProvider), e.g. in AppLayout. */
export function ChatUnreadSync() {
  useChatUnreadSync();
  return null;
}
