import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { notificationKeys } from "../api/notification-keys";
import { markNotificationRead } from "../api/notifications.api";
import {
  findCachedNotification,
  getUnreadCount,
  setCachedRead,
  setUnreadCount,
} from "../cache/notifications-cache";

/** Shared by every notification mutation: they run one after another, so the server sees them in order. */
export const NOTIFICATION_MUTATION_SCOPE = { id: "notifications" };
export const notificationMutationKey = [...notificationKeys.all, "mutation"] as const;

interface MarkVariables {
  id: string;
  read: boolean;
}

/**
 * Spec §4: mark read or unread, shown at once with the count recomputed; a failure puts both back.
 * The server's count wins once no other change is still on its way.
 */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationMutationKey,
    scope: NOTIFICATION_MUTATION_SCOPE,
    mutationFn: ({ id, read }: MarkVariables) => markNotificationRead(id, read),
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const before = findCachedNotification(queryClient, id)?.read;
      const changed = before !== undefined && before !== read;
      if (changed) {
        setCachedRead(queryClient, id, read);
        setUnreadCount(queryClient, getUnreadCount(queryClient) + (read ? -1 : 1));
      }
      return { changed };
    },
    onSuccess: (result, { id }) => {
      setCachedRead(queryClient, id, result.read);
      if (queryClient.isMutating({ mutationKey: notificationMutationKey }) <= 1) {
        setUnreadCount(queryClient, result.unreadCount);
      }
    },
    onError: (error, { id, read }, context) => {
      console.error("Failed to update the notification", error);
      if (context?.changed) {
        setCachedRead(queryClient, id, !read);
        setUnreadCount(queryClient, getUnreadCount(queryClient) + (read ? 1 : -1));
      }
      toast.error("Couldn't update the notification. Please try again.", { toastId: `notification-${id}` });
    },
  });
}
