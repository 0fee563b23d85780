import type {
  FollowerRemoved,
  FollowListMember,
  FollowRequestAccepted,
  FollowRequestsPage,
  FollowResponse,
} from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { decodeCursor, pageOf } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { forbidden, invalidField, notFound, tooManyRequests } from "../../platform/errors.js";
import { createRateWindow } from "../../platform/rate-window.js";
import { canSeeContentOf, type RelatedMember } from "../users/users.policy.js";
import {
  canAskToFollow,
  canFollow,
  canRemoveFollower,
  canSeeFollowListsOf,
  followNeedsRequest,
} from "./follows.policy.js";
import {
  acceptFollowRequests,
  countFollowers,
  deleteFollow,
  deleteFollowRequest,
  findTarget,
  followeeIdsOf,
  followerIdsOf,
  followListPage,
  followRequestsPage,
  insertFollow,
  insertFollowRequest,
} from "./follows.queries.js";

export type FollowsService = ReturnType<typeof createFollowsService>;

type PageQuery = { limit: number; cursor?: string | undefined };

const cantFollow = () => forbidden("You can't follow this account");
/** Unfollowing across a block: the follow went with the block, and what the member is now is not told. */
const unavailable = () => forbidden("This account isn't available");
const requestNotFound = () => notFound("Follow request not found");

export function createFollowsService(deps: {
  db: Db;
  domainEvents?: DomainEvents;
  /** FOLLOW_RATE_LIMIT: follows and unfollows together, each a live event to the member's tabs. */
  followsPerMinute: number;
}) {
  const { db, domainEvents } = deps;
  // Every call counts, a repeated one too: past the limit, one member cannot ring another's open tabs
  // with follow after unfollow.
  const followAllowance = createRateWindow(deps.followsPerMinute);
  const takeFollowTurn = (caller: Caller) => {
    if (!followAllowance.take(caller.userId))
      throw tooManyRequests("You're following and unfollowing too fast. Please wait a moment.");
  };

  /** The member to follow or unfollow, with the caller's relation; never oneself, never across a block. */
  async function target(caller: Caller, userId: string, unfollowing = false) {
    if (!canFollow(caller.userId, { id: userId }))
      throw invalidField("userId", `You cannot ${unfollowing ? "unfollow" : "follow"} yourself`);
    const member = await findTarget(db, caller.userId, userId);
    if (!member) throw notFound("Member not found");
    if (!canAskToFollow(caller.userId, member, member.relation))
      throw unfollowing ? unavailable() : cantFollow();
    return member;
  }

  const answer = async (userId: string, state: Omit<FollowResponse, "followersCount">) => ({
    ...state,
    followersCount: await countFollowers(db, userId),
  });

  /** Makes the follow; a request the caller had left pending (the member went public) goes with it. */
  async function followNow(caller: Caller, member: RelatedMember): Promise<FollowResponse> {
    if (await insertFollow(db, caller.userId, member.id))
      await domainEvents?.publish("memberFollowed", { followerId: caller.userId, followeeId: member.id });
    if (member.relation.isRequested) await closeRequest(caller.userId, member.id, "followed");
    return answer(member.id, { isFollowed: true, isRequested: false });
  }

  async function closeRequest(requesterId: string, targetId: string, outcome: "withdrawn" | "followed") {
    if (await deleteFollowRequest(db, requesterId, targetId))
      await domainEvents?.publish("followRequestClosed", { requesterId, targetId, outcome });
  }

  /** Turns pending requests into follows and tells each requester (follow_accepted). */
  async function accept(targetId: string, requesterId?: string) {
    const requesterIds = await acceptFollowRequests(db, targetId, requesterId);
    if (requesterIds.length > 0)
      await domainEvents?.publish("followRequestsAccepted", { requesterIds, targetId });
    return requesterIds;
  }

  // Going public accepts what waits; going private keeps the followers the member has.
  domainEvents?.on("privacyChanged", async ({ userId, isPrivate }) => {
    if (!isPrivate) await accept(userId);
  });

  return {
    /**
     * Idempotent: following twice is one follow. A private member the caller does not follow is asked
     * instead (one pending request, however often asked); they hear of it live.
     */
    async follow(caller: Caller, userId: string): Promise<FollowResponse> {
      takeFollowTurn(caller);
      const member = await target(caller, userId);
      if (member.relation.isFollower) return answer(member.id, { isFollowed: true, isRequested: false });
      if (!followNeedsRequest(member, member.relation)) return followNow(caller, member);
      const request = await insertFollowRequest(db, caller.userId, member.id);
      // The member went public since their row was read: a follow, as for anyone public.
      if (request === "not needed") return followNow(caller, member);
      if (request === "made")
        await domainEvents?.publish("followRequested", { requesterId: caller.userId, targetId: member.id });
      return answer(member.id, { isFollowed: false, isRequested: true });
    },

    /** Unfollows and withdraws a pending request (its notification goes with it). */
    async unfollow(caller: Caller, userId: string): Promise<FollowResponse> {
      takeFollowTurn(caller);
      const member = await target(caller, userId, true);
      if (member.relation.isFollower && (await deleteFollow(db, caller.userId, member.id)))
        await domainEvents?.publish("memberUnfollowed", { followerId: caller.userId, followeeId: member.id });
      if (member.relation.isRequested) await closeRequest(caller.userId, member.id, "withdrawn");
      return answer(member.id, { isFollowed: false, isRequested: false });
    },

    /**
     * The member no longer follows the caller (Remove follower). Idempotent: removing one who does not
     * follow (any more) changes nothing. They are not told, as on Instagram; their open tabs see the
     * follow go (postFollowed), and a private caller's posts leave their screens as after an unfollow.
     */
    async removeFollower(caller: Caller, followerId: string): Promise<FollowerRemoved> {
      if (!canRemoveFollower(caller.userId, followerId))
        throw invalidField("userId", "You cannot remove yourself");
      if (await deleteFollow(db, followerId, caller.userId))
        await domainEvents?.publish("memberUnfollowed", {
          followerId,
          followeeId: caller.userId,
          removed: true,
        });
      return { message: "Follower removed", followersCount: await countFollowers(db, caller.userId) };
    },

    /** May the viewer see what the member shares now (posts, flicks)? One query; false for nobody. */
    async seesContentOf(viewerId: string, memberId: string) {
      const member = await findTarget(db, viewerId, memberId);
      return member !== undefined && canSeeContentOf(viewerId, member, member.relation);
    },

    /** GET /follow-requests: who asked to follow the caller, newest request first. */
    async requests(caller: Caller, query: PageQuery): Promise<FollowRequestsPage> {
      const rows = await followRequestsPage(db, caller.userId, query.limit + 1, decodeCursor(query.cursor));
      const page = pageOf(rows, query.limit, (row) => ({ createdAt: row.requestedAt, id: row.id }));
      return {
        requests: page.rows.map((row) => ({
          _id: row.id,
          username: row.username,
          fullName: row.fullName,
          avatar: row.avatar,
          requestedAt: row.requestedAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },

    /** The request becomes a follow; the requester hears of it (follow_accepted). */
    async acceptRequest(caller: Caller, requesterId: string): Promise<FollowRequestAccepted> {
      if ((await accept(caller.userId, requesterId)).length === 0) throw requestNotFound();
      return { message: "Follow request accepted", followersCount: await countFollowers(db, caller.userId) };
    },

    /**
     * The request (and its notification) is removed. The requester gets no notification; their open
     * tabs' "Requested" buttons read "Follow" again, as a reload would show (followRequestClosed).
     */
    async declineRequest(caller: Caller, requesterId: string) {
      if (!(await deleteFollowRequest(db, requesterId, caller.userId))) throw requestNotFound();
      await domainEvents?.publish("followRequestClosed", {
        requesterId,
        targetId: caller.userId,
        outcome: "declined",
      });
      return { message: "Follow request declined" };
    },

    /** A page of a member's followers or followings; a private member's only for their followers. */
    async list(
      caller: Caller,
      which: "followers" | "following",
      member: RelatedMember,
      page: PageQuery,
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
          isPrivate: row.isPrivate,
          isFollowed: row.isFollowed,
          isRequested: row.isRequested,
        })),
        nextCursor,
      };
    },

    followerIdsOf: (userId: string) => followerIdsOf(db, userId),
    followeeIdsOf: (userId: string) => followeeIdsOf(db, userId),
  };
}
