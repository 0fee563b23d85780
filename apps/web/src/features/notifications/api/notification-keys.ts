export const notificationKeys = {
  all: ["notifications"] as const,
  /** `InfiniteData<NotificationsPage>`. */
  list: () => [...notificationKeys.all, "list"] as const,
  /** The member's unread count, a number: the badges of the header and the tab bars read it. */
  unreadCount: () => [...notificationKeys.all, "unread-count"] as const,
};
