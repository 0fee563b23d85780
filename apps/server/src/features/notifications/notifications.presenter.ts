import { type Notification, type NotificationType, notificationText } from "@flik/shared";
import { presentPostPreview } from "../posts/posts.presenter.js";
import type { NotificationRow } from "./notifications.queries.js";

/** A notification of spec §3 as its recipient sees it. */
export function presentNotification({ notification, sender, post }: NotificationRow): Notification {
  const type = notification.type as NotificationType;
  // The posts presenter's preview: what a notification shows of a post (the recipient's own).
  const preview = post ? presentPostPreview(post) : null;
  return {
    _id: notification.id,
    id: notification.id,
    user: notification.recipientId,
    type,
    sender: sender && { _id: sender.id, username: sender.username, avatar: sender.avatar },
    text: notificationText(type),
    post: preview,
    comment: notification.comment,
    media: preview?.image ?? null,
    mediaType: preview?.mediaType ?? null,
    read: notification.read,
    createdAt: notification.createdAt.toISOString(),
  };
}
