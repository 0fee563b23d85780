import type { PollResponse } from "@flik/shared";
import { type Db, pgErrorOf } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { conflict, invalidField, notFound } from "../../platform/errors.js";
import { canVote } from "./polls.policy.js";
import { presentPoll } from "./polls.presenter.js";
import { findPoll, insertVote } from "./polls.queries.js";

export type PollsService = ReturnType<typeof createPollsService>;

/** The explore poll (issue 18): the newest poll is the current one; one vote per member, never changed. */
export function createPollsService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** GET /polls/current. */
    async current(caller: Caller): Promise<PollResponse> {
      const poll = await findPoll(db, caller.userId, "current");
      if (!poll) throw notFound("There is no poll right now");
      return { poll: presentPoll(poll) };
    },

    /**
     * POST /polls/{id}/vote {optionId}: the member's one vote. A second one is refused (409), whatever
     * option it names: a poll's results are only worth reading if each member counts once.
     */
    async vote(caller: Caller, pollId: string, optionId: string): Promise<PollResponse> {
      const before = await findPoll(db, caller.userId, { id: pollId });
      if (!before) throw notFound("Poll not found");
      if (!canVote(before.myVote)) throw conflict("You already voted");
      if (!before.options.some((option) => option.id === optionId))
        throw invalidField("optionId", "optionId must be an option of the poll");
      try {
        if (!(await insertVote(db, { pollId, userId: caller.userId, optionId })))
          throw conflict("You already voted");
      } catch (error) {
        // The option was removed between the two statements: the foreign key refused it.
        if (pgErrorOf(error)?.code === "23503")
          throw invalidField("optionId", "optionId must be an option of the poll");
        throw error;
      }
      const after = await findPoll(db, caller.userId, { id: pollId });
      if (!after) throw notFound("Poll not found");
      return { poll: presentPoll(after) };
    },
  };
}
