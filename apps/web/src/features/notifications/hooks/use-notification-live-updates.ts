import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvents } from "../../realtime/use-socket-events";
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
  const queryClient = useQueryClient();

  useSocketEvents(
    {
      newNotification: ({ notification, unreadCount }) => {
        prependCachedNotification(queryClient, { ...notification, read: false });
        setUnreadCount(queryClient, unreadCount);
      },
      // What this member marked in another tab; this tab's own pending marks settle the count themselves.
      notificationsRead: ({ ids, read, unreadCount }) => {
        if (ids === "all") markAllCachedRead(queryClient);
        else for (const id of ids) setCachedRead(queryClient, id, read);
        if (queryClient.isMutating({ mutationKey: notificationMutationKey }) === 0)
          setUnreadCount(queryClient, unreadCount);
      },
    },
    // The first connect follows the queries' own first fetch; only later ones can have missed events.
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }) },
  );
}
