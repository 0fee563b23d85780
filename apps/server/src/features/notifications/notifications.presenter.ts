import { type Notification, type NotificationType, notificationText } from "@flik/shared";
import type { NotificationRow } from "./notifications.queries.js";

/** A notification of spec §3 as its recipient sees it. */
export function presentNotification({ notification, sender, post }: NotificationRow): Notification {
  const type = notification.type as NotificationType;
  const mediaType = post?.mediaType === "video" ? "video" : post ? "image" : null;
  return {
    _id: notification.id,
    id: notification.id,
    user: notification.recipientId,
    type,
    sender: sender && { _id: sender.id, username: sender.username, avatar: sender.avatar },
    text: notificationText(type),
    post: post && mediaType && { _id: post.id, image: post.image, isReel: post.isReel, mediaType },
    comment: notification.comment,
    media: post?.image ?? null,
    mediaType,
    read: notification.read,
    createdAt: notification.createdAt.toISOString(),
  };
}
