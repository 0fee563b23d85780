import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { notFound } from "../../platform/errors.js";
import type { UsersService } from "../users/users.service.js";
import { deleteBlock } from "./blocks.queries.js";

export type BlocksService = ReturnType<typeof createBlocksService>;

/** Blocked accounts (settings, Privacy). Blocking and its enforcement arrive with issue 16. */
export function createBlocksService(deps: { db: Db; users: UsersService; domainEvents: DomainEvents }) {
  const { db, users, domainEvents } = deps;
  return {
    /** PUT /user/unblock: only a member the caller blocks can be unblocked (any other id is the same 404). */
    async unblock(caller: Caller, userId: string) {
      const unblocked = await deleteBlock(db, caller.userId, userId);
      if (!unblocked) throw notFound("That account is not blocked");
      await domainEvents.publish("memberUnblocked", { blockerId: caller.userId, blockedId: userId });
      return { message: `Unblocked ${unblocked.username}`, user: await users.me(caller) };
    },
  };
}
