import type { MediaType } from "./media.js";
import { IMAGE_EXTENSIONS, VIDEO_EXTENSIONS } from "./media.js";

export const NOTIFICATION_TYPES = [
  "follow",
  "like",
  "comment",
  "share",
  "follow_request",
  "follow_accepted",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Notification of spec §3, as its recipient sees it. */
export interface Notification {
  _id: string;
  id: string;
  /** The recipient. */
  user: string;
  type: NotificationType;
  /** Null when the sender's account is gone (the screen then shows 'Unknown'). */
  sender: { _id: string; username: string; avatar: string } | null;
  /** Spec §2's text for the type, e.g. 'liked your post'. */
  text: string;
  /** The post it is about (like, comment, share); null for follows, follow requests or a deleted post. */
  post: { _id: string; image: string; isReel: boolean; mediaType: MediaType; video?: string } | null;
  /** The comment's words, for comment notifications. */
  comment: string | null;
  media: string | null;
  mediaType: MediaType | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationsPage {
  notifications: Notification[];
  nextCursor: string | null;
  /** The recipient's unread count, for the badges (spec §2). */
  unreadCount: number;
}

/** PUT /notifications/{id}/read and /unread (spec §7 answers `read`), with the recomputed count. */
export interface NotificationReadResponse {
  read: boolean;
  unreadCount: number;
}

const TEXTS: Record<NotificationType, string> = {
  follow: "started following you",
  like: "liked your post",
  comment: "commented on your post",
  share: "shared your post",
  follow_request: "requested to follow you",
  follow_accepted: "accepted your follow request",
};

/** Spec §2: the text by type, 'did something' otherwise. */
export function notificationText(type: string): string {
  return TEXTS[type as NotificationType] ?? "did something";
}

/** Spec §2: a missing sender name shows 'Unknown'. */
export const UNKNOWN_SENDER = "Unknown";

/**
 * Spec §2: video or image, guessed from the post fields or from the file extension (mp4, mov, avi, mkv are
 * video; jpg, jpeg, png, gif, webp are image). Null when nothing says.
 */
export function notificationMediaType(post: {
  isReel?: boolean;
  video?: string | null;
  reel?: string | null;
  image?: string | null;
  file?: string | null;
  mediaType?: MediaType;
}): MediaType | null {
  if (post.mediaType) return post.mediaType;
  if (post.isReel || post.video || post.reel) return "video";
  const url = post.image ?? post.file ?? "";
  const extension = (url.split(/[?#]/)[0] ?? "").split(".").pop()?.toLowerCase() ?? "";
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return "video";
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return "image";
  return null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §2's time labels: Just now, Xm ago, Xh ago, Yesterday, Xd ago. "Yesterday" is the calendar day
 * before (§10), as the "Yesterday" group counts it, so no notification under "Earlier" reads
 * "Yesterday": a day and a half ago at half past midnight is "2d ago".
 */
export function notificationTimeLabel(createdAt: string | Date, now: Date = new Date()): string {
  const then = new Date(createdAt);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (notificationGroup(then, now) === "Yesterday") return "Yesterday";
  return `${Math.max(2, Math.floor(elapsed / DAY))}d ago`;
}

export type NotificationGroup = "Today" | "Yesterday" | "Earlier";
export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = ["Today", "Yesterday", "Earlier"];

/** Spec §2's groups, by the viewer's calendar day (local time). */
export function notificationGroup(createdAt: string | Date, now: Date = new Date()): NotificationGroup {
  const then = new Date(createdAt);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (then.getTime() >= startOfToday) return "Today";
  const startOfYesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  if (then.getTime() >= startOfYesterday) return "Yesterday";
  return "Earlier";
}
