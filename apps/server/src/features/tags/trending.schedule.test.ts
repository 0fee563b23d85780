import { describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../test/helper.js";
import { exploreScoresQueue } from "../explore/explore.service.js";
import { trendingTagsQueue } from "./tags.service.js";

/**
 * The periodic refreshes of trending tags and For You's scores (issue 18) go through the one job
 * runner: a node that keeps schedules (the server's start) registers both as pg-boss cron schedules, at
 * most one run per tick across nodes, and queues one run at start so a new server need not wait for
 * the first tick. (Other tests build apps without schedules and run the jobs themselves.)
 */
const built = await buildTestApp({}, { runSchedules: true });
const names = [trendingTagsQueue.name, exploreScoresQueue.name];

describe("the periodic refreshes", () => {
  it("are pg-boss cron schedules, every ten minutes", async () => {
    const schedules = await built.database.executeSql(
      "select name, cron, timezone from pgboss.schedule where name = any($1) order by name",
      [names],
    );
    expect(schedules.rows).toEqual([
      { name: exploreScoresQueue.name, cron: "*/10 * * * *", timezone: "UTC" },
      { name: trendingTagsQueue.name, cron: "*/10 * * * *", timezone: "UTC" },
    ]);
  });

  it("each run once after the node starts", async () => {
    await vi.waitFor(
      async () => {
        const completed = await built.database.executeSql(
          `select name from pgboss.job where name = any($1) and state = 'completed'
           union select name from pgboss.archive where name = any($1) and state = 'completed'`,
          [names],
        );
        expect((completed.rows as { name: string }[]).map((row) => row.name).sort()).toEqual(
          [...names].sort(),
        );
      },
      { timeout: 110_000, interval: 200 },
    );
  }, 120_000);
});
