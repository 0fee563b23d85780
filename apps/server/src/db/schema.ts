import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_username_lower", sql`${t.username} = lower(${t.username})`),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
    check("users_bio_length", sql`char_length(${t.bio}) <= 150`),
    check("users_gender", sql`${t.gender} in ('male', 'female', 'other', 'prefer_not_to_say')`),
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
    index("follows_followee_idx").on(t.followeeId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

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
    isReel: boolean().notNull().default(false),
    sharesCount: integer().notNull().default(0),
    // Millisecond precision, like the JS Dates that page cursors carry.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("posts_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("posts_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("posts_media_type", sql`${t.mediaType} in ('image', 'video')`),
    check("posts_shares_count", sql`${t.sharesCount} >= 0`),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("post_comments_post_created_idx").on(t.postId, t.createdAt.desc()),
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
    check("highlights_type", sql`${t.type} in ('image', 'video')`),
    check("highlights_name", sql`char_length(${t.name}) between 1 and 30`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
