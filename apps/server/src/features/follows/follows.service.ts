import type { FollowListMember, FollowResponse } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { decodeCursor, pageOf } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { badRequest, forbidden, notFound } from "../../platform/errors.js";
import type { RelatedMember } from "../users/users.policy.js";
import { canFollow, canSeeFollowListsOf } from "./follows.policy.js";
import {
  countFollowers,
  deleteFollow,
  followerIdsOf,
  followListPage,
  insertFollow,
  memberExists,
} from "./follows.queries.js";

export type FollowsService = ReturnType<typeof createFollowsService>;

export function createFollowsService(deps: { db: Db; domainEvents?: DomainEvents }) {
  const { db, domainEvents } = deps;

  async function checkTarget(caller: Caller, userId: string) {
    if (!canFollow(caller.userId, { id: userId })) throw badRequest("You cannot follow yourself");
    if (!(await memberExists(db, userId))) throw notFound("Member not found");
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
      if (await deleteFollow(db, caller.userId, userId))
        await domainEvents?.publish("memberUnfollowed", { followerId: caller.userId, followeeId: userId });
      return { isFollowed: false, followersCount: await countFollowers(db, userId) };
    },

    /** A page of a member's followers or followings; a private member's only for their followers. */
    async list(
      caller: Caller,
      which: "followers" | "following",
      member: RelatedMember,
      page: { limit: number; cursor?: string | undefined },
    ): Promise<{ members: FollowListMember[]; nextCursor: string | null }> {
      if (!canSeeFollowListsOf(caller.userId, member, member.relation))
        throw forbidden("This account is private");
      const rows = await followListPage(
        db,
        which,
        member.id,
        caller.userId,
        page.limit + 1,
        decodeCursor(page.cursor),
      );
      const { rows: pageRows, nextCursor } = pageOf(rows, page.limit, (row) => ({
        createdAt: row.followedAt,
        id: row.id,
      }));
      return {
        members: pageRows.map((row) => ({
          _id: row.id,
          username: row.username,
          fullName: row.fullName,
          avatar: row.avatar,
          isFollowed: row.isFollowed,
        })),
        nextCursor,
      };
    },

    followerIdsOf: (userId: string) => followerIdsOf(db, userId),
  };
}
