import type { Notification, NotificationsPage } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { RequestAnswer } from "../../follow-requests/cache/follow-requests-cache";
import { notificationKeys } from "../api/notification-keys";

export type NotificationPages = InfiniteData<NotificationsPage, string | null>;

/**
 * A notification as the loaded list keeps it: a follow request this tab answered stays, saying how
 * (`answered`, this tab's alone), until the list is left.
 */
export type ListedNotification = Notification & { answered?: RequestAnswer };

export const answeredHere = (notification: Notification): RequestAnswer | undefined =>
  (notification as ListedNotification).answered;

function mapNotifications(
  data: NotificationPages | undefined,
  map: (notification: Notification) => Notification,
): NotificationPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const notifications = page.notifications.map((notification) => {
      const next = map(notification);
      if (next !== notification) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, notifications };
  });
  return changed ? { ...data, pages } : data;
}

export function getUnreadCount(queryClient: QueryClient): number {
  return queryClient.getQueryData<number>(notificationKeys.unreadCount()) ?? 0;
}

export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<number>(notificationKeys.unreadCount(), Math.max(0, count));
}

export function findCachedNotification(queryClient: QueryClient, id: string): Notification | undefined {
  const data = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  for (const page of data?.pages ?? []) {
    const found = page.notifications.find((notification) => notification._id === id);
    if (found) return found;
  }
  return undefined;
}

/** Sets one notification's read state in the loaded pages. */
export function setCachedRead(queryClient: QueryClient, id: string, read: boolean): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
    mapNotifications(data, (notification) =>
      notification._id === id && notification.read !== read ? { ...notification, read } : notification,
    ),
  );
}

/** Marks every loaded notification read; returns the ids that were unread, for a rollback. */
export function markAllCachedRead(queryClient: QueryClient): string[] {
  const wereUnread: string[] = [];
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
    mapNotifications(data, (notification) => {
      if (notification.read) return notification;
      wereUnread.push(notification._id);
      return { ...notification, read: true };
    }),
  );
  return wereUnread;
}

/**
 * A live notification goes on top of the first page. It is skipped when already there (a second tab's
 * hook, or a refetch that raced the event); before the list was ever loaded there is nothing to update.
 */
export function prependCachedNotification(queryClient: QueryClient, notification: Notification): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) => {
    if (!data || data.pages.length === 0) return data;
    const known = data.pages.some((page) =>
      page.notifications.some((candidate) => candidate._id === notification._id),
    );
    if (known) return data;
    const [first, ...rest] = data.pages as [NotificationsPage, ...NotificationsPage[]];
    return {
      ...data,
      pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest],
    };
  });
}

interface Placed {
  notification: Notification;
  page: number;
  index: number;
}

/**
 * Changes every loaded notification that `match`es (`update` returns the new one, or null to take it
 * out). Returns how many unread ones went or became read, and a function that puts back what was
 * there, for a rollback.
 */
export function updateCachedNotifications(
  queryClient: QueryClient,
  match: (notification: Notification) => boolean,
  update: (notification: Notification) => Notification | null,
): { unreadGone: number; restore: () => void } {
  const before: Placed[] = [];
  let unreadGone = 0;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page, pageIndex) => {
      if (!page.notifications.some(match)) return page;
      changed = true;
      const notifications: Notification[] = [];
      page.notifications.forEach((notification, index) => {
        if (!match(notification)) {
          notifications.push(notification);
          return;
        }
        before.push({ notification, page: pageIndex, index });
        const next = update(notification);
        if (next) notifications.push(next);
        if (!notification.read && (next === null || next.read)) unreadGone += 1;
      });
      return { ...page, notifications };
    });
    return changed ? { ...data, pages } : data;
  });
  return {
    unreadGone,
    restore: () => restoreNotifications(queryClient, before),
  };
}

function restoreNotifications(queryClient: QueryClient, before: Placed[]): void {
  const ids = new Set(before.map(({ notification }) => notification._id));
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page, pageIndex) => {
      const mine = before.filter((placed) => placed.page === pageIndex);
      if (mine.length === 0) return page;
      const notifications = page.notifications.filter((notification) => !ids.has(notification._id));
      for (const { notification, index } of mine.sort((a, b) => a.index - b.index)) {
        notifications.splice(Math.min(index, notifications.length), 0, notification);
      }
      return { ...page, notifications };
    });
    return { ...data, pages };
  });
}
