import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { follows, posts, users } from "../../db/schema.js";

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase()));
  return row;
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

/** A profile's counts and whether the viewer follows it, in one query. */
export async function profileStats(db: Db, userId: string, viewerId: string) {
  const [row] = await db
    .select({
      postsCount: db.$count(posts, eq(posts.userId, users.id)),
      followersCount: db.$count(follows, eq(follows.followeeId, users.id)),
      followingCount: db.$count(follows, eq(follows.followerId, users.id)),
      isFollowed: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    postsCount: Number(row?.postsCount ?? 0),
    followersCount: Number(row?.followersCount ?? 0),
    followingCount: Number(row?.followingCount ?? 0),
    isFollowed: row?.isFollowed === true,
  };
}
