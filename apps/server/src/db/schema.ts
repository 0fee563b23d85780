import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
