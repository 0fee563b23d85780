import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { notificationKeys, notificationMutationKey } from "../api/notification-keys";
import { markNotificationRead } from "../api/notifications.api";
import {
  findCachedNotification,
  getUnreadCount,
  setCachedRead,
  setUnreadCount,
  updateCachedNotifications,
} from "../cache/notifications-cache";

/** Shared by every notification mutation: they run one after another, so the server sees them in order. */
export const NOTIFICATION_MUTATION_SCOPE = { id: "notifications" };

/**
 * Per client: the notification reads a mark stopped, by query hash, owed once every mark has settled.
 * Each once: a read asked twice would stop its own first asking.
 */
const stoppedReads = new WeakMap<QueryClient, Map<string, QueryKey>>();

/**
 * Before a mark's optimistic change: a read of the list or the count already on its way saw the server
 * before the mark and would land over it, so it is stopped. What it was reading (a reconnect's catch-up,
 * the list asked again after a follow request was accepted) is still owed: `readAgainWhenSettled` makes
 * it again. A next page stopped midway is asked for again by the list's end itself.
 */
export async function stopNotificationReads(queryClient: QueryClient): Promise<void> {
  const stopped = queryClient
    .getQueryCache()
    .findAll({ queryKey: notificationKeys.all, fetchStatus: "fetching" })
    .filter((query) => !query.state.fetchMeta?.fetchMore);
  if (stopped.length > 0) {
    const owed = stoppedReads.get(queryClient) ?? new Map<string, QueryKey>();
    for (const query of stopped) owed.set(query.queryHash, query.queryKey);
    stoppedReads.set(queryClient, owed);
  }
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
}

/**
 * The list and the count, read again once every mark has settled: they hold something the server no
 * longer has (a notification gone while this tab was not told).
 */
function oweNotificationReads(queryClient: QueryClient): void {
  const owed = stoppedReads.get(queryClient) ?? new Map<string, QueryKey>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: notificationKeys.all }))
    owed.set(query.queryHash, query.queryKey);
  stoppedReads.set(queryClient, owed);
}

/** As a mark settles, the last on its way: the reads stopped for the marks are made now, and see them all. */
export function readAgainWhenSettled(queryClient: QueryClient): void {
  const stopped = stoppedReads.get(queryClient);
  if (!stopped || queryClient.isMutating({ mutationKey: notificationMutationKey }) > 1) return;
  stoppedReads.delete(queryClient);
  for (const queryKey of stopped.values()) void queryClient.invalidateQueries({ queryKey, exact: true });
}

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
      await stopNotificationReads(queryClient);
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
      if (error instanceof ApiError && error.status === 404) {
        // Gone on the server (its post or comment deleted, its sender's block) while this tab was not
        // told: there is nothing to try again. The row goes, and what went with it is read again.
        const { unreadGone } = updateCachedNotifications(
          queryClient,
          (notification) => notification._id === id,
          () => null,
        );
        // Marked unread a moment ago (counted so), it leaves the count as it leaves the list.
        if (unreadGone > 0)
          setUnreadCount(queryClient, Math.max(0, getUnreadCount(queryClient) - unreadGone));
        oweNotificationReads(queryClient);
        return;
      }
      console.error("Failed to update the notification", error);
      if (context?.changed) {
        setCachedRead(queryClient, id, !read);
        setUnreadCount(queryClient, getUnreadCount(queryClient) + (read ? 1 : -1));
      }
      toast.error("Couldn't update the notification. Please try again.", { toastId: `notification-${id}` });
    },
    onSettled: () => readAgainWhenSettled(queryClient),
  });
}
