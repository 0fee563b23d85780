import type { MessagesFrom } from "@flik/shared";
import { sql } from "drizzle-orm";
import type { ExtraConfigColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * An index column in the order `ORDER BY column DESC` reads it. Drizzle's `.desc()` alone makes
 * `DESC NULLS LAST`, which PostgreSQL cannot walk for `ORDER BY column DESC` (that is NULLS FIRST), so
 * every newest-first list would scan and sort instead of reading its index.
 */
const newestFirst = (column: ExtraConfigColumn) => column.desc().nullsFirst();

/** A count kept by the database beside the rows it counts (triggers in migration 0004). */
const counter = () => integer().notNull().default(0);

/**
 * A member's full name as member search reads it: lower case, after a space, so that "a word of the
 * name starts with the text" is one pattern (`like '% text%'`) for the first word and the others.
 */
export function memberNameWords(t: { fullName: unknown }) {
  return sql`(' ' || lower(${t.fullName}))`;
}

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull().unique(),
    email: text().notNull().unique(),
    fullName: text().notNull().default(""),
    /** Null for members who only ever signed in through an external identity provider. */
    passwordHash: text(),
    emailVerified: boolean().notNull().default(false),
    phone: text(),
    phoneVerified: boolean().notNull().default(false),
    website: text().notNull().default(""),
    bio: text().notNull().default(""),
    gender: text(),
    avatar: text().notNull().default(""),
    verified: boolean().notNull().default(false),
    isPrivate: boolean().notNull().default(false),
    emailNotifications: boolean().notNull().default(true),
    pushNotifications: boolean().notNull().default(true),
    /** Who may start a chat with the member: everyone (a stranger's lands in their requests) or only whom they follow. */
    messagesFrom: text().$type<MessagesFrom>().notNull().default("everyone"),
    followersCount: counter(),
    followingCount: counter(),
    postsCount: counter(),
    unreadNotificationsCount: counter(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_username_lower", sql`${t.username} = lower(${t.username})`),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
    check("users_bio_length", sql`char_length(${t.bio}) <= 150`),
    // One account per phone number, as per e-mail address (numbers are stored in E.164).
    uniqueIndex("users_phone_unique").on(t.phone).where(sql`${t.phone} is not null`),
    check("users_gender", sql`${t.gender} in ('male', 'female', 'other', 'prefer_not_to_say')`),
    check("users_messages_from", sql`${t.messagesFrom} in ('everyone', 'following')`),
    // Member search (issue 18): prefixes and typos of usernames and of the words of full names. GiST
    // (pg_trgm) answers `like`, `%` and `<%` and also walks the rows closest to the text first (`<->`,
    // `<<->`), so a search of a text a thousand members resemble reads the closest few, not all.
    index("users_username_trgm_idx").using("gist", t.username.op("gist_trgm_ops")),
    index("users_full_name_trgm_idx").using("gist", sql`${memberNameWords(t)} gist_trgm_ops`),
    // Whether a kept file is still someone's avatar (the media cleanup, issue 20).
    index("users_avatar_idx").using("hash", t.avatar).where(sql`${t.avatar} <> ''`),
  ],
);

/** Every token is bound to one of these rows; revoking the row revokes the token at once. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    device: text().notNull(),
    browser: text().notNull(),
    location: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Who follows whom; one row per pair, never oneself. */
export const follows = pgTable(
  "follows",
  {
    followerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Millisecond precision, like the JS Dates that page cursors carry.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // The followers and following lists, newest follow first.
    index("follows_followee_created_idx").on(
      t.followeeId,
      newestFirst(t.createdAt),
      newestFirst(t.followerId),
    ),
    index("follows_follower_created_idx").on(
      t.followerId,
      newestFirst(t.createdAt),
      newestFirst(t.followeeId),
    ),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/**
 * The words a post is found by (issue 18): its caption, tags and location under the `simple` text search
 * configuration (no stemming and no stop words, so any language works). Queries use this same
 * expression, which is what lets PostgreSQL read `posts_search_idx` for them.
 */
export function postSearchDocument(t: { caption: unknown; tags: unknown; location: unknown }) {
  return sql`to_tsvector('simple'::regconfig, ${t.caption} || ' ' || ${t.tags} || ' ' || ${t.location})`;
}

export const posts = pgTable(
  "posts",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    caption: text().notNull().default(""),
    location: text().notNull().default(""),
    tags: text().notNull().default(""),
    /** The media URL, image or video (spec §3 calls it image either way). */
    image: text().notNull(),
    mediaType: text().notNull(),
    /** The media's size in pixels; null for posts made before sizes were kept, or when unknown. */
    width: integer(),
    height: integer(),
    /**
     * A ThumbHash of the photo (base64, about 30 characters): cards paint its blur before the photo
     * loads (issue 20); a video's, of its poster. Null for another host's media and older posts.
     */
    placeholder: text(),
    isReel: boolean().notNull().default(false),
    sharesCount: counter(),
    likesCount: counter(),
    commentsCount: counter(),
    // Millisecond precision, like the JS Dates that page cursors carry.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("posts_user_created_idx").on(t.userId, newestFirst(t.createdAt), newestFirst(t.id)),
    // The community's newest posts with their authors, read from the index alone (the feed's first plan).
    index("posts_created_idx").on(newestFirst(t.createdAt), newestFirst(t.id), t.userId),
    // The flicks feed: videos only, newest first.
    index("posts_video_created_idx")
      .on(newestFirst(t.createdAt), newestFirst(t.id))
      .where(sql`${t.mediaType} = 'video'`),
    // Post search (issue 18): the words of its caption, tags and location (`postSearchDocument`).
    index("posts_search_idx").using("gin", postSearchDocument(t)),
    // Whether a kept file is still a post's (the media cleanup, issue 20). Hashed: equality is all it
    // answers, and a URL of any length fits.
    index("posts_image_idx").using("hash", t.image),
    check("posts_media_type", sql`${t.mediaType} in ('image', 'video')`),
    check("posts_shares_count", sql`${t.sharesCount} >= 0`),
    // Both or neither, and a real size: a frame is drawn from them before the media loads.
    check(
      "posts_media_size",
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} > 0 and ${t.height} > 0)`,
    ),
  ],
);

/**
 * Who has shared a post: every share counts toward its `sharesCount`, but its author hears of a member's
 * shares once, however often they share it again.
 */
export const postShares = pgTable(
  "post_shares",
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // A deleted member's shares go without a scan.
    index("post_shares_user_idx").on(t.userId),
  ],
);

/** One like per member and post: the primary key is the rule. */
export const postLikes = pgTable(
  "post_likes",
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A flick's like carries a reaction emoji (spec §7); a post's like is the default heart. */
    emoji: text().notNull().default("❤️"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // The newest likers of a post.
    index("post_likes_post_created_idx").on(t.postId, newestFirst(t.createdAt)),
    // The likes a member gave (their data download; and a deleted member's likes go without a scan).
    index("post_likes_user_created_idx").on(t.userId, newestFirst(t.createdAt), newestFirst(t.postId)),
    check("post_likes_emoji", sql`char_length(${t.emoji}) between 1 and 16`),
  ],
);

export const postComments = pgTable(
  "post_comments",
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text().notNull(),
    // Millisecond precision, like the JS Dates that page cursors carry (GET /posts/{id}/comments).
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("post_comments_post_created_idx").on(t.postId, newestFirst(t.createdAt), newestFirst(t.id)),
    // The comments a member wrote (their data download; and a deleted member's go without a scan).
    index("post_comments_user_created_idx").on(t.userId, newestFirst(t.createdAt), newestFirst(t.id)),
    check("post_comments_text", sql`char_length(${t.text}) between 1 and 1000`),
  ],
);

/** Highlight of spec §3: a named image or video on its owner's profile. */
export const highlights = pgTable(
  "highlights",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: text().notNull(),
    src: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("highlights_user_idx").on(t.userId, t.createdAt),
    // Whether a kept file is still a highlight's (the media cleanup, issue 20).
    index("highlights_src_idx").using("hash", t.src),
    check("highlights_type", sql`${t.type} in ('image', 'video')`),
    check("highlights_name", sql`char_length(${t.name}) between 1 and 30`),
  ],
);

/**
 * Notification of spec §3. Made by the server for what others do to a member; the partial unique
 * indexes make like-unlike-like and follow-unfollow-follow one notification, not several.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null once the sender's account is gone (shown as 'Unknown'). */
    senderId: uuid().references(() => users.id, { onDelete: "set null" }),
    type: text().notNull(),
    postId: uuid().references(() => posts.id, { onDelete: "cascade" }),
    /** The comment's words, for comment notifications. */
    comment: text(),
    /**
     * The comment a comment notification tells of: deleting it takes the notification along. Null for
     * other kinds, and for comment notifications made before comments could be deleted (migration 0028).
     */
    commentId: uuid().references(() => postComments.id, { onDelete: "cascade" }),
    read: boolean().notNull().default(false),
    // Millisecond precision, like the JS Dates that page cursors carry.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_recipient_created_idx").on(
      t.recipientId,
      newestFirst(t.createdAt),
      newestFirst(t.id),
    ),
    index("notifications_recipient_unread_idx").on(t.recipientId).where(sql`not ${t.read}`),
    // A deleted comment's notification, found (and cascaded) without a scan.
    index("notifications_comment_idx").on(t.commentId).where(sql`${t.commentId} is not null`),
    // A post's deletion (and a member's, for what they sent) takes its notifications by these: without
    // them every deletion read the whole table (13 ms a post at scale 0.1, growing with it).
    index("notifications_post_idx").on(t.postId).where(sql`${t.postId} is not null`),
    index("notifications_sender_idx").on(t.senderId),
    uniqueIndex("notifications_like_once")
      .on(t.recipientId, t.senderId, t.postId)
      .where(sql`${t.type} = 'like'`),
    uniqueIndex("notifications_follow_once").on(t.recipientId, t.senderId).where(sql`${t.type} = 'follow'`),
    check(
      "notifications_type",
      sql`${t.type} in ('follow', 'like', 'comment', 'share', 'follow_request', 'follow_accepted')`,
    ),
    uniqueIndex("notifications_follow_request_once")
      .on(t.recipientId, t.senderId)
      .where(sql`${t.type} = 'follow_request'`),
    // One "accepted your follow request" per pair, as one "started following you" (migration 0027).
    uniqueIndex("notifications_follow_accepted_once")
      .on(t.recipientId, t.senderId)
      .where(sql`${t.type} = 'follow_accepted'`),
    check("notifications_not_self", sql`${t.recipientId} <> ${t.senderId}`),
  ],
);

/** Chat of spec §3: one-to-one (`directKey` makes it unique per pair) or a named group. */
export const chats = pgTable(
  "chats",
  {
    id: uuid().primaryKey().defaultRandom(),
    isGroupChat: boolean().notNull().default(false),
    name: text().notNull().default(""),
    /** The two member ids of a one-to-one chat, sorted and joined; null for groups. */
    directKey: text().unique(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last message's time (or the creation time): the list's order. */
    lastMessageAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // A deleted account's groups are found by it, to forget their maker.
    index("chats_created_by_idx").on(t.createdBy).where(sql`${t.createdBy} is not null`),
    check(
      "chats_kind",
      sql`(${t.isGroupChat} and ${t.directKey} is null) or (not ${t.isGroupChat} and ${t.directKey} is not null)`,
    ),
    check("chats_name_length", sql`char_length(${t.name}) <= 60`),
  ],
);

/** A member of a chat, with what they have seen and what they cleared from their own view. */
export const chatMembers = pgTable(
  "chat_members",
  {
    chatId: uuid()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Messages up to this time count as seen by the member. */
    lastReadAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Set when the member deleted the chat: older messages are gone for them, and it is off their list until a new one. */
    clearedAt: timestamp({ withTimezone: true, precision: 3 }),
    /**
     * When the member last opened again a chat they had deleted: it is on their list from then, its
     * cleared history still gone (only `clearedAt` says where their messages start).
     */
    reopenedAt: timestamp({ withTimezone: true, precision: 3 }),
    /**
     * When the member accepted the chat; null while it waits in their message requests (started by
     * someone they do not follow). Presence is shared only between members who both accepted a chat.
     */
    acceptedAt: timestamp({ withTimezone: true, precision: 3 }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_members_user_idx").on(t.userId)],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    chatId: uuid()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text().notNull(),
    /**
     * The sender's temporary id: a retried send with the same one in the same chat stores one message
     * (a client may number its temporary ids per chat).
     */
    clientId: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("messages_chat_created_idx").on(t.chatId, newestFirst(t.createdAt), newestFirst(t.id)),
    // A deleted account's messages go by it (every foreign key has its index: a cascade never scans).
    index("messages_sender_idx").on(t.senderId),
    uniqueIndex("messages_chat_sender_client_id").on(t.chatId, t.senderId, t.clientId),
    check("messages_text_length", sql`char_length(${t.text}) between 1 and 4000`),
  ],
);

/** What a one-time code is for; one live code per purpose and member (a new one replaces the old). */
export const ONE_TIME_CODE_PURPOSES = [
  "password_reset",
  "email_change",
  "phone_change",
  "sign_in_unlock",
] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/** E-mailed or texted codes, kept only as a hash (spec §9: 6 digits). */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text().$type<OneTimeCodePurpose>().notNull(),
    codeHash: text().notNull(),
    /** The new e-mail address or phone number a change code was sent to; null for other purposes. */
    target: text(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purpose] }),
    check(
      "one_time_codes_purpose",
      sql`${t.purpose} in ('password_reset', 'email_change', 'phone_change', 'sign_in_unlock')`,
    ),
  ],
);

/**
 * Failed sign-ins per account and name asked by (not per address), so guesses from many addresses slow
 * down too.
 */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * What the attempts named the account by (its username or e-mail, lower-cased), counted apart: a
     * lock reached through one name must not tell a stranger that another name is the same account's.
     */
    identifier: text().notNull(),
    failures: integer().notNull().default(0),
    lastFailedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.identifier] })],
);

/** Messages sent from the settings screen's Support section. */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was handed to SUPPORT_EMAIL's mail server; null while not (or when no address is set). */
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("support_requests_user_created_idx").on(t.userId, newestFirst(t.createdAt)),
    check("support_requests_message_length", sql`char_length(${t.message}) between 1 and 5000`),
  ],
);

/**
 * What a member with notification e-mails on missed while offline, waiting for their next digest mail:
 * one row per new follower, and one per chat and sender of new messages (later messages move `lastAt`).
 * Deleted once mailed.
 */
export const notificationMailItems = pgTable(
  "notification_mail_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().$type<"follow" | "message">().notNull(),
    actorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: uuid().references(() => chats.id, { onDelete: "cascade" }),
    firstAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notification_mail_items_follow").on(t.userId, t.actorId).where(sql`${t.kind} = 'follow'`),
    uniqueIndex("notification_mail_items_message")
      .on(t.userId, t.chatId, t.actorId)
      .where(sql`${t.kind} = 'message'`),
    check(
      "notification_mail_items_kind",
      sql`(${t.kind} = 'follow' and ${t.chatId} is null) or (${t.kind} = 'message' and ${t.chatId} is not null)`,
    ),
  ],
);

/** When each member was last sent a notification e-mail: at most one an hour. */
export const notificationMails = pgTable("notification_mails", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSentAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
});

/** Asks to follow a private member; accepting turns it into a follow (issue 16). */
export const followRequests = pgTable(
  "follow_requests",
  {
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.targetId] }),
    // A member's incoming requests, newest first.
    index("follow_requests_target_created_idx").on(
      t.targetId,
      newestFirst(t.createdAt),
      newestFirst(t.requesterId),
    ),
    check("follow_requests_not_self", sql`${t.requesterId} <> ${t.targetId}`),
  ],
);

/** One member blocked another (issue 16): between the two, either way, nothing is seen or sent. */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "Did either block the other?" is asked both ways: by blocker (the primary key) and by blocked.
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    // A member's blocked accounts (GET /user), newest block first (migration 0013).
    index("blocks_blocker_created_idx").on(t.blockerId, newestFirst(t.createdAt), newestFirst(t.blockedId)),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Story of spec §3 (issue 17): an image or video that lives 24 hours in the strips of its author's
 * followers, then only in its author's archive. `expiredAt` is set by the expiry job once the 24 hours
 * are over; reads never wait for it (they ask `created_at` against the clock), but the strip's index
 * holds only stories the job has not marked yet, so it stays a day's size while the archive grows.
 */
export const stories = pgTable(
  "stories",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mediaType: text().notNull(),
    mediaUrl: text().notNull(),
    /** Members other than the owner who opened it; raised in the statement that stores a new view. */
    viewersCount: counter(),
    // Millisecond precision, like the JS Dates that page cursors carry.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiredAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    // The strip: each followed member's live stories, oldest first (the order they play in).
    index("stories_live_user_created_idx").on(t.userId, t.createdAt, t.id).where(sql`${t.expiredAt} is null`),
    // The owner's archive, newest first (and their data download).
    index("stories_user_created_idx").on(t.userId, newestFirst(t.createdAt), newestFirst(t.id)),
    // Whether a kept file is still a story's (the media cleanup, issue 20).
    index("stories_media_url_idx").using("hash", t.mediaUrl),
    check("stories_media_type", sql`${t.mediaType} in ('image', 'video')`),
    check("stories_viewers_count", sql`${t.viewersCount} >= 0`),
  ],
);

/** Who opened a story: one row per story and member (the primary key makes viewing idempotent). */
export const storyViews = pgTable(
  "story_views",
  {
    storyId: uuid()
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    viewerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storyId, t.viewerId] }),
    // A story's viewers, newest view first.
    index("story_views_story_created_idx").on(t.storyId, newestFirst(t.createdAt), newestFirst(t.viewerId)),
    // A deleted member's views go without a scan; and the expiry job finds old views by age.
    index("story_views_viewer_idx").on(t.viewerId),
    index("story_views_created_idx").on(t.createdAt),
  ],
);

/**
 * Each tag a post carries (issue 18): from its tags field and the #words of its caption, normalised
 * (`@flik/shared` normalizeTag), written with the post and gone with it. The author and the post's time
 * are copied here so that a tag page is one walk of `post_tags_tag_created_idx`, newest first.
 */
export const postTags = pgTable(
  "post_tags",
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tag: text().notNull(),
    // No foreign key of its own: the post's (above) takes these rows away with the post and its author.
    userId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    // A tag's posts, newest first (tag pages, the explore topics, `#tag` searches).
    index("post_tags_tag_created_idx").on(t.tag, newestFirst(t.createdAt), newestFirst(t.postId)),
    // The last 30 days of tag use, read from the index alone by the trends refresh.
    index("post_tags_created_idx").on(t.createdAt, t.tag, t.userId),
    check("post_tags_tag", sql`char_length(${t.tag}) between 1 and 50`),
  ],
);

/**
 * Every tag any post carries, with how many do (kept by a trigger on `post_tags`, migration 0016):
 * what tag search looks through.
 */
export const tags = pgTable(
  "tags",
  {
    name: text().primaryKey(),
    postsCount: counter(),
  },
  (t) => [
    index("tags_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    check("tags_posts_count", sql`${t.postsCount} >= 0`),
  ],
);

/**
 * The words posts were ever found by (the lexemes of `postSearchDocument`, kept by a trigger on
 * `posts`): a misspelt search word is matched against these, not against every post, and the words
 * close to it are searched for instead.
 */
export const searchTerms = pgTable("search_terms", { term: text().primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
]);

/**
 * The trending tags as of the last refresh (a materialised summary, replaced by the `trending-tags`
 * job): use in the last 24 hours against the tag's daily average of the 30 days before.
 */
export const trendingTags = pgTable("trending_tags", {
  tag: text().primaryKey(),
  recentCount: integer().notNull(),
  baselineDaily: doublePrecision().notNull(),
  score: doublePrecision().notNull(),
  refreshedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
});

/**
 * The recent posts For You ranks (explore), each with its score as of the last refresh of the
 * `explore-scores` job: engagement with time decay, fixed between refreshes so pages follow each other.
 */
export const explorePosts = pgTable(
  "explore_posts",
  {
    postId: uuid()
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid().notNull(),
    score: doublePrecision().notNull(),
  },
  (t) => [index("explore_posts_score_idx").on(newestFirst(t.score), newestFirst(t.postId))],
);

/** The explore poll (issue 18): a question and its options; the newest poll is the current one. */
export const polls = pgTable("polls", {
  id: uuid().primaryKey().defaultRandom(),
  question: text().notNull(),
  createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export const pollOptions = pgTable(
  "poll_options",
  {
    id: uuid().primaryKey().defaultRandom(),
    pollId: uuid()
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    text: text().notNull(),
    position: integer().notNull(),
    /** Kept by a trigger on `poll_votes` (migration 0016). */
    votesCount: counter(),
  },
  (t) => [
    uniqueIndex("poll_options_position").on(t.pollId, t.position),
    // What a vote's (poll, option) pair refers to: an option of that poll.
    uniqueIndex("poll_options_poll_id").on(t.pollId, t.id),
  ],
);

/** One vote per member and poll: the primary key is the rule; the option must be the poll's. */
export const pollVotes = pgTable(
  "poll_votes",
  {
    pollId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optionId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pollId, t.userId] }),
    foreignKey({
      name: "poll_votes_option",
      columns: [t.pollId, t.optionId],
      foreignColumns: [pollOptions.pollId, pollOptions.id],
    }).onDelete("cascade"),
    // A member's votes (a deleted member's go without a scan; their data download).
    index("poll_votes_user_idx").on(t.userId),
  ],
);

/**
 * A sign-in through an external OpenID Connect provider (issue 19): the provider's (issuer, subject)
 * pair names one member; a member may have several (or none, with a password).
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The token's `iss`, exactly as the provider writes it. */
    issuer: text().notNull(),
    /** The token's `sub`: the provider's id of the person, unique within its issuer. */
    subject: text().notNull(),
    /** The e-mail address the provider gave with its last sign-in, if any. */
    email: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_identities_issuer_subject").on(t.issuer, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

/**
 * One-time hand-off codes (issue 19): made at the end of an external sign-in, exchanged once, within a
 * minute, for a session of the same member (spec §2's `/profile?token=`). Kept only as a SHA-256 hash.
 */
export const handoffCodes = pgTable(
  "handoff_codes",
  {
    codeHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    // A deleted member's codes go without a scan; expired codes are swept by expiry.
    index("handoff_codes_user_idx").on(t.userId),
    index("handoff_codes_expires_idx").on(t.expiresAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type StoryRow = typeof stories.$inferSelect;
export type UserIdentityRow = typeof userIdentities.$inferSelect;

/**
 * Kept media files to check (issue 20): a file no row names any more is removed once its check is due.
 * Filled by the upload (due a day later: a file uploaded and never posted) and by the database itself
 * whenever a post, story, highlight or avatar lets go of a URL (due at once; migration 0021's triggers,
 * so a cascade or a tool counts too). The media cleanup job reads it in due order.
 */
export const mediaCleanup = pgTable(
  "media_cleanup",
  {
    url: text().primaryKey(),
    dueAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("media_cleanup_due_idx").on(t.dueAt)],
);

/**
 * Who uploaded each file this host keeps (by its id, the UUID its names start with): a member shares
 * in a post, story, highlight or avatar only files they uploaded themselves (media.policy). Files kept
 * before this table, and other hosts' files, have no row and are not judged; an address of this host
 * with no row and no file behind it is refused (media.uploads' checkUploaded). A row goes with its
 * uploader; a file's other rows (variants, poster) share its id.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    mediaId: uuid().primaryKey(),
    uploaderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // A member's deletion takes their rows along by this index.
  (t) => [index("media_uploads_uploader_idx").on(t.uploaderId)],
);
