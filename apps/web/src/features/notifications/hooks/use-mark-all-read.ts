import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { notificationMutationKey } from "../api/notification-keys";
import { markAllNotificationsRead } from "../api/notifications.api";
import {
  getUnreadCount,
  markAllCachedRead,
  setCachedRead,
  setUnreadCount,
} from "../cache/notifications-cache";
import {
  NOTIFICATION_MUTATION_SCOPE,
  readAgainWhenSettled,
  stopNotificationReads,
} from "./use-mark-notification";

/** Spec §4: every notification becomes read and the count 0 at once; a failure puts both back. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationMutationKey,
    scope: NOTIFICATION_MUTATION_SCOPE,
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await stopNotificationReads(queryClient);
      const count = getUnreadCount(queryClient);
      const wereUnread = markAllCachedRead(queryClient);
      setUnreadCount(queryClient, 0);
      return { count, wereUnread };
    },
    onSuccess: (result) => {
      if (queryClient.isMutating({ mutationKey: notificationMutationKey }) <= 1) {
        setUnreadCount(queryClient, result.unreadCount);
      }
    },
    onError: (error, _variables, context) => {
      console.error("Failed to mark all notifications as read", error);
      if (context) {
        for (const id of context.wereUnread) setCachedRead(queryClient, id, false);
        // Live notifications may have raised the count meanwhile; they stay counted.
        setUnreadCount(queryClient, context.count + getUnreadCount(queryClient));
      }
      toast.error("Couldn't mark all as read. Please try again.", { toastId: "notifications-mark-all" });
    },
    onSettled: () => readAgainWhenSettled(queryClient),
  });
}
