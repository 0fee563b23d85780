import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  chatMembers,
  chats,
  follows,
  messages,
  notificationMailItems,
  notificationMails,
  users,
} from "../../db/schema.js";

/** The most of a member's waiting items one mail reads; any more wait for the next mail. */
export const ITEMS_PER_MAIL = 200;
/** Messages are counted up to this many per sender and chat ("99+" beyond). */
const MESSAGES_COUNTED = 100;

/**
 * Who is sent notification e-mails: those who asked for them (the default), at an address they proved
 * is theirs. A sign-up's address is anyone's to type: mail to it unasked would go to a stranger.
 */
const mailable = and(eq(users.emailNotifications, true), eq(users.emailVerified, true));

/**
 * Keeps what these members missed for their next mail, for those of them who asked for notification
 * e-mails at a verified address: a new follower once, a chat's sender once (later messages only move its time). One
 * statement; answers the members for whom the item is new (their mail is to be planned).
 */
export async function recordMissed(
  db: Db,
  item: { kind: "follow" | "message"; actorId: string; chatId: string | null; at: Date },
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const t = notificationMailItems;
  const at = sql`${item.at.toISOString()}::timestamptz`;
  const insert = db.insert(t).select(
    db
      .select({
        id: sql`gen_random_uuid()`.as("id"),
        userId: users.id,
        kind: sql`${item.kind}`.as("kind"),
        actorId: sql`${item.actorId}::uuid`.as("actor_id"),
        chatId: sql`${item.chatId}::uuid`.as("chat_id"),
        firstAt: at.as("first_at"),
        lastAt: at.as("last_at"),
      })
      .from(users)
      .where(and(inArray(users.id, userIds), mailable)),
  );
  const later = { lastAt: sql`greatest(${t.lastAt}, excluded.last_at)` };
  const rows = await (item.kind === "follow"
    ? insert.onConflictDoUpdate({
        target: [t.userId, t.actorId],
        targetWhere: sql`${t.kind} = 'follow'`,
        set: later,
      })
    : insert.onConflictDoUpdate({
        target: [t.userId, t.chatId, t.actorId],
        targetWhere: sql`${t.kind} = 'message'`,
        set: later,
      })
  ).returning({ userId: t.userId, inserted: sql<boolean>`xmax = 0` });
  return rows.filter((row) => row.inserted).map((row) => row.userId);
}

/** Whether anything waits for the member's next mail. */
export async function hasWaitingItems(db: Db, userId: string) {
  return (await db.$count(notificationMailItems, eq(notificationMailItems.userId, userId))) > 0;
}

/** The member's address, whether they are mailed now (`mailable`) and when their last mail went. */
export async function findMailee(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      username: users.username,
      mailable: sql<boolean>`${mailable}`,
      lastSentAt: notificationMails.lastSentAt,
    })
    .from(users)
    .leftJoin(notificationMails, eq(notificationMails.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/**
 * The member's waiting items, oldest first, each with whether it is still news: a follower who still
 * follows; messages the member has not read since (counted), in a chat they are still in (one left
 * is no news of theirs, nor are its name and what was sent in it after). Items no longer news are read too, so that
 * they are cleared with the others.
 */
export async function waitingItems(db: Db, userId: string) {
  const item = notificationMailItems;
  return db
    .select({
      id: item.id,
      kind: item.kind,
      lastAt: item.lastAt,
      actor: { username: users.username, fullName: users.fullName },
      chat: { isGroupChat: chats.isGroupChat, name: chats.name },
      stillFollows: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${item.actorId} and ${follows.followeeId} = ${item.userId})`,
      unreadMessages: sql<number>`(select count(*)::int from (select 1 from ${messages}
        where ${messages.chatId} = ${item.chatId} and ${messages.senderId} = ${item.actorId}
          and ${messages.createdAt} >= ${item.firstAt}
          and ${chatMembers.userId} is not null
          and (${chatMembers.lastReadAt} is null or ${messages.createdAt} > ${chatMembers.lastReadAt})
        limit ${MESSAGES_COUNTED}) as unread)`,
    })
    .from(item)
    .innerJoin(users, eq(users.id, item.actorId))
    .leftJoin(chats, eq(chats.id, item.chatId))
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, item.chatId), eq(chatMembers.userId, item.userId)))
    .where(eq(item.userId, userId))
    .orderBy(asc(item.firstAt), asc(item.id))
    .limit(ITEMS_PER_MAIL);
}

/**
 * Records the mail and clears the items it covered, together. An item that moved since it was read
 * (a newer message) stays for the next mail.
 */
export async function markMailed(
  db: Db,
  userId: string,
  sentAt: Date,
  covered: { id: string; lastAt: Date }[],
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationMails)
      .values({ userId, lastSentAt: sentAt })
      .onConflictDoUpdate({ target: notificationMails.userId, set: { lastSentAt: sentAt } });
    await clearItems(tx, covered);
  });
}

/** Clears items as they were read (one that moved since stays). */
export async function clearItems(db: Db, covered: { id: string; lastAt: Date }[]) {
  if (covered.length === 0) return;
  await db
    .delete(notificationMailItems)
    .where(
      or(
        ...covered.map(({ id, lastAt }) =>
          and(eq(notificationMailItems.id, id), eq(notificationMailItems.lastAt, lastAt)),
        ),
      ),
    );
}

/** Clears everything waiting for a member (they turned notification e-mails off). */
export async function clearAllItems(db: Db, userId: string) {
  await db.delete(notificationMailItems).where(eq(notificationMailItems.userId, userId));
}
