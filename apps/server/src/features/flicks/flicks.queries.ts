import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { follows, posts, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";

const flickWithAuthor = {
  post: posts,
  author: {
    id: users.id,
    username: users.username,
    fullName: users.fullName,
    avatar: users.avatar,
    isPrivate: users.isPrivate,
  },
};
export type FlickRow = Awaited<ReturnType<typeof flicksPage>>[number];

/**
 * One page of the flicks feed: every video post the viewer may see (public members', their own, and those
 * of private members they follow), newest first.
 */
export function flicksPage(db: Db, viewerId: string, limit: number, cursor: Cursor | undefined) {
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return db
    .select(flickWithAuthor)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        eq(posts.mediaType, "video"),
        or(eq(users.isPrivate, false), eq(posts.userId, viewerId), inArray(posts.userId, followed)),
        olderThan(cursor, posts.createdAt, posts.id),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export async function findFlick(db: Db, id: string) {
  const [row] = await db
    .select(flickWithAuthor)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.mediaType, "video")));
  return row;
}

export async function findAuthorPrivacy(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, isPrivate: users.isPrivate })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
