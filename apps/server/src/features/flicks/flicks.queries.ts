import { and, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { follows, postLikes, posts, users } from "../../db/schema.js";
import type { Cursor } from "../../platform/cursor.js";

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
        cursor &&
          or(
            lt(posts.createdAt, cursor.createdAt),
            and(eq(posts.createdAt, cursor.createdAt), lt(posts.id, cursor.id)),
          ),
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

export interface ReactionRow {
  postId: string;
  userId: string;
  username: string;
  emoji: string;
  total: number;
  likedByViewer: boolean;
}

/**
 * For a page of flicks, in one query: the newest reactions (the viewer's own always among them), the
 * like count and whether the viewer likes each.
 */
export async function reactionSummaries(db: Db, postIds: string[], viewerId: string, listed: number) {
  const summaries = new Map<string, ReactionRow[]>();
  if (postIds.length === 0) return summaries;
  const ranked = db
    .select({
      postId: postLikes.postId,
      userId: postLikes.userId,
      emoji: postLikes.emoji,
      rank: sql<number>`row_number() over (partition by ${postLikes.postId} order by ${postLikes.createdAt} desc)`
        .mapWith(Number)
        .as("rank"),
      total: sql<number>`count(*) over (partition by ${postLikes.postId})`.mapWith(Number).as("total"),
      likedByViewer:
        sql<boolean>`bool_or(${postLikes.userId} = ${viewerId}) over (partition by ${postLikes.postId})`.as(
          "liked_by_viewer",
        ),
    })
    .from(postLikes)
    .where(inArray(postLikes.postId, postIds))
    .as("ranked_reactions");
  const rows = await db
    .select({
      postId: ranked.postId,
      userId: ranked.userId,
      username: users.username,
      emoji: ranked.emoji,
      total: ranked.total,
      likedByViewer: ranked.likedByViewer,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .where(or(lte(ranked.rank, listed), eq(ranked.userId, viewerId)))
    .orderBy(ranked.rank);
  for (const row of rows) summaries.set(row.postId, [...(summaries.get(row.postId) ?? []), row]);
  return summaries;
}

export async function findAuthorPrivacy(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, isPrivate: users.isPrivate })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
