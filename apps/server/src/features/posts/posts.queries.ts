import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { follows, postComments, postLikes, posts, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { contentVisibleTo, relationTo } from "../users/users.policy.js";

/** A post row with its author and the viewer's relation to the author: what the rules need. */
function postAsSeenBy(db: Db, viewerId: string) {
  return db
    .select({
      post: posts,
      author: {
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatar: users.avatar,
        isPrivate: users.isPrivate,
      },
      relation: relationTo(db, viewerId, posts.userId),
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId));
}
export type PostWithAuthor = Awaited<ReturnType<typeof findPostWithAuthor>> & {};

/** One page of the member's feed: their own posts and those of members they follow, newest first. */
export function feedPage(db: Db, viewerId: string, limit: number, cursor: Cursor | undefined) {
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  return postAsSeenBy(db, viewerId)
    .where(
      and(
        or(eq(posts.userId, viewerId), inArray(posts.userId, followed)),
        olderThan(cursor, posts.createdAt, posts.id),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/** One page of a member's own posts, newest first (their profile grid). */
export function authorPage(
  db: Db,
  authorId: string,
  viewerId: string,
  limit: number,
  cursor: Cursor | undefined,
) {
  return postAsSeenBy(db, viewerId)
    .where(and(eq(posts.userId, authorId), olderThan(cursor, posts.createdAt, posts.id)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/** One page of the flicks feed: every video post the viewer may see, newest first. */
export function videoPage(db: Db, viewerId: string, limit: number, cursor: Cursor | undefined) {
  return postAsSeenBy(db, viewerId)
    .where(
      and(
        eq(posts.mediaType, "video"),
        contentVisibleTo(db, viewerId, { id: posts.userId, isPrivate: users.isPrivate }),
        olderThan(cursor, posts.createdAt, posts.id),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/** A post with its author, as `viewerId` is related to the author. */
export async function findPostWithAuthor(db: Db, id: string, viewerId: string) {
  const [row] = await postAsSeenBy(db, viewerId).where(eq(posts.id, id));
  return row;
}

export async function insertPost(db: Db, values: typeof posts.$inferInsert) {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id });
  if (!row) throw new Error("insert into posts returned no row");
  return row.id;
}

export async function updatePost(db: Db, id: string, values: Partial<typeof posts.$inferInsert>) {
  await db
    .update(posts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(posts.id, id));
}

export async function deletePost(db: Db, id: string) {
  await db.delete(posts).where(eq(posts.id, id));
}

export async function incrementShares(db: Db, id: string) {
  const [row] = await db
    .update(posts)
    .set({ sharesCount: sql`${posts.sharesCount} + 1` })
    .where(eq(posts.id, id))
    .returning({ sharesCount: posts.sharesCount });
  return row?.sharesCount ?? 0;
}

/**
 * Adds a like with its reaction, or changes the reaction of the member's like (the primary key makes it
 * one like). `newly` is false when the member had liked the post already.
 */
export async function upsertLike(db: Db, postId: string, userId: string, emoji?: string) {
  const insert = db.insert(postLikes).values({ postId, userId, ...(emoji && { emoji }) });
  // Liking a post again keeps the reaction it has; only a named emoji changes it.
  const [row] = await (emoji
    ? insert.onConflictDoUpdate({ target: [postLikes.postId, postLikes.userId], set: { emoji } })
    : insert.onConflictDoNothing()
  )
    // xmax is 0 on a freshly inserted row version and set on an updated one.
    .returning({ newly: sql<boolean>`(xmax = 0)` });
  return row?.newly ?? false;
}

export async function hasLiked(db: Db, postId: string, userId: string) {
  return (await db.$count(postLikes, and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))) > 0;
}

export async function deleteLike(db: Db, postId: string, userId: string) {
  const rows = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning();
  return rows.length > 0;
}

export interface Liker {
  userId: string;
  username: string;
  /** The reaction a flick's like carries (❤️ for a plain like). */
  emoji: string;
}

export interface LikeSummary {
  /** The newest likers, and the viewer whenever they like it too. */
  likers: Liker[];
  likesCount: number;
  isLiked: boolean;
}

/** For a page of posts, in one query: the newest likers, the like count and the viewer's like. */
export async function likeSummaries(db: Db, postIds: string[], viewerId: string, likersListed: number) {
  const summaries = new Map<string, LikeSummary>();
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
    .as("ranked_likes");
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
    .where(or(lte(ranked.rank, likersListed), eq(ranked.userId, viewerId)))
    .orderBy(ranked.rank);
  for (const { postId, total, likedByViewer, ...liker } of rows) {
    const summary = summaries.get(postId) ?? { likers: [], likesCount: total, isLiked: likedByViewer };
    summary.likers.push(liker);
    summaries.set(postId, summary);
  }
  return summaries;
}

export interface CommentRow {
  id: string;
  postId: string;
  text: string;
  createdAt: Date;
  user: { id: string; username: string; avatar: string };
}

/** For a page of posts, in one query: the newest comments with their authors, and the counts. */
export async function commentSummaries(db: Db, postIds: string[], commentsListed: number) {
  const summaries = new Map<string, { comments: CommentRow[]; commentsCount: number }>();
  if (postIds.length === 0) return summaries;
  const ranked = db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      userId: postComments.userId,
      text: postComments.text,
      createdAt: postComments.createdAt,
      rank: sql<number>`row_number() over (partition by ${postComments.postId} order by ${postComments.createdAt} desc, ${postComments.id} desc)`
        .mapWith(Number)
        .as("rank"),
      total: sql<number>`count(*) over (partition by ${postComments.postId})`.mapWith(Number).as("total"),
    })
    .from(postComments)
    .where(inArray(postComments.postId, postIds))
    .as("ranked_comments");
  const rows = await db
    .select({
      id: ranked.id,
      postId: ranked.postId,
      text: ranked.text,
      createdAt: ranked.createdAt,
      total: ranked.total,
      user: { id: users.id, username: users.username, avatar: users.avatar },
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .where(lte(ranked.rank, commentsListed))
    .orderBy(desc(ranked.rank));
  for (const { total, ...comment } of rows) {
    const summary = summaries.get(comment.postId) ?? { comments: [], commentsCount: total };
    summary.comments.push(comment);
    summaries.set(comment.postId, summary);
  }
  return summaries;
}

export async function insertComment(db: Db, values: { postId: string; userId: string; text: string }) {
  const [row] = await db.insert(postComments).values(values).returning();
  if (!row) throw new Error("insert into post_comments returned no row");
  return row;
}

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  const [row] = await db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      text: postComments.text,
      createdAt: postComments.createdAt,
      user: { id: users.id, username: users.username, avatar: users.avatar },
    })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(eq(postComments.id, id));
  return row;
}

export async function countComments(db: Db, postId: string) {
  return db.$count(postComments, eq(postComments.postId, postId));
}
