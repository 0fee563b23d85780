import type { Poll } from "@flik/shared";
import { canSeeResults } from "./polls.policy.js";
import type { PollRow } from "./polls.queries.js";

/** A poll as the viewer sees it: the counts only once they voted (polls.policy). */
export function presentPoll(row: PollRow): Poll {
  const results = canSeeResults(row.myVote);
  return {
    _id: row.id,
    question: row.question,
    options: row.options.map((option) => ({
      _id: option.id,
      text: option.text,
      votes: results ? option.votesCount : null,
    })),
    myVote: row.myVote,
    totalVotes: results ? row.options.reduce((sum, option) => sum + option.votesCount, 0) : null,
  };
}
