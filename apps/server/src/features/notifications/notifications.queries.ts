import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder, preparedPaging } from "../../db/prepared.js";
import { notifications, postComments, posts, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { notBlockedBetween } from "../users/users.policy.js";

const sender = alias(users, "sender");
const recipient = alias(users, "recipient");

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

export type NotificationRow = Awaited<ReturnType<typeof notificationsPage>>[number];

/**
 * Stores a notification and answers it with its sender and post as its recipient's screen shows it,
 * and their unread count with it; undefined when the partial unique indexes say it exists already, or
 * when the recipient and the sender blocked one another (checked in the same statement). One statement
 * where there were three (store, read back, count): every like and comment of someone else's post sends it.
 */
export async function storeNotification(
  db: Db,
  values: {
    type: string;
    recipientId: string;
    senderId: string;
    postId?: string | undefined;
    comment: string | null;
    commentId?: string | undefined;
  },
): Promise<{ row: NotificationRow; unreadCount: number } | undefined> {
  const [stored] = await prepareStoreNotification(db).execute({
    ...values,
    postId: values.postId ?? null,
    commentId: values.commentId ?? null,
  });
  if (!stored) return undefined;
  const { unreadBefore, ...row } = stored;
  // The statement reads the recipient as it was before it ran: the count trigger adds the new
  // (unread) notification only as the statement ends.
  return { row, unreadCount: unreadBefore + 1 };
}

/** What `storing` stores for each recipient it matches: SQL values, placeholders or parameters. */
interface StoredValues {
  /** Which members (`users`) get one: the condition on their row. */
  recipients: SQL;
  /** The recipient's id as the block check reads it. */
  recipientId: string | SQL | AnyPgColumn;
  senderId: SQL;
  type: SQL;
  postId: SQL;
  comment: SQL;
  /** The comment a comment notification tells of; none is stored for a comment deleted meanwhile. */
  commentId: SQL;
}

/**
 * One statement that stores a notification for each recipient matched and reads each back as its
 * recipient's screen shows it, with their unread count before it; none where the partial unique indexes
 * say it exists already or where the recipient and the sender blocked one another.
 */
function storing(db: Db, values: StoredValues) {
  const stored = db.$with("stored").as(
    db
      .insert(notifications)
      .select(
        db
          .select({
            id: sql`gen_random_uuid()`.as("id"),
            recipientId: users.id,
            senderId: values.senderId.as("sender_id"),
            type: values.type.as("type"),
            postId: values.postId.as("post_id"),
            comment: values.comment.as("comment"),
            commentId: values.commentId.as("comment_id"),
            read: sql`false`.as("read"),
            createdAt: sql`now()`.as("created_at"),
          })
          .from(users)
          .where(
            and(
              values.recipients,
              notBlockedBetween(db, values.recipientId, values.senderId),
              sql`(${values.commentId} is null or exists (select 1 from ${postComments} where ${postComments.id} = ${values.commentId}))`,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning(),
  );
  return db
    .with(stored)
    .select({
      notification: {
        id: stored.id,
        recipientId: stored.recipientId,
        senderId: stored.senderId,
        type: stored.type,
        postId: stored.postId,
        comment: stored.comment,
        commentId: stored.commentId,
        read: stored.read,
        createdAt: stored.createdAt,
      },
      sender: notificationWithParts.sender,
      post: notificationWithParts.post,
      unreadBefore: recipient.unreadNotificationsCount,
    })
    .from(stored)
    .innerJoin(recipient, eq(recipient.id, stored.recipientId))
    .leftJoin(sender, eq(sender.id, stored.senderId))
    .leftJoin(posts, eq(posts.id, stored.postId));
}

const prepareStoreNotification = perDatabase((db) => {
  const recipientId = placeholder<string>("recipientId");
  return storing(db, {
    recipients: eq(users.id, recipientId),
    recipientId,
    senderId: sql`${placeholder("senderId")}::uuid`,
    type: sql`${placeholder("type")}::text`,
    postId: sql`${placeholder("postId")}::uuid`,
    comment: sql`${placeholder("comment")}::text`,
    commentId: sql`${placeholder("commentId")}::uuid`,
  }).prepare("store_notification");
});

/**
 * Stores one sender's notification of one kind (no post) for each of many recipients, in one statement,
 * as `storeNotification` would for each: going public tells every requester their request was accepted.
 */
export async function storeNotificationForEach(
  db: Db,
  values: { type: string; senderId: string; recipientIds: string[] },
): Promise<{ row: NotificationRow; unreadCount: number }[]> {
  if (values.recipientIds.length === 0) return [];
  const rows = await storing(db, {
    recipients: sql`${users.id} = any(${sql.param(values.recipientIds)}::uuid[])`,
    recipientId: users.id,
    senderId: sql`${values.senderId}::uuid`,
    type: sql`${values.type}::text`,
    postId: sql`null::uuid`,
    comment: sql`null::text`,
    commentId: sql`null::uuid`,
  });
  // Each recipient gets one row, which the count trigger adds only as the statement ends.
  return rows.map(({ unreadBefore, ...row }) => ({ row, unreadCount: unreadBefore + 1 }));
}

/**
 * Removes the follow request notifications the requesters' requests made (withdrawn, declined,
 * accepted), in one statement however many; answers the ids removed.
 */
export async function deleteFollowRequestNotifications(db: Db, recipientId: string, senderIds: string[]) {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        sql`${notifications.senderId} = any(${sql.param(senderIds)}::uuid[])`,
        // Written out, as the partial unique index's condition is: planned without the values
        // (database.ts KEEP_ONE_PLAN), a parameter could not use it.
        sql`${notifications.type} = 'follow_request'`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * What accepted requests leave the member who accepted them: "started following you" from each
 * requester, as any follow does, already read since they have just answered it, and never between two
 * members either blocked nor for an account gone meanwhile. One per follower: a follow notification of
 * theirs from before is brought up to now, read. One statement however many requests.
 */
export async function storeAcceptedFollowNotifications(db: Db, recipientId: string, senderIds: string[]) {
  await db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          recipientId: recipient.id,
          senderId: sender.id,
          type: sql`'follow'`.as("type"),
          postId: sql`null::uuid`.as("post_id"),
          comment: sql`null::text`.as("comment"),
          commentId: sql`null::uuid`.as("comment_id"),
          read: sql`true`.as("read"),
          createdAt: sql`now()`.as("created_at"),
        })
        .from(recipient)
        .innerJoin(sender, sql`${sender.id} = any(${sql.param(senderIds)}::uuid[])`)
        .where(and(eq(recipient.id, recipientId), notBlockedBetween(db, recipient.id, sender.id))),
    )
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.senderId],
      // Written out, as the partial unique index's condition is.
      targetWhere: sql`${notifications.type} = 'follow'`,
      set: { read: true, createdAt: sql`excluded.created_at` },
    });
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
    // Written out as its partial index's condition is (database.ts KEEP_ONE_PLAN).
    .where(and(eq(notifications.recipientId, recipientId), sql`not ${notifications.read}`));
}

const prepareCountUnread = perDatabase((db) =>
  db
    .select({ unread: users.unreadNotificationsCount })
    .from(users)
    .where(eq(users.id, placeholder("recipientId")))
    .prepare("count_unread_notifications"),
);

/** Several members' unread notifications, each the count kept on their row, read in pages of ids. */
export async function unreadNotificationCountsOf(db: Db, recipientIds: string[]) {
  const counts = new Map<string, number>();
  for (let start = 0; start < recipientIds.length; start += 5_000) {
    const rows = await db
      .select({ id: users.id, unread: users.unreadNotificationsCount })
      .from(users)
      .where(inArray(users.id, recipientIds.slice(start, start + 5_000)));
    for (const row of rows) counts.set(row.id, row.unread);
  }
  return counts;
}

/** The member's unread notifications: the count kept on their row. */
export async function countUnread(db: Db, recipientId: string) {
  const [row] = await prepareCountUnread(db).execute({ recipientId });
  return row?.unread ?? 0;
}
