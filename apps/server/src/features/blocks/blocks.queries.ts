import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import {
  blocks,
  followRequests,
  follows,
  notificationMailItems,
  notifications,
  stories,
  storyViews,
  users,
} from "../../db/schema.js";
import { removeReactions } from "../posts/reactions-removal.js";

/** The member to block, by id: just what the answer names. */
export async function findMember(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Rows of `a` and `b` either way round, for a table's two member columns. */
const betweenPair = (left: Parameters<typeof eq>[0], right: Parameters<typeof eq>[0], a: string, b: string) =>
  or(and(eq(left, a), eq(right, b)), and(eq(left, b), eq(right, a)));

/**
 * Blocks `blockedId` for `blockerId`, in one transaction with what a block ends between the two, both
 * ways: follows (the counter triggers keep counts right), pending follow requests, the notifications
 * one had of the other (with their unread count), what waits for a notification mail and each one's
 * views of the other's stories (with the stories' viewer counts); and, as on Instagram, the blocked
 * member's likes and comments on the blocker's posts (spec §10; the blocker's on theirs stay). Two
 * blocks of one pair (either way) run one after the other. True when the block is new.
 */
export async function insertBlock(db: Db, blockerId: string, blockedId: string) {
  return db.transaction(async (tx) => {
    const pair = [blockerId, blockedId].sort().join(":");
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`block:${pair}`}, 0))`);
    const made = await tx
      .insert(blocks)
      .values({ blockerId, blockedId })
      .onConflictDoNothing()
      .returning({ blockerId: blocks.blockerId });
    await tx.delete(follows).where(betweenPair(follows.followerId, follows.followeeId, blockerId, blockedId));
    const removedRequests = await tx
      .delete(followRequests)
      .where(betweenPair(followRequests.requesterId, followRequests.targetId, blockerId, blockedId))
      .returning({ requesterId: followRequests.requesterId, targetId: followRequests.targetId });
    const removedNotifications = await tx
      .delete(notifications)
      .where(betweenPair(notifications.recipientId, notifications.senderId, blockerId, blockedId))
      .returning({ id: notifications.id, recipientId: notifications.recipientId });
    await tx
      .delete(notificationMailItems)
      .where(betweenPair(notificationMailItems.userId, notificationMailItems.actorId, blockerId, blockedId));
    const removedFromPosts = await removeReactions(tx, blockedId, { onPostsOf: blockerId });
    await removeStoryViewsBetween(tx, blockerId, blockedId);
    return { made: made.length > 0, removedNotifications, removedRequests, removedFromPosts };
  });
}

/**
 * Takes each member's views off the other's stories and lowers those stories' viewer counts, in one
 * statement: a (story, viewer) pair is one row, so each story loses one view at most (never below
 * zero, should a count ever have drifted). The viewer's index (story_views_viewer_idx) finds the views
 * from either side.
 */
async function removeStoryViewsBetween(tx: Db, a: string, b: string) {
  await tx.execute(sql`
    with removed as (
      delete from ${storyViews} using ${stories}
      where ${stories.id} = ${storyViews.storyId}
        and ((${storyViews.viewerId} = ${b} and ${stories.userId} = ${a})
          or (${storyViews.viewerId} = ${a} and ${stories.userId} = ${b}))
      returning ${storyViews.storyId} as story_id
    )
    update ${stories} set viewers_count = greatest(viewers_count - 1, 0)
    where ${stories.id} in (select story_id from removed)`);
}

/** Lifts the blocker's block and answers whom it blocked, or undefined when there was none. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string) {
  const removed = db.$with("removed").as(
    db
      .delete(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
      .returning({ blockedId: blocks.blockedId }),
  );
  const [row] = await db
    .with(removed)
    .select({ username: users.username })
    .from(removed)
    .innerJoin(users, eq(users.id, removed.blockedId));
  return row;
}

/**
 * Everyone the member blocked or who blocked the member: the primary key's blocker prefix one way,
 * blocks_blocked_idx the other.
 */
export async function blockedWithIds(db: Db, userId: string) {
  const rows = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, userId))
    .union(db.select({ id: blocks.blockerId }).from(blocks).where(eq(blocks.blockedId, userId)));
  return rows.map((row) => row.id);
}

/** Whether either of the two still blocks the other. */
export async function blockedEitherWay(db: Db, a: string, b: string) {
  return (await db.$count(blocks, betweenPair(blocks.blockerId, blocks.blockedId, a, b))) > 0;
}
