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
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) => (await fetchNotificationsPage(null, 1, signal)).unreadCount,
    staleTime: 60_000,
    enabled,
  });
  return data ?? 0;
}

/**
 * For a frame's tabs (the app's, the flicks screen's): the count, with the one live listener that keeps
 * it and the notifications list. Screens inside the frame read the count alone, so a connect catches
 * up once and an event is applied once.
 */
export function useLiveNotificationsUnreadCount(enabled = true): number {
  useNotificationLiveUpdates();
  return useNotificationsUnreadCount(enabled);
}
