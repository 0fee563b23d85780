import type { Notification, NotificationsPage } from "@flik/shared";

/** Bob liked Alice's photo, unread, unless overridden. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides._id ?? overrides.id ?? "n-1";
  return {
    _id: id,
    id,
    user: "u-alice",
    type: "like",
    sender: { _id: "u-bob", username: "bob", avatar: "/media/image/bob.jpg" },
    text: "liked your post",
    post: { _id: "p-1", image: "/media/image/sunset.jpg", isReel: false, mediaType: "image" },
    comment: null,
    media: "/media/image/sunset.jpg",
    mediaType: "image",
    read: false,
    createdAt: "2025-06-10T11:55:00.000Z",
    ...overrides,
  };
}

export function notificationsPage(
  notifications: Notification[],
  { unreadCount, nextCursor = null }: { unreadCount?: number; nextCursor?: string | null } = {},
): NotificationsPage {
  return {
    notifications,
    nextCursor,
    unreadCount: unreadCount ?? notifications.filter((notification) => !notification.read).length,
  };
}
