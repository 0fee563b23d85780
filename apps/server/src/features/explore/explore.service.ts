import type { ExplorePage, ExploreTab } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { decodeCursor, decodeKeyCursor, encodeKeyCursor, pageOf } from "../../platform/cursor.js";
import { isUuid } from "../../platform/ids.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import type { PostsService } from "../posts/posts.service.js";
import type { TagsService } from "../tags/tags.service.js";
import { forYouPage, refreshExploreScores, type ScoreKey } from "./explore.queries.js";
import { EXPLORE_TOPICS } from "./explore.topics.js";

export type ExploreService = ReturnType<typeof createExploreService>;

/** For You's scores are refreshed by this job: one waiting at a time, every ten minutes (UTC cron). */
export const exploreScoresQueue: JobQueue<Record<string, never>> = {
  name: "explore-scores",
  policy: "stately",
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  cron: "*/10 * * * *",
};

function scoreKey([score, id, ...rest]: unknown[]): ScoreKey | undefined {
  if (typeof score !== "number" || !Number.isFinite(score) || !isUuid(id) || rest.length > 0)
    return undefined;
  return { score, id };
}

/**
 * Explore (issue 18, spec §2's tabs Music, Gaming and For You): each tab a grid of posts, paged, read
 * through the one post pipeline. For You ranks the scored posts of the last refresh; a new post joins
 * it at the next refresh (every ten minutes).
 */
export function createExploreService(deps: { db: Db; posts: PostsService; tags: TagsService; jobs: Jobs }) {
  const { db, posts, tags, jobs } = deps;
  jobs.define(exploreScoresQueue, (_data, { now }) => refreshExploreScores(db, now));

  async function forYou(caller: Caller, query: { limit: number; cursor?: string | undefined }) {
    const after = decodeKeyCursor(query.cursor, scoreKey);
    const rows = await forYouPage(db, caller.userId, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      posts: await posts.postsByIds(
        caller,
        page.map((row) => row.id),
      ),
      nextCursor: rows.length > query.limit && last ? encodeKeyCursor([last.score, last.id]) : null,
    };
  }

  async function topic(
    caller: Caller,
    tab: Exclude<ExploreTab, "for-you">,
    query: { limit: number; cursor?: string | undefined },
  ) {
    const page = await tags.withAnyTag(
      caller,
      [...EXPLORE_TOPICS[tab]],
      decodeCursor(query.cursor),
      query.limit,
    );
    return {
      posts: page.posts,
      nextCursor: pageOf(page.rows, query.limit, (row) => row).nextCursor,
    };
  }

  return {
    /** GET /explore?tab=&cursor=: a page of the tab's grid. */
    async page(
      caller: Caller,
      query: { tab: ExploreTab; limit: number; cursor?: string | undefined },
    ): Promise<ExplorePage> {
      return query.tab === "for-you" ? forYou(caller, query) : topic(caller, query.tab, query);
    },
  };
}
