import type { ServerToClientEvents } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocket } from "../../realtime/socket-provider";
import { notificationKeys } from "../api/notification-keys";
import {
  markAllCachedRead,
  prependCachedNotification,
  setCachedRead,
  setUnreadCount,
} from "../cache/notifications-cache";
import { notificationMutationKey } from "./use-mark-notification";

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
    // What this member marked in another tab; this tab's own pending marks settle the count themselves.
    const onRead: ServerToClientEvents["notificationsRead"] = ({ ids, read, unreadCount }) => {
      if (ids === "all") markAllCachedRead(queryClient);
      else for (const id of ids) setCachedRead(queryClient, id, read);
      if (queryClient.isMutating({ mutationKey: notificationMutationKey }) === 0)
        setUnreadCount(queryClient, unreadCount);
    };
    socket.on("newNotification", onNew);
    socket.on("notificationsRead", onRead);
    socket.on("connect", onConnect);
    return () => {
      socket.off("newNotification", onNew);
      socket.off("notificationsRead", onRead);
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);
}
