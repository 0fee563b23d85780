import { and, eq, inArray, isNull, ne, notInArray, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { chatMembers, chats, sessions, users } from "../../db/schema.js";

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
 * Deletes a member's account in one transaction: their one-to-one chats first (a chat of one, its
 * partner's half of a conversation, would be left otherwise), then their row, whose rows everywhere go by
 * cascade, the counters they counted in kept by the triggers (followers, likes, comments, votes, unread
 * notifications) and the changes announced to every node. Returns the sessions that ended, each
 * one-to-one chat deleted with the member it leaves, and the groups left; nothing when the member was
 * already gone.
 */
export async function deleteMember(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    const ended = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    const mine = tx
      .select({ chatId: chatMembers.chatId })
      .from(chatMembers)
      .where(eq(chatMembers.userId, userId));
    const others = await tx
      .select({ chatId: chatMembers.chatId, memberId: chatMembers.userId, isGroupChat: chats.isGroupChat })
      .from(chatMembers)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .where(and(inArray(chatMembers.chatId, mine), ne(chatMembers.userId, userId)));
    // A group they were the last one in goes too, as when the last member leaves it.
    await tx
      .delete(chats)
      .where(
        and(
          inArray(chats.id, mine),
          or(eq(chats.isGroupChat, false), notInArray(chats.id, unique(others.map((row) => row.chatId)))),
        ),
      );
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length === 0) return null;
    return {
      sessionIds: ended.map((row) => row.id),
      directChats: others.filter((row) => !row.isGroupChat),
      groupChatIds: unique(others.filter((row) => row.isGroupChat).map((row) => row.chatId)),
    };
  });
}

const unique = (ids: string[]) => [...new Set(ids)];
