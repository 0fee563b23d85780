import { STORY_LIFETIME_MS } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import { liveSince } from "./stories.policy.js";
import { deleteViewsBefore, markExpired } from "./stories.queries.js";

/**
 * How long who viewed a story is kept after the story expired. The owner sees their viewers while the
 * story lives and, from the archive, for this month after; then only the count stays. Who watched what
 * is the viewers' data, of no use to anyone after that, and the table would otherwise grow by every
 * view of every story forever.
 */
export const STORY_VIEWS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** Views deleted per statement: a backlog (the job was off for a while) goes in short statements. */
const VIEWS_DELETED_PER_STATEMENT = 5_000;

/**
 * The periodic expiry job (issue 17). Lists never wait for it: they compare `created_at` with the clock,
 * so a story leaves them the moment its 24 hours end. The job then marks expired stories, which takes
 * them out of the strip's partial index (it stays a day's size, however large the archive grows), and
 * deletes views kept past `STORY_VIEWS_KEPT_MS`. Both are idempotent, so a run twice or a run that
 * failed half way and is retried does no harm. Every ten minutes: a mark that late costs nothing but
 * ten minutes of index entries; "stately" keeps one waiting and one running at most.
 */
export const storyExpiryQueue: JobQueue<Record<string, never>> = {
  name: "story-expiry",
  policy: "stately",
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  cron: "*/10 * * * *",
};

export function registerStoryExpiry(deps: { db: Db; jobs: Jobs; log: FastifyBaseLogger }) {
  const { db, log } = deps;
  deps.jobs.define(storyExpiryQueue, async (_data, { now }) => {
    const at = now.getTime();
    const marked = await markExpired(db, liveSince(at), now);
    // A view is stored while its story lives, so a view this old is of a story expired that long ago.
    const viewsBefore = new Date(at - STORY_LIFETIME_MS - STORY_VIEWS_KEPT_MS);
    let deleted = 0;
    for (;;) {
      const batch = await deleteViewsBefore(db, viewsBefore, VIEWS_DELETED_PER_STATEMENT);
      deleted += batch;
      if (batch < VIEWS_DELETED_PER_STATEMENT) break;
    }
    if (marked > 0 || deleted > 0) log.info({ marked, viewsDeleted: deleted }, "stories expired");
  });
}
