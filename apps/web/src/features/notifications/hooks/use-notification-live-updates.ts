import type { ServerToClientEvents } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocket } from "../../realtime/socket-provider";
import { notificationKeys } from "../api/notification-keys";
import { prependCachedNotification, setUnreadCount } from "../cache/notifications-cache";

/**
 * Spec §4: a live notification goes on top as unread and the count follows the server's recomputed one.
 * After a reconnect, what arrived while the socket was away is fetched again.
 */
export function useNotificationLiveUpdates(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const onNew: ServerToClientEvents["newNotification"] = ({ notification, unreadCount }) => {
      prependCachedNotification(queryClient, { ...notification, read: false });
      setUnreadCount(queryClient, unreadCount);
    };
    // The first connect follows the queries' own first fetch; only later ones can have missed events.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      connectedBefore = true;
    };
    socket.on("newNotification", onNew);
    socket.on("connect", onConnect);
    return () => {
      socket.off("newNotification", onNew);
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);
}
