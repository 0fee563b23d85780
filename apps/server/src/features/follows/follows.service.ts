import type { FollowResponse } from "@flik/shared";
import type { Db } from "../../db/database.js";
import { badRequest, notFound } from "../../platform/errors.js";
import type { Caller } from "../sessions/sessions.service.js";
import type { UsersService } from "../users/users.service.js";
import {
  countFollowers,
  deleteFollow,
  followerIdsOf,
  followStateOf,
  insertFollow,
  isFollowing,
} from "./follows.queries.js";

export type FollowsService = ReturnType<typeof createFollowsService>;

export function createFollowsService(deps: { db: Db; users: UsersService }) {
  const { db, users } = deps;

  async function checkTarget(caller: Caller, userId: string) {
    if (userId === caller.userId) throw badRequest("You cannot follow yourself");
    if (!(await users.exists(userId))) throw notFound("Member not found");
  }

  return {
    /** Idempotent: following twice is one follow. */
    async follow(caller: Caller, userId: string): Promise<FollowResponse> {
      await checkTarget(caller, userId);
      await insertFollow(db, caller.userId, userId);
      return { isFollowed: true, followersCount: await countFollowers(db, userId) };
    },

    async unfollow(caller: Caller, userId: string): Promise<FollowResponse> {
      await checkTarget(caller, userId);
      await deleteFollow(db, caller.userId, userId);
      return { isFollowed: false, followersCount: await countFollowers(db, userId) };
    },

    /** May `viewerId` see what `authorId` shares? Public members, oneself, and followers of private ones. */
    async canSee(viewerId: string, author: { id: string; isPrivate: boolean }): Promise<boolean> {
      if (!author.isPrivate || author.id === viewerId) return true;
      return isFollowing(db, viewerId, author.id);
    },

    stateOf: (userIds: string[], viewerId: string) => followStateOf(db, userIds, viewerId),
    followerIdsOf: (userId: string) => followerIdsOf(db, userId),
  };
}
