export const notificationKeys = {
  all: ["notifications"] as const,
  /** `InfiniteData<NotificationsPage>`. */
  list: () => [...notificationKeys.all, "list"] as const,
  /** The member's unread count, a number: the badges of the header and the tab bars read it. */
  unreadCount: () => [...notificationKeys.all, "unread-count"] as const,
};

/**
 * Every notification mutation's key (read, unread, all): the live updates leave the count to them while
 * one is on its way. Here, not with the mutations, so that the app-wide listener brings none of them in.
 */
export const notificationMutationKey = [...notificationKeys.all, "mutation"] as const;
