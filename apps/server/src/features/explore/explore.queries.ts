import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { explorePosts, posts, users } from "../../db/schema.js";
import { inForYouOf } from "./explore.policy.js";

/** Where a For You page starts: after this post of that score. */
export interface ScoreKey {
  score: number;
  id: string;
}

/**
 * How For You ranks (README, Search and explore): engagement with time decay, in the form of a score
 * that does not move with the clock: log10(1 + likes + 2·comments + shares) + seconds since
 * SCORE_EPOCH / DECAY_SECONDS. A post 12.5 hours younger needs a tenth of the engagement to rank the
 * same, which is engagement × 10^(−age / 12.5 h), decayed, but ordered the same at any moment; so a
 * score changes only when a refresh finds new likes or comments, and a page's cursor (score, id) stays
 * put between refreshes.
 */
export const FOR_YOU = {
  /** Only posts of the last this many days are ranked. */
  windowDays: 7,
  decaySeconds: 45_000,
  /** 2025-01-01T00:00:00Z: keeps the scores' numbers small. */
  scoreEpochSeconds: 1_735_689_600,
} as const;

/**
 * One page of For You: the scored posts the viewer may see and did not make, best first, past `after`:
 * a walk of `explore_posts_score_idx`, each author's privacy and relation probed.
 */
export function forYouPage(db: Db, viewerId: string, after: ScoreKey | undefined, limit: number) {
  return db
    .select({ id: explorePosts.postId, score: explorePosts.score })
    .from(explorePosts)
    .innerJoin(users, eq(users.id, explorePosts.userId))
    .where(
      and(
        inForYouOf(db, viewerId, { id: explorePosts.userId, isPrivate: users.isPrivate }),
        after &&
          sql`(${explorePosts.score}, ${explorePosts.postId}) < (${after.score}::float8, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(explorePosts.score), desc(explorePosts.postId))
    .limit(limit);
}

/**
 * The `explore-scores` job: scores every post of the window before `now` (only rows whose score
 * changed are written) and drops posts that left it, in one transaction.
 */
export async function refreshExploreScores(db: Db, now: Date) {
  const since = new Date(now.getTime() - FOR_YOU.windowDays * 86_400_000);
  const { decaySeconds, scoreEpochSeconds } = FOR_YOU;
  const inWindow = and(sql`${posts.createdAt} > ${since}`, sql`${posts.createdAt} <= ${now}`);
  await db.transaction(async (tx) => {
    await tx.delete(explorePosts).where(
      sql`not exists (${tx
        .select({ one: sql`1` })
        .from(posts)
        .where(and(eq(posts.id, explorePosts.postId), inWindow))})`,
    );
    await tx
      .insert(explorePosts)
      .select(
        tx
          .select({
            postId: posts.id,
            userId: posts.userId,
            score:
              sql<number>`log(1 + ${posts.likesCount} + 2 * ${posts.commentsCount} + ${posts.sharesCount})::float8
              + (extract(epoch from ${posts.createdAt})::float8 - ${scoreEpochSeconds}) / ${decaySeconds}`.as(
                "score",
              ),
          })
          .from(posts)
          .where(inWindow),
      )
      .onConflictDoUpdate({
        target: explorePosts.postId,
        set: { score: sql`excluded.score` },
        setWhere: sql`${explorePosts.score} is distinct from excluded.score`,
      });
  });
}
