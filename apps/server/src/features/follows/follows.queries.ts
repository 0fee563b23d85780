import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { follows } from "../../db/schema.js";

export async function insertFollow(db: Db, followerId: string, followeeId: string) {
  await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
}

export async function deleteFollow(db: Db, followerId: string, followeeId: string) {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

export async function countFollowers(db: Db, userId: string) {
  const [row] = await db.select({ total: count() }).from(follows).where(eq(follows.followeeId, userId));
  return row?.total ?? 0;
}

/** For a page of members: how many follow each, and whether the viewer does; one query. */
export async function followStateOf(db: Db, userIds: string[], viewerId: string) {
  if (userIds.length === 0) return new Map<string, { followersCount: number; isFollowed: boolean }>();
  const rows = await db
    .select({
      userId: follows.followeeId,
      followersCount: count(),
      isFollowed: sql<boolean>`bool_or(${follows.followerId} = ${viewerId})`,
    })
    .from(follows)
    .where(inArray(follows.followeeId, userIds))
    .groupBy(follows.followeeId);
  return new Map(
    rows.map((row) => [row.userId, { followersCount: row.followersCount, isFollowed: row.isFollowed }]),
  );
}

export async function isFollowing(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return row !== undefined;
}

export async function followerIdsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, userId));
  return rows.map((row) => row.id);
}
