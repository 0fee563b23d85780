import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { follows, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { relationTo } from "../users/users.policy.js";

/** Adds a follow; false when it was there already. */
export async function insertFollow(db: Db, followerId: string, followeeId: string) {
  const rows = await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Removes the follow; true when there was one. */
export async function deleteFollow(db: Db, followerId: string, followeeId: string) {
  const removed = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ followerId: follows.followerId });
  return removed.length > 0;
}

/** How many follow the member: the count kept on their row. */
export async function countFollowers(db: Db, userId: string) {
  const [row] = await db.select({ total: users.followersCount }).from(users).where(eq(users.id, userId));
  return row?.total ?? 0;
}

export async function followerIdsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, userId));
  return rows.map((row) => row.id);
}

export async function memberExists(db: Db, id: string) {
  return (await db.$count(users, eq(users.id, id))) > 0;
}

/**
 * A page of a member's followers (or of whom they follow), newest follow first, with whether the viewer
 * follows each of them; one query.
 */
export function followListPage(
  db: Db,
  which: "followers" | "following",
  userId: string,
  viewerId: string,
  limit: number,
  cursor: Cursor | undefined,
) {
  const [anchor, listed] =
    which === "followers"
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      avatar: users.avatar,
      followedAt: follows.createdAt,
      isFollowed: relationTo(db, viewerId, users.id).isFollower,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, listed))
    .where(and(eq(anchor, userId), olderThan(cursor, follows.createdAt, listed)))
    .orderBy(desc(follows.createdAt), desc(listed))
    .limit(limit);
}
