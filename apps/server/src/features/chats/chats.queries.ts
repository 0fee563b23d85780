import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder, preparedPaging } from "../../db/prepared.js";
import { chatMembers, chats, follows, messages, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { blockedBetween, blocksMadeAmong, notBlockedBetween, relationTo } from "../users/users.policy.js";
import { notReached, reached } from "./chats.policy.js";

export type ChatRow = typeof chats.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;

/**
 * Messages a member still has: those after the moment they deleted the chat, if they did (chats.policy
 * `keepsMessage` in SQL).
 */
const keptFor = (member: typeof chatMembers) =>
  or(isNull(member.clearedAt), gt(messages.createdAt, member.clearedAt));

/**
 * Whether the chat is on the member's list: never deleted, or brought back since by a newer message or
 * by the member opening it again (`restoreChat`). Needs `chats`.
 */
const listedFor = (member: typeof chatMembers) =>
  or(
    isNull(member.clearedAt),
    gt(chats.lastMessageAt, member.clearedAt),
    gt(member.reopenedAt, member.clearedAt),
  );

/**
 * A one-to-one chat reaches its other member with its first message (spec §10). Until then it is kept
 * from them as a chat they deleted is: `insertChat` starts it for them cleared a moment before it was
 * made, with its `lastMessageAt` at that moment too, so `chatsOf`'s rule for deleted chats keeps it off
 * their list and nothing in it counts for them; any message, never older than the chat, brings it.
 * Only this start sets a `clearedAt` before the chat's creation (a member deletes a chat after it
 * exists), and only a chat without a message has a `lastMessageAt` before it.
 */
const START_BEFORE_CREATION = sql`now() - interval '1 millisecond'`;

/**
 * Whether the member in `chatMembers` shares this one-to-one chat with someone they blocked or who
 * blocked them (the chat stays readable and takes no new messages); false in groups.
 */
function blockedInDirectChat(db: Db) {
  const other = alias(chatMembers, "other_member");
  return sql<boolean>`(not ${chats.isGroupChat} and ${exists(
    db
      .select({ one: sql`1` })
      .from(other)
      .where(
        and(
          eq(other.chatId, chatMembers.chatId),
          ne(other.userId, chatMembers.userId),
          blockedBetween(db, chatMembers.userId, other.userId),
        ),
      ),
  )})`.mapWith(Boolean);
}

/**
 * The ids of the chat's members that the member in `chatMembers` blocked (seen state does not pass
 * between two members blocked either way, chats.policy `seenStateHiddenFrom`): a probe of the blocks
 * primary key by blocker, and of chat_members' for each block found.
 */
function blocksInChat(db: Db) {
  const other = alias(chatMembers, "blocked_member");
  return blocksMadeAmong(db, chatMembers.userId, (blockedId) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(and(eq(other.chatId, chatMembers.chatId), eq(other.userId, blockedId))),
    ),
  );
}

/** Whether `followerId` follows `followeeId`, in SQL. */
function isFollowing(db: Db, followerId: string | AnyPgColumn, followeeId: string | AnyPgColumn): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId))),
  );
}

/**
 * Whether the member in `chatMembers` writes in a one-to-one chat the other member has not accepted
 * (a request) and no longer may: the other takes messages only from people they follow, and does not
 * follow them. False in groups.
 */
function refusedInDirectChat(db: Db) {
  const other = alias(chatMembers, "requested_member");
  return sql<boolean>`(not ${chats.isGroupChat} and ${exists(
    db
      .select({ one: sql`1` })
      .from(other)
      .innerJoin(users, eq(users.id, other.userId))
      .where(
        and(
          eq(other.chatId, chatMembers.chatId),
          ne(other.userId, chatMembers.userId),
          isNull(other.acceptedAt),
          eq(users.messagesFrom, "following"),
          not(isFollowing(db, other.userId, chatMembers.userId)),
        ),
      ),
  )})`.mapWith(Boolean);
}

/** The member's row in the chat, the chat, and whether a block or the other's setting closed it (one-to-one chats). */
const prepareFindMembership = perDatabase((db) =>
  db
    .select({
      chat: chats,
      member: chatMembers,
      blocked: blockedInDirectChat(db),
      refused: refusedInDirectChat(db),
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.chatId, placeholder("chatId")), eq(chatMembers.userId, placeholder("userId"))))
    .prepare("find_membership"),
);

export async function findMembership(db: Db, chatId: string, userId: string) {
  const [row] = await prepareFindMembership(db).execute({ chatId, userId });
  return row;
}

const prepareChatsOf = perDatabase((db) =>
  db
    .select({ chat: chats, member: chatMembers })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.userId, placeholder("userId")), listedFor(chatMembers)))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id))
    .prepare("chats_of"),
);

/** The member's chats that are on their list (not deleted, or with a newer message), newest first. */
export function chatsOf(db: Db, userId: string) {
  return prepareChatsOf(db).execute({ userId });
}

/** `column` is one of a list given as one array parameter: one prepared statement for any length. */
const anyOf = (column: AnyPgColumn, values: string[]) => sql`${column} = any(${values})`;

/**
 * Everyone in these chats with what they have seen, whether they accepted the chat, whom of it they
 * blocked, whether a block or the other's setting closed their one-to-one chat, and whether the chat
 * has reached them (for sending): one query for a batch of sends.
 */
const prepareSendersOf = perDatabase((db) =>
  db
    .select({
      chatId: chatMembers.chatId,
      lastReadAt: chatMembers.lastReadAt,
      acceptedAt: chatMembers.acceptedAt,
      clearedAt: chatMembers.clearedAt,
      user: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
      blocks: blocksInChat(db),
      blocked: blockedInDirectChat(db),
      refused: refusedInDirectChat(db),
      reached: reached(chatMembers),
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(anyOf(chatMembers.chatId, placeholder("chatIds")))
    .orderBy(asc(chatMembers.joinedAt), asc(users.username))
    .prepare("senders_of"),
);

export function sendersOf(db: Db, chatIds: string[]) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return prepareSendersOf(db).execute({ chatIds });
}

/**
 * Everyone in these chats with what they have seen, whether they accepted and whom of the chat they
 * blocked: one query for a whole list.
 */
export function participantsOf(db: Db, chatIds: string[]) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return prepareParticipantsOf(db).execute({ chatIds });
}

const prepareParticipantsOf = perDatabase((db) =>
  db
    .select({
      chatId: chatMembers.chatId,
      lastReadAt: chatMembers.lastReadAt,
      acceptedAt: chatMembers.acceptedAt,
      clearedAt: chatMembers.clearedAt,
      user: { id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar },
      blocks: blocksInChat(db),
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(anyOf(chatMembers.chatId, placeholder("chatIds")))
    .orderBy(asc(chatMembers.joinedAt), asc(users.username))
    .prepare("participants_of"),
);

const messageWithSender = {
  message: messages,
  sender: { id: users.id, username: users.username, avatar: users.avatar },
};
export type MessageRow = Awaited<ReturnType<typeof findMessage>> & {};

export async function findMessage(db: Db, id: string) {
  const [row] = await db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id));
  return row;
}

/**
 * The last message the member still has in each chat: one query for a whole list, each chat's a
 * one-row walk of its messages index.
 */
export function lastMessagesOf(db: Db, chatIds: string[], userId: string) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return prepareLastMessagesOf(db).execute({ chatIds, userId });
}

const prepareLastMessagesOf = perDatabase((db) =>
  lastKeptMessages(
    db,
    and(eq(chatMembers.userId, placeholder("userId")), anyOf(chatMembers.chatId, placeholder("chatIds"))),
    "last_messages_of",
  ),
);

/** For each membership `which` picks, the last message its member still has in the chat, with its sender. */
function lastKeptMessages(db: Db, which: SQL | undefined, name: string) {
  const last = db
    .select(getTableColumns(messages))
    .from(messages)
    .where(and(eq(messages.chatId, chatMembers.chatId), keptFor(chatMembers)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as("last_message");
  return db
    .select({
      viewerId: chatMembers.userId,
      message: last._.selectedFields,
      sender: messageWithSender.sender,
    })
    .from(chatMembers)
    .innerJoinLateral(last, sql`true`)
    .innerJoin(users, eq(users.id, last.senderId))
    .where(which)
    .prepare(name);
}

/**
 * One chat as each of these members has it, for telling them all of a change to it (a member left or was
 * deleted, a new name): the last message each still has and the messages from others each has not seen.
 * Two queries whatever the group's size, each member's a walk of the messages index.
 */
export async function lastMessagesAndUnreadForEach(db: Db, chatId: string, userIds: string[]) {
  if (userIds.length === 0)
    return { lastMessages: new Map<string, MessageRow>(), unread: new Map<string, number>() };
  const statements = prepareForEach(db);
  const [last, unread] = await Promise.all([
    statements.lastMessages.execute({ chatId, userIds }),
    statements.unreadCounts.execute({ chatId, userIds }),
  ]);
  return {
    lastMessages: new Map<string, MessageRow>(
      last.map(({ viewerId, message, sender }) => [viewerId, { message, sender }]),
    ),
    unread: new Map<string, number>(unread.map((row) => [row.viewerId, row.count])),
  };
}

const prepareForEach = perDatabase((db) => {
  const ofThem = and(
    eq(chatMembers.chatId, placeholder("chatId")),
    anyOf(chatMembers.userId, placeholder("userIds")),
  );
  return {
    lastMessages: lastKeptMessages(db, ofThem, "last_messages_for_each"),
    unreadCounts: db
      .select({ viewerId: chatMembers.userId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(chatMembers)
      .innerJoin(
        messages,
        and(
          eq(messages.chatId, chatMembers.chatId),
          ne(messages.senderId, chatMembers.userId),
          gt(messages.createdAt, chatMembers.lastReadAt),
          keptFor(chatMembers),
        ),
      )
      .where(ofThem)
      .groupBy(chatMembers.userId)
      .prepare("unread_counts_for_each"),
  };
});

/**
 * Per chat, the messages from others the member has not seen (spec §4 Chat unread): in these chats, or
 * in every chat the member accepted (the header's badge leaves message requests out).
 */
export async function unreadCountsOf(db: Db, userId: string, chatIds?: string[]) {
  const rows = chatIds
    ? await prepareUnreadCounts(db).inChats.execute({ userId, chatIds })
    : await prepareUnreadCounts(db).inAccepted.execute({ userId });
  return new Map(rows.map((row) => [row.chatId, row.count]));
}

const prepareUnreadCounts = perDatabase((db) => {
  const userId = placeholder<string>("userId");
  const counts = (which: SQL | undefined, name: string) =>
    db
      .select({ chatId: messages.chatId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .innerJoin(chatMembers, and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, userId)))
      .where(
        and(
          which,
          ne(messages.senderId, userId),
          gt(messages.createdAt, chatMembers.lastReadAt),
          keptFor(chatMembers),
        ),
      )
      .groupBy(messages.chatId)
      .prepare(name);
  return {
    inChats: counts(anyOf(messages.chatId, placeholder("chatIds")), "unread_counts_in_chats"),
    inAccepted: counts(isNotNull(chatMembers.acceptedAt), "unread_counts_in_accepted"),
  };
});

const prepareMessagesPage = perDatabase((db) =>
  preparedPaging("messages_page", (cursor) =>
    db
      .select(messageWithSender)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .innerJoin(
        chatMembers,
        and(eq(chatMembers.chatId, messages.chatId), eq(chatMembers.userId, placeholder("userId"))),
      )
      .where(
        and(
          eq(messages.chatId, placeholder("chatId")),
          keptFor(chatMembers),
          olderThan(cursor, messages.createdAt, messages.id),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(placeholder("limit")),
  ),
);

/** A page of a chat's messages the member still has, newest first. */
export function messagesPage(
  db: Db,
  chatId: string,
  userId: string,
  limit: number,
  cursor: Cursor | undefined,
) {
  return prepareMessagesPage(db)({ chatId, userId, limit }, cursor);
}

export async function findChat(db: Db, id: string) {
  const [row] = await db.select().from(chats).where(eq(chats.id, id));
  return row;
}

export async function findDirectChat(db: Db, directKey: string) {
  const [row] = await db.select().from(chats).where(eq(chats.directKey, directKey));
  return row;
}

/**
 * Makes a chat and its members at once, each accepted or waiting in their requests, and each reached at
 * once or (the other member of a one-to-one chat) only by its first message (see `notReached`); a
 * one-to-one chat made twice at the same moment is made once.
 */
export async function insertChat(
  db: Db,
  values: { isGroupChat: boolean; name: string; directKey: string | null; createdBy: string },
  members: { userId: string; accepted: boolean; reached: boolean }[],
) {
  const waitsForAMessage = members.some((member) => !member.reached);
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({ ...values, ...(waitsForAMessage && { lastMessageAt: START_BEFORE_CREATION }) })
      .onConflictDoNothing()
      .returning();
    if (!chat) return undefined;
    await tx.insert(chatMembers).values(
      members.map(({ userId, accepted, reached }) => ({
        chatId: chat.id,
        userId,
        acceptedAt: accepted ? sql`now()` : null,
        // Not reached: nothing before the start is theirs, and nothing after it is read yet.
        ...(!reached && { clearedAt: START_BEFORE_CREATION, lastReadAt: START_BEFORE_CREATION }),
      })),
    );
    return chat;
  });
}

/**
 * The member accepts the chat (a message request), and has it from now on if it had not reached them
 * yet (they opened it by its id); answers the chat if either changed, else nothing.
 */
export async function acceptChat(db: Db, chatId: string, userId: string): Promise<ChatRow | undefined> {
  const [chat] = await db
    .update(chatMembers)
    .set({
      acceptedAt: sql`coalesce(${chatMembers.acceptedAt}, now())`,
      clearedAt: sql`case when ${notReached(chatMembers)} then null else ${chatMembers.clearedAt} end`,
    })
    .from(chats)
    .where(
      and(
        eq(chats.id, chatMembers.chatId),
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.userId, userId),
        or(isNull(chatMembers.acceptedAt), notReached(chatMembers)),
      ),
    )
    .returning(getTableColumns(chats));
  return chat;
}

/**
 * Brings a deleted chat back onto the member's list (they opened it again), without its old messages; a
 * chat that had not reached them yet simply reaches them (it has no messages to keep from them).
 */
export async function restoreChat(db: Db, chatId: string, userId: string) {
  await db
    .update(chatMembers)
    .set({
      clearedAt: sql`case when ${notReached(chatMembers)} then null else ${chatMembers.clearedAt} end`,
      reopenedAt: sql`case when ${notReached(chatMembers)} then ${chatMembers.reopenedAt} else now() end`,
    })
    .from(chats)
    .where(
      and(
        eq(chats.id, chatMembers.chatId),
        eq(chatMembers.chatId, chatId),
        eq(chatMembers.userId, userId),
        // Only a chat off their list (a null reopenedAt leaves the rule unknown: not listed).
        sql`not coalesce(${listedFor(chatMembers)}, false)`,
      ),
    );
}

/** A message to store; its id is made by the sender so that messages stored together keep their order. */
export interface NewMessage {
  id: string;
  chatId: string;
  senderId: string;
  text: string;
  clientId: string | null;
}

/**
 * Stores messages with their senders, moves each chat to the top of its members' lists and marks each
 * chat seen by its senders up to their last message, in one statement whatever their number (atomic,
 * one round trip: every batch of sends pays it). A message whose sender already used its clientId is
 * not stored and not answered (its chat, sender and clientId are taken: the unique index
 * messages_chat_sender_client_id): `messagesByClientId` finds the first one.
 */
export function insertMessages(db: Db, values: NewMessage[]): Promise<MessageRow[]> {
  if (values.length === 0) return Promise.resolve([]);
  return prepareInsertMessages(db).execute({
    ids: values.map((message) => message.id),
    chatIds: values.map((message) => message.chatId),
    senderIds: values.map((message) => message.senderId),
    texts: values.map((message) => message.text),
    clientIds: values.map((message) => message.clientId),
  });
}

/**
 * Prepared once, the batch's messages passed as one array per column. Built per batch, with a row of
 * parameters per message, it was a third of all the server allocated while sending 1,000 messages a
 * second (about 80 KB per message, twice the young collections) and PostgreSQL planned it each time.
 */
const prepareInsertMessages = perDatabase((db) => {
  const sent = sql`unnest(${placeholder("ids")}::uuid[], ${placeholder("chatIds")}::uuid[], ${placeholder("senderIds")}::uuid[], ${placeholder("texts")}::text[], ${placeholder("clientIds")}::text[]) as "sent"("id", "chat_id", "sender_id", "text", "client_id")`;
  // Every column of `messages` in order, as an insert from a select must give them: the time is the
  // statement's, as the column's default would make it.
  const rows = sql`select "id", "chat_id", "sender_id", "text", "client_id", now(), null from ${sent}`;
  const inserted = db
    .$with("inserted")
    .as(db.insert(messages).select(rows).onConflictDoNothing().returning());
  const latest = db.$with("latest").as(
    db
      .select({
        chatId: inserted.chatId,
        senderId: inserted.senderId,
        at: sql<Date>`max(${inserted.createdAt})`.as("at"),
      })
      .from(inserted)
      .groupBy(inserted.chatId, inserted.senderId),
  );
  const chatMoved = db.$with("chat_moved").as(
    db
      .update(chats)
      .set({
        lastMessageAt: sql`(select max(${latest.at}) from ${latest} where ${latest.chatId} = ${chats.id})`,
      })
      .where(inArray(chats.id, db.select({ id: latest.chatId }).from(latest)))
      .returning({ id: chats.id }),
  );
  // The sender has seen everything up to their own message.
  const seenBySender = db.$with("seen_by_sender").as(
    db
      .update(chatMembers)
      .set({ lastReadAt: sql`${latest.at}` })
      .from(latest)
      .where(and(eq(chatMembers.chatId, latest.chatId), eq(chatMembers.userId, latest.senderId)))
      .returning({ chatId: chatMembers.chatId }),
  );
  return db
    .with(inserted, latest, chatMoved, seenBySender)
    .select({ message: inserted._.selectedFields, sender: messageWithSender.sender })
    .from(inserted)
    .innerJoin(users, eq(users.id, inserted.senderId))
    .prepare("insert_messages");
});

/**
 * The messages these senders stored in these chats with these clientIds (a retried send answers its
 * first one): probes of the unique index on (chat, sender, clientId).
 */
export function messagesByClientId(db: Db, keys: { chatId: string; senderId: string; clientId: string }[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      or(
        ...keys.map((key) =>
          and(
            eq(messages.chatId, key.chatId),
            eq(messages.senderId, key.senderId),
            eq(messages.clientId, key.clientId),
          ),
        ),
      ),
    );
}

export async function updateMessageText(db: Db, id: string, text: string) {
  await db.update(messages).set({ text, editedAt: new Date() }).where(eq(messages.id, id));
}

/**
 * Unsends a message of `chatId`. When it was the chat's last, the chat's time (`lastMessageAt`, the
 * list's order and its `updatedAt`) goes back to the message now last, or to the chat's creation: the
 * list is never ordered by a message nobody can see. The chat's row is locked first, so two unsends at
 * once each see the other's. Answers whether it was unsent, and the members whose list the chat left
 * with it (one who had deleted the chat, and whom this message alone had brought it back to).
 */
export async function deleteMessage(db: Db, chatId: string, id: string) {
  return db.transaction(async (tx) => {
    await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for("update");
    const listed = () =>
      tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .innerJoin(chats, eq(chats.id, chatMembers.chatId))
        .where(and(eq(chatMembers.chatId, chatId), listedFor(chatMembers)));
    const before = await listed();
    const [deleted] = await tx
      .delete(messages)
      .where(and(eq(messages.id, id), eq(messages.chatId, chatId)))
      .returning({ createdAt: messages.createdAt });
    if (!deleted) return { deleted: false, unlisted: [] as string[] };
    const remaining = tx
      .select({ at: sql`max(${messages.createdAt})` })
      .from(messages)
      .where(eq(messages.chatId, chats.id));
    await tx
      .update(chats)
      .set({ lastMessageAt: sql`coalesce((${remaining}), ${chats.createdAt})` })
      .where(and(eq(chats.id, chatId), lte(chats.lastMessageAt, deleted.createdAt)));
    const after = new Set((await listed()).map((member) => member.userId));
    return { deleted: true, unlisted: before.map((member) => member.userId).filter((m) => !after.has(m)) };
  });
}

export async function latestMessage(db: Db, chatId: string) {
  const [row] = await db
    .select(messageWithSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.chatId, chatId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}

/** Everything up to now counts as seen by the member. */
export async function markSeen(db: Db, chatId: string, userId: string) {
  const [row] = await db
    .update(chatMembers)
    .set({ lastReadAt: sql`greatest(${chatMembers.lastReadAt}, now())` })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)))
    .returning({ lastReadAt: chatMembers.lastReadAt });
  return row?.lastReadAt;
}

/** Deleting a chat clears it from the member's own view only; the others keep theirs. */
export async function clearChat(db: Db, chatId: string, userId: string) {
  await db
    .update(chatMembers)
    .set({ clearedAt: sql`now()`, lastReadAt: sql`greatest(${chatMembers.lastReadAt}, now())` })
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
}

/**
 * The member leaves a group: their membership goes, and the group with it when they were its last
 * member (the chat's row is locked first, so two last members leaving at once still delete it). Answers
 * the members left, each with whether the group is on their list (`chatsOf`'s rule), or nothing when
 * the member was not in it.
 */
export async function leaveGroup(db: Db, chatId: string, userId: string) {
  return db.transaction(async (tx) => {
    await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for("update");
    const [left] = await tx
      .delete(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)))
      .returning({ userId: chatMembers.userId });
    if (!left) return undefined;
    const remaining = await tx
      .select({
        userId: chatMembers.userId,
        listed: sql<boolean>`${listedFor(chatMembers)}`.mapWith(Boolean),
      })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(eq(chatMembers.chatId, chatId));
    if (remaining.length === 0) await tx.delete(chats).where(eq(chats.id, chatId));
    return remaining;
  });
}

/**
 * Renames a group while the member is still in it (one leaving at the same moment renames nothing), and
 * answers it with the members who have it on their list (`chatsOf`'s rule), or nothing. `lastMessageAt`
 * is left alone: a new name is no activity, so the group keeps its place in every list.
 */
export async function renameGroup(db: Db, chatId: string, userId: string, name: string) {
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .update(chats)
      .set({ name })
      .where(
        and(
          eq(chats.id, chatId),
          eq(chats.isGroupChat, true),
          exists(
            tx
              .select({ one: sql`1` })
              .from(chatMembers)
              .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId))),
          ),
        ),
      )
      .returning();
    if (!chat) return undefined;
    return { chat, listed: await listedMembersOf(tx, chatId) };
  });
}

/**
 * These chats, those still there, each with the members who have it on their list (`chatsOf`'s rule):
 * two queries for any number of chats.
 */
export async function chatsWithListedMembers(db: Db, chatIds: string[]) {
  if (chatIds.length === 0) return [];
  const [rows, listed] = await Promise.all([
    db.select().from(chats).where(inArray(chats.id, chatIds)),
    db
      .select({ chatId: chatMembers.chatId, userId: chatMembers.userId })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(and(inArray(chatMembers.chatId, chatIds), listedFor(chatMembers))),
  ]);
  return rows.map((chat) => ({
    chat,
    listed: listed.filter((member) => member.chatId === chat.id).map((member) => member.userId),
  }));
}

/** The members who have the chat on their list (`chatsOf`'s rule). */
async function listedMembersOf(db: Db, chatId: string) {
  const listed = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.chatId, chatId), listedFor(chatMembers)));
  return listed.map((member) => member.userId);
}

/** Every chat the member is in, those they deleted (cleared) included. */
export async function chatIdsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: chatMembers.chatId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  return rows.map((row) => row.id);
}

/** The members a chat has reached (one it has not reached yet hears nothing of it). */
export async function memberIdsOf(db: Db, chatId: string) {
  const rows = await db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.chatId, chatId), reached(chatMembers)));
  return rows.map((row) => row.id);
}

/**
 * Everyone who shares a chat with the member that both accepted and both have (`reached`): who hears
 * when they come online or go; never a member blocked either way, never through a message request nor
 * a chat without a word that the other has not heard of.
 */
export async function partnerIdsOf(db: Db, userId: string) {
  const mine = db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.userId, userId), isNotNull(chatMembers.acceptedAt), reached(chatMembers)));
  const rows = await db
    .selectDistinct({ id: chatMembers.userId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        inArray(chatMembers.chatId, mine),
        ne(chatMembers.userId, userId),
        isNotNull(chatMembers.acceptedAt),
        reached(chatMembers),
        notBlockedBetween(db, userId, chatMembers.userId),
      ),
    );
  return rows.map((row) => row.id);
}

/** Whether two members share a chat both accepted and both have (presence is theirs to share). */
export async function shareAChat(db: Db, userId: string, otherId: string) {
  const theirs = alias(chatMembers, "their_membership");
  const rows = await db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .innerJoin(
      theirs,
      and(
        eq(theirs.chatId, chatMembers.chatId),
        eq(theirs.userId, otherId),
        isNotNull(theirs.acceptedAt),
        reached(theirs),
      ),
    )
    .where(and(eq(chatMembers.userId, userId), isNotNull(chatMembers.acceptedAt), reached(chatMembers)))
    .limit(1);
  return rows.length > 0;
}

/**
 * These members with the viewer's relation to each (who exists, whether a block lies between), who
 * may message them, and whether they follow the viewer (a chat the viewer starts is a request otherwise).
 */
export async function membersAs(db: Db, viewerId: string, ids: string[]) {
  return db
    .select({
      id: users.id,
      username: users.username,
      isPrivate: users.isPrivate,
      messagesFrom: users.messagesFrom,
      followsViewer: isFollowing(db, users.id, viewerId).mapWith(Boolean),
      relation: relationTo(db, viewerId, users.id),
    })
    .from(users)
    .where(inArray(users.id, ids));
}
