import { and, asc, eq, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import {
  blocks,
  chatMembers,
  chats,
  followRequests,
  follows,
  highlights,
  messages,
  notifications,
  postComments,
  postLikes,
  posts,
  sessions,
  stories,
  supportRequests,
  userIdentities,
  users,
} from "../../db/schema.js";
import { reached } from "../chats/chats.policy.js";
import { notBlockedBetween } from "../users/users.policy.js";

/**
 * The data download reads each list in keyset pages, oldest first, from the member's own index: a
 * page starts after the last row of the one before (its exact time and id), so every page costs the
 * same however long the list, and nothing is read twice or skipped.
 */
export interface Position {
  /** The row's time as PostgreSQL wrote it (microseconds kept, which a JS Date would lose). */
  at: string;
  id: string;
}

/** The rows after `after` in (time, id) order; the first page when undefined. */
function after(position: Position | undefined, time: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  if (!position) return undefined;
  const at = sql`${position.at}::timestamptz`;
  return or(gt(time, at), and(eq(time, at), gt(id, position.id)));
}

/** The exact time of a row, for the next page's start. */
const exactTime = (time: AnyPgColumn) => sql<string>`${time}::text`;

export async function findMember(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export function postsPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: posts.id,
      caption: posts.caption,
      location: posts.location,
      tags: posts.tags,
      image: posts.image,
      mediaType: posts.mediaType,
      isReel: posts.isReel,
      width: posts.width,
      height: posts.height,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      sharesCount: posts.sharesCount,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      at: exactTime(posts.createdAt),
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), after(position, posts.createdAt, posts.id)))
    .orderBy(asc(posts.createdAt), asc(posts.id))
    .limit(limit);
}

export function commentsPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      text: postComments.text,
      createdAt: postComments.createdAt,
      at: exactTime(postComments.createdAt),
    })
    .from(postComments)
    .where(and(eq(postComments.userId, userId), after(position, postComments.createdAt, postComments.id)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(limit);
}

export function likesPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      postId: postLikes.postId,
      emoji: postLikes.emoji,
      createdAt: postLikes.createdAt,
      at: exactTime(postLikes.createdAt),
    })
    .from(postLikes)
    .where(and(eq(postLikes.userId, userId), after(position, postLikes.createdAt, postLikes.postId)))
    .orderBy(asc(postLikes.createdAt), asc(postLikes.postId))
    .limit(limit);
}

/** Who follows the member ("followers") or whom they follow ("following"), with usernames. */
export function followsPage(
  db: Db,
  which: "followers" | "following",
  userId: string,
  position: Position | undefined,
  limit: number,
) {
  const [anchor, listed] =
    which === "followers"
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  return db
    .select({
      id: users.id,
      username: users.username,
      since: follows.createdAt,
      at: exactTime(follows.createdAt),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, listed))
    .where(and(eq(anchor, userId), after(position, follows.createdAt, listed)))
    .orderBy(asc(follows.createdAt), asc(listed))
    .limit(limit);
}

/** Whom the member blocked, oldest block first (the blocker's index, read backwards). */
export function blocksPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      since: blocks.createdAt,
      at: exactTime(blocks.createdAt),
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, userId), after(position, blocks.createdAt, blocks.blockedId)))
    .orderBy(asc(blocks.createdAt), asc(blocks.blockedId))
    .limit(limit);
}

/** Follow requests waiting: those the member received (`from`) or sent (`to`), oldest first. */
export function followRequestsPage(
  db: Db,
  which: "received" | "sent",
  userId: string,
  position: Position | undefined,
  limit: number,
) {
  const [anchor, listed] =
    which === "received"
      ? [followRequests.targetId, followRequests.requesterId]
      : [followRequests.requesterId, followRequests.targetId];
  return db
    .select({
      id: users.id,
      username: users.username,
      since: followRequests.createdAt,
      at: exactTime(followRequests.createdAt),
    })
    .from(followRequests)
    .innerJoin(users, eq(users.id, listed))
    .where(and(eq(anchor, userId), after(position, followRequests.createdAt, listed)))
    .orderBy(asc(followRequests.createdAt), asc(listed))
    .limit(limit);
}

export function highlightsPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: highlights.id,
      name: highlights.name,
      type: highlights.type,
      src: highlights.src,
      createdAt: highlights.createdAt,
      updatedAt: highlights.updatedAt,
      at: exactTime(highlights.createdAt),
    })
    .from(highlights)
    .where(and(eq(highlights.userId, userId), after(position, highlights.createdAt, highlights.id)))
    .orderBy(asc(highlights.createdAt), asc(highlights.id))
    .limit(limit);
}

/** The member's stories, live and expired (their archive), from its index read backwards. */
export function storiesPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: stories.id,
      mediaType: stories.mediaType,
      mediaUrl: stories.mediaUrl,
      viewersCount: stories.viewersCount,
      createdAt: stories.createdAt,
      at: exactTime(stories.createdAt),
    })
    .from(stories)
    .where(and(eq(stories.userId, userId), after(position, stories.createdAt, stories.id)))
    .orderBy(asc(stories.createdAt), asc(stories.id))
    .limit(limit);
}

/** The member's chats (those they cleared too: their sent messages are still theirs), by id. */
export function chatsPage(db: Db, userId: string, afterId: string | undefined, limit: number) {
  return db
    .select({
      id: chats.id,
      isGroupChat: chats.isGroupChat,
      name: chats.name,
      createdAt: chats.createdAt,
      joinedAt: chatMembers.joinedAt,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, userId),
        reached(chatMembers),
        afterId ? gt(chatMembers.chatId, afterId) : undefined,
      ),
    )
    .orderBy(asc(chatMembers.chatId))
    .limit(limit);
}

/** Who is in these chats (id and username: what the member sees of them in the app). */
export function participantsOf(db: Db, chatIds: string[]) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db
    .select({ chatId: chatMembers.chatId, id: users.id, username: users.username })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(inArray(chatMembers.chatId, chatIds))
    .orderBy(asc(chatMembers.chatId), asc(users.username));
}

/** The messages the member sent in one chat (never the others': those are theirs). */
export function sentMessagesPage(
  db: Db,
  chatId: string,
  userId: string,
  position: Position | undefined,
  limit: number,
) {
  return db
    .select({
      id: messages.id,
      text: messages.text,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
      at: exactTime(messages.createdAt),
    })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(messages.senderId, userId),
        after(position, messages.createdAt, messages.id),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}

export function notificationsPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      from: { id: users.id, username: users.username },
      postId: notifications.postId,
      comment: notifications.comment,
      read: notifications.read,
      createdAt: notifications.createdAt,
      at: exactTime(notifications.createdAt),
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.senderId))
    .where(
      and(
        eq(notifications.recipientId, userId),
        after(position, notifications.createdAt, notifications.id),
        // As the notifications list: none from a member blocked either way, however it was stored.
        notBlockedBetween(db, userId, notifications.senderId),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(limit);
}

/** Sessions as the member's settings list them; never anything a token is made from. */
export function sessionsPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      browser: sessions.browser,
      location: sessions.location,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      at: exactTime(sessions.createdAt),
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), after(position, sessions.createdAt, sessions.id)))
    .orderBy(asc(sessions.createdAt), asc(sessions.id))
    .limit(limit);
}

/** The member's linked sign-ins (issue 19): the provider and address, not the provider's id of them. */
export function identitiesPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: userIdentities.id,
      issuer: userIdentities.issuer,
      email: userIdentities.email,
      createdAt: userIdentities.createdAt,
      at: exactTime(userIdentities.createdAt),
    })
    .from(userIdentities)
    .where(
      and(eq(userIdentities.userId, userId), after(position, userIdentities.createdAt, userIdentities.id)),
    )
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id))
    .limit(limit);
}

export function supportRequestsPage(db: Db, userId: string, position: Position | undefined, limit: number) {
  return db
    .select({
      id: supportRequests.id,
      message: supportRequests.message,
      createdAt: supportRequests.createdAt,
      mailedAt: supportRequests.mailedAt,
      at: exactTime(supportRequests.createdAt),
    })
    .from(supportRequests)
    .where(
      and(eq(supportRequests.userId, userId), after(position, supportRequests.createdAt, supportRequests.id)),
    )
    .orderBy(asc(supportRequests.createdAt), asc(supportRequests.id))
    .limit(limit);
}
