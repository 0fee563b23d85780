import { and, desc, eq, not, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { perDatabase, placeholder } from "../../db/prepared.js";
import { followRequests, follows, users } from "../../db/schema.js";
import { type Cursor, olderThan } from "../../platform/cursor.js";
import { notBlockedBetween, relationTo } from "../users/users.policy.js";

/** The member to follow, with the viewer's relation to them (follower, asked, blocked): one query. */
export async function findTarget(db: Db, viewerId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, isPrivate: users.isPrivate, relation: relationTo(db, viewerId, users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Does the follower follow the member already? (SQL, for the conditional insert below.) */
const alreadyFollows = (db: Db, followerId: string, followeeId: string) =>
  sql`exists (${db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))})`;

/**
 * Adds a follow unless either member blocked the other (checked in the same statement, so a block
 * that committed first always wins); false when it was there already or refused.
 */
export async function insertFollow(db: Db, followerId: string, followeeId: string) {
  const rows = await db
    .insert(follows)
    .select(
      db
        .select({
          followerId: sql`${followerId}::uuid`.as("follower_id"),
          followeeId: users.id,
          createdAt: sql`now()`.as("created_at"),
        })
        .from(users)
        .where(and(eq(users.id, followeeId), notBlockedBetween(db, followerId, users.id))),
    )
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return rows.length > 0;
}

/**
 * Asks a private member to follow them, in one statement that checks the target is still private, not
 * followed already and not blocked either way: "made" when a new request was stored, "pending" when
 * one waits already, "not needed" when the target is no longer private (or is followed already).
 */
export async function insertFollowRequest(db: Db, requesterId: string, targetId: string) {
  const [made] = await db
    .insert(followRequests)
    .select(
      db
        .select({
          requesterId: sql`${requesterId}::uuid`.as("requester_id"),
          targetId: users.id,
          createdAt: sql`now()`.as("created_at"),
        })
        .from(users)
        .where(
          and(
            eq(users.id, targetId),
            eq(users.isPrivate, true),
            not(alreadyFollows(db, requesterId, targetId)),
            notBlockedBetween(db, requesterId, users.id),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ requesterId: followRequests.requesterId });
  if (made) return "made" as const;
  return (await hasFollowRequest(db, requesterId, targetId)) ? ("pending" as const) : ("not needed" as const);
}

async function hasFollowRequest(db: Db, requesterId: string, targetId: string) {
  const where = and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId));
  return (await db.$count(followRequests, where)) > 0;
}

/** Removes a pending request (withdrawn or declined); true when there was one. */
export async function deleteFollowRequest(db: Db, requesterId: string, targetId: string) {
  const removed = await db
    .delete(followRequests)
    .where(and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)))
    .returning({ requesterId: followRequests.requesterId });
  return removed.length > 0;
}

/**
 * Turns the target's pending requests (one requester's, or all of them) into follows, in one
 * statement (atomic: no request is lost between the two). Answers the requesters whose request it was.
 */
export async function acceptFollowRequests(db: Db, targetId: string, requesterId?: string) {
  const accepted = db.$with("accepted").as(
    db
      .delete(followRequests)
      .where(
        and(
          eq(followRequests.targetId, targetId),
          requesterId === undefined ? undefined : eq(followRequests.requesterId, requesterId),
        ),
      )
      .returning({ requesterId: followRequests.requesterId, targetId: followRequests.targetId }),
  );
  const made = db.$with("made").as(
    db
      .insert(follows)
      .select(
        db
          .select({
            followerId: sql`${accepted.requesterId}`.as("follower_id"),
            followeeId: sql`${accepted.targetId}`.as("followee_id"),
            createdAt: sql`now()`.as("created_at"),
          })
          .from(accepted),
      )
      .onConflictDoNothing()
      .returning({ followerId: follows.followerId }),
  );
  // A data-modifying CTE runs whether or not the query reads it.
  const rows = await db.with(accepted, made).select({ requesterId: accepted.requesterId }).from(accepted);
  return rows.map((row) => row.requesterId);
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

/** What a follow event tells of the member followed: their count now, and whether they are private. */
export async function followedMemberNow(db: Db, userId: string) {
  const [row] = await db
    .select({ followersCount: users.followersCount, isPrivate: users.isPrivate })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { followersCount: 0, isPrivate: false };
}

export function followerIdsStatement(db: Db) {
  return db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followeeId, placeholder<string>("userId")));
}

const prepareFollowerIds = perDatabase((db) => followerIdsStatement(db).prepare("follower_ids"));

/** Who follows a member (whom a new post of theirs is announced to): asked on every new post. */
export async function followerIdsOf(db: Db, userId: string) {
  const rows = await prepareFollowerIds(db).execute({ userId });
  return rows.map((row) => row.id);
}

/** Whom a member follows (their feed's authors beside themselves). */
export async function followeeIdsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, userId));
  return rows.map((row) => row.id);
}

/**
 * A page of a member's followers (or of whom they follow), newest follow first, with whether the viewer
 * follows or asked to follow each of them; members blocked either way with the viewer are left out.
 * One query.
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
  const relation = relationTo(db, viewerId, users.id);
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      avatar: users.avatar,
      isPrivate: users.isPrivate,
      followedAt: follows.createdAt,
      isFollowed: relation.isFollower,
      isRequested: relation.isRequested,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, listed))
    .where(
      and(
        eq(anchor, userId),
        olderThan(cursor, follows.createdAt, listed),
        notBlockedBetween(db, viewerId, listed),
      ),
    )
    .orderBy(desc(follows.createdAt), desc(listed))
    .limit(limit);
}

/** A page of the member's incoming follow requests, newest first, from its index: one query. */
export function followRequestsPage(db: Db, targetId: string, limit: number, cursor: Cursor | undefined) {
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      avatar: users.avatar,
      requestedAt: followRequests.createdAt,
    })
    .from(followRequests)
    .innerJoin(users, eq(users.id, followRequests.requesterId))
    .where(
      and(
        eq(followRequests.targetId, targetId),
        olderThan(cursor, followRequests.createdAt, followRequests.requesterId),
      ),
    )
    .orderBy(desc(followRequests.createdAt), desc(followRequests.requesterId))
    .limit(limit);
}
