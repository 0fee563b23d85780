/**
 * The boxes a notification row and its day are drawn in, shared by the rows and by the skeleton that
 * stands in for them while the list loads: the same heading, columns and sizes, so nothing moves when
 * the notifications arrive.
 */
export const notificationLayout = {
  /** A day's heading (Today, Yesterday, Earlier) over its card. */
  heading: "mb-2 px-1 text-sm font-semibold",
  /** A day's card of rows. */
  card: "divide-y divide-zinc-100 overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm",
  /** A row: the avatar, the words and thumbnail, then the unread dot's column. */
  row: "flex items-center gap-2 py-2.5 pr-1.5 pl-3 sm:pl-4",
  /** The avatar where it stands apart from the rest of the row (it opens the sender's profile). */
  avatarApart: "mr-1 shrink-0",
  avatar: "size-11",
  /** What opens the notification: the words, then the thumbnail. */
  opener: "flex min-w-0 flex-1 items-center gap-3 rounded-xl py-1",
  /** The words and time, one column taking the room left. */
  words: "block min-w-0 flex-1",
  thumbnail: "size-11 shrink-0 rounded-lg sm:size-12",
  /** The unread dot's column (a button). */
  toggle: "flex size-9 shrink-0 items-center justify-center rounded-full",
  dot: "block size-2.5 rounded-full",
} as const;
