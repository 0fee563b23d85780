import type { BlockResponse } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { invalidField, notFound } from "../../platform/errors.js";
import type { UsersService } from "../users/users.service.js";
import { canBlock, canUnblock } from "./blocks.policy.js";
import { blockedEitherWay, blockedWithIds, deleteBlock, findMember, insertBlock } from "./blocks.queries.js";

export type BlocksService = ReturnType<typeof createBlocksService>;

/**
 * Blocking (settings, Privacy; a profile's, post's or chat's menu). What a block forbids is decided by
 * the policies from the viewer's relation (users.policy); this feature keeps the blocks and ends, in
 * the same transaction, what a block ends. The blocked member is never told.
 */
export function createBlocksService(deps: { db: Db; users: UsersService; domainEvents: DomainEvents }) {
  const { db, users, domainEvents } = deps;
  return {
    /**
     * POST /user/block: idempotent; follows and requests both ways end with it, and the blocked member's
     * likes and comments on the caller's posts: none of them is restored by unblocking.
     */
    async block(caller: Caller, userId: string): Promise<BlockResponse> {
      if (!canBlock(caller.userId, userId)) throw invalidField("userId", "You can't block yourself");
      const member = await findMember(db, userId);
      if (!member) throw notFound("Member not found");
      const { made, removedNotifications, removedRequests, removedFromPosts } = await insertBlock(
        db,
        caller.userId,
        member.id,
      );
      if (made) {
        await domainEvents.publish("memberBlocked", {
          blockerId: caller.userId,
          blockedId: member.id,
          removedNotifications,
          removedRequests,
          removedFromPosts,
        });
      }
      return { message: `Blocked ${member.username}`, user: await users.me(caller) };
    },

    /**
     * PUT /user/unblock: only a member the caller blocks can be unblocked (oneself: 400, as in `block`).
     * An id that names nobody the caller may see (no one, or someone who blocked them) is 404 "Member not
     * found" (spec §10); a member they see but do not block, 404 "That account is not blocked".
     */
    async unblock(caller: Caller, userId: string): Promise<BlockResponse> {
      if (!canUnblock(caller.userId, userId)) throw invalidField("userId", "You can't unblock yourself");
      const unblocked = await deleteBlock(db, caller.userId, userId);
      if (!unblocked) {
        const seen = await users.visibleMember(caller, { id: userId });
        throw notFound(seen ? "That account is not blocked" : "Member not found");
      }
      await domainEvents.publish("memberUnblocked", { blockerId: caller.userId, blockedId: userId });
      return { message: `Unblocked ${unblocked.username}`, user: await users.me(caller) };
    },

    /** Everyone blocked either way with the member (their sockets' `blockedWith` rooms). */
    blockedWith: (userId: string) => blockedWithIds(db, userId),

    /** Whether a block remains either way between the two (after one of them lifted theirs). */
    blockedEitherWay: (a: string, b: string) => blockedEitherWay(db, a, b),
  };
}
