/**
 * The explore poll (issue 18): every signed-in member may vote once per poll (the primary key of
 * `poll_votes` is the rule), and sees how others voted only once they have voted, so the results do not
 * sway the vote.
 */

export function canSeeResults(myVote: string | null): boolean {
  return myVote !== null;
}

export function canVote(myVote: string | null): boolean {
  return myVote === null;
}
