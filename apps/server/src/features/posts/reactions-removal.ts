import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { postComments, postLikes, posts } from "../../db/schema.js";
import type { ReactionsRemoved } from "../../platform/domain-events.js";

/** Posts read per statement when their counts are read back: well under any engine's parameter limit. */
const POSTS_PER_READ = 5_000;

/**
 * Takes a member's likes and comments off other members' posts (one owner's, `onPostsOf`, for a block;
 * everyone's for a deleted account), and answers what went from each post with its counts after (the
 * counter triggers have run). Each delete is a join the planner serves from indexes from either side,
 * the smaller: the owner's posts (posts_user_created_idx, then the likes' key or the comments' post
 * index) or the member's own likes or comments (their user indexes).
 */
export async function removeReactions(
  tx: Db,
  memberId: string,
  options: { onPostsOf?: string } = {},
): Promise<ReactionsRemoved[]> {
  const onPosts = options.onPostsOf
    ? tx.select({ id: posts.id }).from(posts).where(eq(posts.userId, options.onPostsOf))
    : tx.select({ id: posts.id }).from(posts).where(ne(posts.userId, memberId));
  const unliked = await tx
    .delete(postLikes)
    .where(and(eq(postLikes.userId, memberId), inArray(postLikes.postId, onPosts)))
    .returning({ postId: postLikes.postId });
  const uncommented = await tx
    .delete(postComments)
    .where(and(eq(postComments.userId, memberId), inArray(postComments.postId, onPosts)))
    .returning({ id: postComments.id, postId: postComments.postId });
  const touched = [...new Set([...unliked, ...uncommented].map((row) => row.postId))];
  const counts = [];
  for (let start = 0; start < touched.length; start += POSTS_PER_READ) {
    counts.push(
      ...(await tx
        .select({ postId: posts.id, likesCount: posts.likesCount, commentsCount: posts.commentsCount })
        .from(posts)
        .where(inArray(posts.id, touched.slice(start, start + POSTS_PER_READ)))),
    );
  }
  const unlikedIds = new Set(unliked.map((row) => row.postId));
  const commentIdsOf = new Map<string, string[]>();
  for (const { id, postId } of uncommented) {
    const ids = commentIdsOf.get(postId);
    if (ids) ids.push(id);
    else commentIdsOf.set(postId, [id]);
  }
  return counts.map((post) => ({
    ...post,
    likeRemoved: unlikedIds.has(post.postId),
    commentIds: commentIdsOf.get(post.postId) ?? [],
  }));
}
