import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder } from "../../db/prepared.js";
import { blocks, followRequests, follows, users } from "../../db/schema.js";
import { notBlockedBetween, relationTo } from "./users.policy.js";

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

type BlockedTuple = [id: string, username: string, fullName: string, avatar: string];
const blocked = alias(users, "blocked");

/**
 * The member's own account with the ids of their newest followers and followings (each a bounded walk
 * of a follows index), the follow requests waiting for them and whom they block (newest block first),
 * in one prepared statement (every page load asks for it). The id lists come as one comma-separated
 * text each: parsing two PostgreSQL arrays of a hundred uuids cost more than the rest of the answer.
 */
const prepareFindOwnAccount = perDatabase((db) => {
  const newest = (listed: AnyPgColumn, anchor: AnyPgColumn) =>
    sql<string>`array_to_string(array(${db
      .select({ id: listed })
      .from(follows)
      .where(eq(anchor, users.id))
      .orderBy(desc(follows.createdAt), desc(listed))
      .limit(placeholder("idsListed"))}), ',')`;
  const statement = db
    .select({
      member: users,
      followers: newest(follows.followerId, follows.followeeId),
      following: newest(follows.followeeId, follows.followerId),
      followRequestsCount: sql<number>`(${db
        .select({ count: sql`count(*)` })
        .from(followRequests)
        .where(eq(followRequests.targetId, users.id))})`.mapWith(Number),
      // Newest block first, from blocks_blocker_created_idx.
      blockedUsers: sql<BlockedTuple[]>`array_to_json(array(${db
        .select({
          member: sql`json_build_array(${blocked.id}, ${blocked.username}, ${blocked.fullName}, ${blocked.avatar})`,
        })
        .from(blocks)
        .innerJoin(blocked, eq(blocked.id, blocks.blockedId))
        .where(eq(blocks.blockerId, users.id))
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))}))`,
    })
    .from(users)
    .where(eq(users.id, placeholder("id")))
    .prepare("find_own_account");
  const ids = (list: string) => (list === "" ? [] : list.split(","));
  return async (id: string, idsListed: number) => {
    const [row] = await statement.execute({ id, idsListed });
    return (
      row && {
        member: row.member,
        followers: ids(row.followers),
        following: ids(row.following),
        followRequestsCount: row.followRequestsCount,
        blockedUsers: row.blockedUsers.map(([_id, username, fullName, avatar]) => ({
          _id,
          username,
          fullName,
          avatar,
        })),
      }
    );
  };
});

export function findOwnAccount(db: Db, id: string, idsListed: number) {
  return prepareFindOwnAccount(db)(id, idsListed);
}

/** A member by id or username, with the viewer's relation to them (what the policies need). */
export async function findMemberAs(db: Db, viewerId: string, by: { id: string } | { username: string }) {
  const [row] = await db
    .select({ member: users, relation: relationTo(db, viewerId, users.id) })
    .from(users)
    .where("id" in by ? eq(users.id, by.id) : eq(users.username, by.username.toLowerCase()));
  return row && { ...row.member, relation: row.relation };
}

export async function usernameTakenByOther(db: Db, username: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), sql`${users.id} <> ${userId}`));
  return row !== undefined;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Members whose username or full name holds the text (any case), usernames that start with it first;
 * never one the viewer blocked or who blocked the viewer.
 */
export function searchUsers(db: Db, viewerId: string, text: string, limit: number) {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const contains = `%${escaped}%`;
  return db
    .select({ _id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar })
    .from(users)
    .where(
      and(
        or(ilike(users.username, contains), ilike(users.fullName, contains)),
        notBlockedBetween(db, viewerId, users.id),
      ),
    )
    .orderBy(sql`${users.username} like ${`${escaped}%`} desc`, asc(users.username))
    .limit(limit);
}
