import {
  type MediaType,
  NOTIFICATION_GROUPS,
  type Notification,
  type NotificationGroup,
  notificationGroup,
  notificationMediaType,
  notificationText,
  reelPath,
  UNKNOWN_SENDER,
} from "@flik/shared";
import { postLinkPath, profilePath } from "../../lib/paths";

/** Spec §2: the sender's name, 'Unknown' when the sender is gone. */
export function senderName(notification: Notification): string {
  return notification.sender?.username || UNKNOWN_SENDER;
}

/** The server's text, else spec §2's text for the type. */
export function actionText(notification: Notification): string {
  return notification.text || notificationText(notification.type);
}

/** What the thumbnail shows: the post's media and its type (spec §2's rule when the server did not say). */
export function notificationThumbnail(notification: Notification): { src: string; type: MediaType } | null {
  const src = notification.media || notification.post?.image;
  if (!src) return null;
  const type =
    notification.mediaType ??
    (notification.post ? notificationMediaType(notification.post) : null) ??
    notificationMediaType({ image: src });
  return { src, type: type ?? "image" };
}

const ABOUT_THE_SENDER = new Set<string>(["follow", "follow_request", "follow_accepted"]);

/**
 * Where opening the notification goes: the sender's profile for a follow, a follow request or its
 * answer, else the post, if still there.
 */
export function notificationHref(notification: Notification): string | null {
  if (ABOUT_THE_SENDER.has(notification.type)) {
    return notification.sender ? profilePath(notification.sender.username) : null;
  }
  const { post } = notification;
  // A flick opens where flicks are watched, as its share link does.
  if (post?.isReel) return reelPath(post._id);
  return post ? postLinkPath(post._id) : null;
}

export interface NotificationSection {
  group: NotificationGroup;
  notifications: Notification[];
}

/** Spec §2's groups in their order (Today, Yesterday, Earlier), empty ones left out; newest first within. */
export function groupNotifications(notifications: Notification[], now: Date): NotificationSection[] {
  const byGroup = new Map<NotificationGroup, Notification[]>();
  for (const notification of notifications) {
    const group = notificationGroup(notification.createdAt, now);
    const items = byGroup.get(group);
    if (items) items.push(notification);
    else byGroup.set(group, [notification]);
  }
  return NOTIFICATION_GROUPS.flatMap((group) => {
    const items = byGroup.get(group);
    return items ? [{ group, notifications: items }] : [];
  });
}
