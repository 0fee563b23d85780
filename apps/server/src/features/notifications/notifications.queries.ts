import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder, preparedPaging } from "../../db/prepared.js";
import { notifications, posts, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { notBlockedBetween } from "../users/users.policy.js";

const sender = alias(users, "sender");

const notificationWithParts = {
  notification: notifications,
  sender: { id: sender.id, username: sender.username, avatar: sender.avatar },
  post: { id: posts.id, image: posts.image, isReel: posts.isReel, mediaType: posts.mediaType },
};

function withParts(db: Db) {
  return db
    .select(notificationWithParts)
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.senderId))
    .leftJoin(posts, eq(posts.id, notifications.postId));
}
export type NotificationRow = Awaited<ReturnType<typeof findNotification>> & {};

const prepareNotificationsPage = perDatabase((db) =>
  preparedPaging("notifications_page", (cursor) => {
    const recipientId = placeholder<string>("recipientId");
    return withParts(db)
      .where(
        and(
          eq(notifications.recipientId, recipientId),
          olderThan(cursor, notifications.createdAt, notifications.id),
          notBlockedBetween(db, recipientId, notifications.senderId),
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(placeholder("limit"));
  }),
);

/**
 * A page of a member's notifications with their senders and posts, newest first, none from a member
 * blocked either way: one prepared statement.
 */
export function notificationsPage(db: Db, recipientId: string, limit: number, cursor: Cursor | undefined) {
  return prepareNotificationsPage(db)({ recipientId, limit }, cursor);
}

const prepareFindNotification = perDatabase((db) =>
  withParts(db)
    .where(eq(notifications.id, placeholder<string>("id")))
    .prepare("notification_by_id"),
);

export async function findNotification(db: Db, id: string) {
  const [row] = await prepareFindNotification(db).execute({ id });
  return row;
}

/**
 * Stores a notification; undefined when the partial unique indexes say it exists already, or when the
 * recipient and the sender blocked one another (checked in the same statement).
 */
export async function insertNotification(
  db: Db,
  values: {
    type: string;
    recipientId: string;
    senderId: string;
    postId?: string | undefined;
    comment: string | null;
  },
) {
  const [row] = await prepareInsertNotification(db).execute({ ...values, postId: values.postId ?? null });
  return row?.id;
}

/** One prepared statement: every like, comment, share and follow of someone else's sends it. */
const prepareInsertNotification = perDatabase((db) => {
  const recipientId = placeholder<string>("recipientId");
  const senderId = sql`${placeholder("senderId")}::uuid`;
  return db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          recipientId: users.id,
          senderId: senderId.as("sender_id"),
          type: sql`${placeholder("type")}::text`.as("type"),
          postId: sql`${placeholder("postId")}::uuid`.as("post_id"),
          comment: sql`${placeholder("comment")}::text`.as("comment"),
          read: sql`false`.as("read"),
          createdAt: sql`now()`.as("created_at"),
        })
        .from(users)
        .where(and(eq(users.id, recipientId), notBlockedBetween(db, recipientId, senderId))),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id })
    .prepare("insert_notification");
});

/**
 * Removes the follow request notification the requester's request made (withdrawn, declined, accepted);
 * answers the ids removed.
 */
export async function deleteFollowRequestNotification(db: Db, recipientId: string, senderId: string) {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.senderId, senderId),
        eq(notifications.type, "follow_request"),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Sets read or unread on the recipient's own notification; false when it is not theirs or not there. */
export async function setRead(db: Db, recipientId: string, id: string, read: boolean) {
  const rows = await db
    .update(notifications)
    .set({ read })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, recipientId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.read, false)));
}

const prepareCountUnread = perDatabase((db) =>
  db
    .select({ unread: users.unreadNotificationsCount })
    .from(users)
    .where(eq(users.id, placeholder("recipientId")))
    .prepare("count_unread_notifications"),
);

/** The member's unread notifications: the count kept on their row. */
export async function countUnread(db: Db, recipientId: string) {
  const [row] = await prepareCountUnread(db).execute({ recipientId });
  return row?.unread ?? 0;
}
