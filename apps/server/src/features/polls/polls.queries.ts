import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { pollOptions, polls, pollVotes } from "../../db/schema.js";

/** A poll with its options (in their order, with their kept vote counts) and the viewer's vote. */
export async function findPoll(db: Db, viewerId: string, by: { id: string } | "current") {
  const myVote = db
    .select({ optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(eq(pollVotes.pollId, polls.id), eq(pollVotes.userId, viewerId)));
  const [poll] = await db
    .select({ id: polls.id, question: polls.question, myVote: sql<string | null>`(${myVote})` })
    .from(polls)
    .where(by === "current" ? undefined : eq(polls.id, by.id))
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .limit(1);
  if (!poll) return undefined;
  const options = await db
    .select({ id: pollOptions.id, text: pollOptions.text, votesCount: pollOptions.votesCount })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, poll.id))
    .orderBy(asc(pollOptions.position));
  return { ...poll, options };
}
export type PollRow = NonNullable<Awaited<ReturnType<typeof findPoll>>>;

/**
 * The member's vote; false when they had voted already (the primary key keeps one per member). An
 * option of another poll breaks the `poll_votes_option` foreign key.
 */
export async function insertVote(db: Db, vote: { pollId: string; userId: string; optionId: string }) {
  const made = await db
    .insert(pollVotes)
    .values(vote)
    .onConflictDoNothing()
    .returning({ userId: pollVotes.userId });
  return made.length > 0;
}
