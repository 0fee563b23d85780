import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocket } from "../../realtime/socket-provider";
import { notificationKeys } from "../api/notification-keys";
import { fetchNotificationsPage } from "../api/notifications.api";

/**
 * The member's unread notifications, for the badges (spec §2): read once, then kept live by
 * newNotification, which carries the server's recomputed count.
 */
export function useNotificationsUnreadCount(): number {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => (await fetchNotificationsPage(null, 1, signal)).unreadCount,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!socket) return;
    const onNew = ({ unreadCount }: { unreadCount: number }) =>
      queryClient.setQueryData(notificationKeys.unreadCount(), unreadCount);
    // After a reconnect the count may have moved while the socket was away.
    const onConnect = () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
    socket.on("newNotification", onNew);
    socket.io.on("reconnect", onConnect);
    return () => {
      socket.off("newNotification", onNew);
      socket.io.off("reconnect", onConnect);
    };
  }, [socket, queryClient]);

  return data ?? 0;
}
