import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { setUnreadCount } from "../cache/notifications-cache";
import { notificationKeys } from "./notification-keys";
import { fetchNotificationsPage } from "./notifications.api";

/** The member's notifications, newest first, a page at a time. */
export function useNotificationsQuery() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchNotificationsPage(pageParam, undefined, signal);
      // The first page carries the freshest count; the badges read it from its own entry. Not a read
      // stopped on its way (a mark's, whose count is newer), should its answer still come.
      if (pageParam === null && !signal.aborted) setUnreadCount(queryClient, page.unreadCount);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
