import { and, eq, inArray, isNull, ne, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { chatMembers, chats, follows, notifications, posts, sessions, users } from "../../db/schema.js";
import { reached } from "../chats/chats.policy.js";
import { removeReactions } from "../posts/reactions-removal.js";

/** What the account calls check against: the member's names, contact details and password hash. */
export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      phone: users.phone,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether another member uses this e-mail address (stored lower-case) or phone number (E.164). */
export async function takenByOther(db: Db, userId: string, by: { email: string } | { phone: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and("email" in by ? eq(users.email, by.email) : eq(users.phone, by.phone), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Switches the member's address or number to a verified one; a unique violation when taken meanwhile. */
export async function setVerifiedContact(
  db: Db,
  userId: string,
  contact: { email: string } | { phone: string },
) {
  const values =
    "email" in contact
      ? { email: contact.email, emailVerified: true }
      : { phone: contact.phone, phoneVerified: true };
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Deletes a member's account in one transaction: what others are shown of it first, so that it can be
 * told (the notifications they sent, their likes and comments on others' posts with those posts' counts
 * after, their own posts), and their one-to-one chats (a chat of one, its partner's half of a
 * conversation, would be left otherwise); then their row, whose rows everywhere go by cascade, the
 * counters they counted in kept by the triggers (followers, likes, comments, votes, unread
 * notifications) and the changes announced to every node. Nothing when the member was already gone.
 */
export async function deleteMember(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ isPrivate: users.isPrivate })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!member) return null;
    const ended = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const removedNotifications = await tx
      .delete(notifications)
      .where(and(eq(notifications.senderId, userId), ne(notifications.recipientId, userId)))
      .returning({ id: notifications.id, recipientId: notifications.recipientId, type: notifications.type });
    const removedFromPosts = await removeReactions(tx, userId);
    const ownPosts = await tx
      .select({ postId: posts.id, image: posts.image, mediaType: posts.mediaType })
      .from(posts)
      .where(eq(posts.userId, userId));
    // Their flicks' audience, told once the follows are gone: read now, and only when there are flicks.
    const followerIds = ownPosts.some((post) => post.mediaType === "video")
      ? (await tx.select({ id: follows.followerId }).from(follows).where(eq(follows.followeeId, userId))).map(
          (row) => row.id,
        )
      : [];
    const mine = tx
      .select({ chatId: chatMembers.chatId })
      .from(chatMembers)
      .where(eq(chatMembers.userId, userId));
    // Locked as a leave locks its group: the last other member leaving meanwhile cannot leave it empty.
    await tx.select({ id: chats.id }).from(chats).where(inArray(chats.id, mine)).for("update");
    const others = await tx
      .select({
        chatId: chatMembers.chatId,
        memberId: chatMembers.userId,
        isGroupChat: chats.isGroupChat,
        reached: reached(chatMembers),
      })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(and(inArray(chatMembers.chatId, mine), ne(chatMembers.userId, userId)));
    // A group they were the last one in goes too, as when the last member leaves it.
    const someoneElseIn = tx
      .select({ one: sql`1` })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chats.id), ne(chatMembers.userId, userId)));
    await tx
      .delete(chats)
      .where(and(inArray(chats.id, mine), or(eq(chats.isGroupChat, false), notExists(someoneElseIn))));
    await tx.delete(users).where(eq(users.id, userId));
    return {
      userId,
      isPrivate: member.isPrivate,
      sessionIds: ended.map((row) => row.id),
      posts: ownPosts,
      followerIds,
      removedFromPosts,
      removedNotifications,
      // A chat the partner was never reached by (started, never written in) is none of theirs.
      directChats: others
        .filter((row) => !row.isGroupChat && row.reached)
        .map(({ chatId, memberId }) => ({ chatId, memberId })),
      groupChatIds: unique(others.filter((row) => row.isGroupChat).map((row) => row.chatId)),
    };
  });
}

const unique = (ids: string[]) => [...new Set(ids)];
