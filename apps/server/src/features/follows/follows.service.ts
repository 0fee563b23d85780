import type { FollowListMember, FollowResponse } from "@flik/shared";
import type { Db } from "../../db/database.js";
import { decodeCursor, encodeCursor } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { badRequest, forbidden, notFound } from "../../platform/errors.js";
import type { Caller } from "../sessions/sessions.service.js";
import {
  countFollowers,
  deleteFollow,
  followerIdsOf,
  followingIdsOf,
  followListPage,
  followStateOf,
  insertFollow,
  isFollowing,
  memberExists,
} from "./follows.queries.js";

export type FollowsService = ReturnType<typeof createFollowsService>;

export function createFollowsService(deps: { db: Db; domainEvents?: DomainEvents }) {
  const { db, domainEvents } = deps;

  async function checkTarget(caller: Caller, userId: string) {
    if (userId === caller.userId) throw badRequest("You cannot follow yourself");
    if (!(await memberExists(db, userId))) throw notFound("Member not found");
  }

  /** May `viewerId` see what `author` shares? Public members, oneself, and followers of private ones. */
  async function canSee(viewerId: string, author: { id: string; isPrivate: boolean }): Promise<boolean> {
    if (!author.isPrivate || author.id === viewerId) return true;
    return isFollowing(db, viewerId, author.id);
  }

  return {
    /** Idempotent: following twice is one follow. */
    async follow(caller: Caller, userId: string): Promise<FollowResponse> {
      await checkTarget(caller, userId);
      if (await insertFollow(db, caller.userId, userId))
        await domainEvents?.publish("memberFollowed", { followerId: caller.userId, followeeId: userId });
      return { isFollowed: true, followersCount: await countFollowers(db, userId) };
    },

    async unfollow(caller: Caller, userId: string): Promise<FollowResponse> {
      await checkTarget(caller, userId);
      await deleteFollow(db, caller.userId, userId);
      return { isFollowed: false, followersCount: await countFollowers(db, userId) };
    },

    canSee,

    /** A page of a member's followers or followings; a private member's only for their followers. */
    async list(
      caller: Caller,
      which: "followers" | "following",
      member: { id: string; isPrivate: boolean },
      page: { limit: number; cursor?: string | undefined },
    ): Promise<{ members: FollowListMember[]; nextCursor: string | null }> {
      if (!(await canSee(caller.userId, member))) throw forbidden("This account is private");
      const rows = await followListPage(
        db,
        which,
        member.id,
        caller.userId,
        page.limit + 1,
        decodeCursor(page.cursor),
      );
      const pageRows = rows.slice(0, page.limit);
      const last = pageRows.at(-1);
      return {
        members: pageRows.map((row) => ({
          _id: row.id,
          username: row.username,
          fullName: row.fullName,
          avatar: row.avatar,
          isFollowed: row.isFollowed,
        })),
        nextCursor:
          rows.length > page.limit && last ? encodeCursor({ createdAt: last.followedAt, id: last.id }) : null,
      };
    },

    stateOf: (userIds: string[], viewerId: string) => followStateOf(db, userIds, viewerId),
    followerIdsOf: (userId: string) => followerIdsOf(db, userId),
    followingIdsOf: (userId: string) => followingIdsOf(db, userId),
  };
}
