import { useQuery } from "@tanstack/react-query";
import { notificationKeys } from "../api/notification-keys";
import { fetchNotificationsPage } from "../api/notifications.api";
import { useNotificationLiveUpdates } from "./use-notification-live-updates";

/**
 * The member's unread notifications, for the badges (spec §2): read once, then kept live by
 * newNotification (which carries the server's recomputed count) and by the screen's read, unread and
 * mark-all actions, which write the same query entry. Not asked for while the session is being checked.
 */
export function useNotificationsUnreadCount(enabled = true): number {
  useNotificationLiveUpdates();
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => (await fetchNotificationsPage(null, 1, signal)).unreadCount,
    staleTime: 60_000,
    enabled,
  });
  return data ?? 0;
}
