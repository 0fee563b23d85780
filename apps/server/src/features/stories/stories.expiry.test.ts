import { STORY_LIFETIME_MS, type Story } from "@flik/shared";
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.js";
import { stories, storyViews } from "../../db/schema.js";
import { createJobs, type JobQueue } from "../../platform/jobs.js";
import { openTestDatabase } from "../../test/database.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn, testConfig } from "../../test/helper.js";
import { STORY_VIEWS_KEPT_MS, storyExpiryQueue } from "./stories.expiry.js";

/**
 * A story's 24 hours, on the app's clock (the test's, moved on instead of waited for), and the periodic
 * expiry job, run at once with that clock (`jobs.runNow`); the job runner keeps its schedule in the
 * database, which the last tests read.
 */
let now = Date.now();
const built = await buildTestApp({}, { clock: () => now });
const { call, follow, someone, photoOf } = factories(built);
const { db } = built.database;

async function postStory(member: SignedIn): Promise<Story> {
  const response = await call(member, "POST", "/stories", { url: await photoOf(member) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().story;
}
const stripIds = async (member: SignedIn) =>
  (await call(member, "GET", "/stories"))
    .json()
    .stories.flatMap((group: { stories: Story[] }) => group.stories.map((story) => story._id));
const archiveIds = async (member: SignedIn) =>
  (await call(member, "GET", "/stories/archive")).json().stories.map((story: Story) => story._id);
const runExpiry = () => built.jobs.runNow(storyExpiryQueue, {}, new Date(now));
const rowOf = async (story: Story) => (await db.select().from(stories).where(eq(stories.id, story._id)))[0];

describe("after 24 hours", () => {
  it("a story leaves the strip and every call of others, and stays in its owner's archive", async () => {
    const [owner, fan] = [await someone("owner"), await someone("fan")];
    await follow(fan, owner);
    const story = await postStory(owner);
    now += 60_000;
    const younger = await postStory(owner);
    await call(fan, "POST", `/stories/${story._id}/view`);

    now = Date.parse(story.expiresAt) - 1;
    expect(await stripIds(fan)).toEqual([story._id, younger._id]);
    now = Date.parse(story.expiresAt);
    // No job has run: the lists ask the clock.
    expect(await stripIds(fan)).toEqual([younger._id]);
    expect(await stripIds(owner)).toEqual([younger._id]);
    for (const response of [
      await call(fan, "POST", `/stories/${story._id}/view`),
      await call(fan, "GET", `/stories/${story._id}/viewers`),
      await call(fan, "DELETE", `/stories/${story._id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Story not found" });
    }
    expect(await archiveIds(owner)).toEqual([younger._id, story._id]);
    // The owner still sees who viewed it from the archive; their own opening still counts nothing.
    const viewers = (await call(owner, "GET", `/stories/${story._id}/viewers`)).json();
    expect(viewers).toMatchObject({ viewersCount: 1, viewers: [{ _id: fan.userId }] });
    expect((await call(owner, "POST", `/stories/${story._id}/view`)).json()).toEqual({
      message: "Story viewed",
      viewersCount: 1,
    });

    now = Date.parse(younger.expiresAt);
    expect(await stripIds(fan)).toEqual([]);
    expect(await archiveIds(owner)).toEqual([younger._id, story._id]);
    // The owner may still delete one from the archive.
    expect((await call(owner, "DELETE", `/stories/${story._id}`)).json()).toEqual({
      message: "Story deleted",
    });
    expect(await archiveIds(owner)).toEqual([younger._id]);
  });
});

describe("the expiry job", () => {
  it("marks the stories whose 24 hours are over, and only those; running again changes nothing", async () => {
    const owner = await someone("owner");
    const old = await postStory(owner);
    now += STORY_LIFETIME_MS / 2;
    const fresh = await postStory(owner);
    now = Date.parse(old.expiresAt);

    await runExpiry();
    expect((await rowOf(old))?.expiredAt?.getTime()).toBe(now);
    expect((await rowOf(fresh))?.expiredAt).toBeNull();
    const markedAt = now;
    now += 60_000;
    await runExpiry();
    expect((await rowOf(old))?.expiredAt?.getTime()).toBe(markedAt);
    expect(await archiveIds(owner)).toEqual([fresh._id, old._id]);
    expect(await stripIds(owner)).toEqual([fresh._id]);
  });

  it("deletes the views of stories expired more than 30 days ago; the count stays", async () => {
    const [owner, fan] = [await someone("owner"), await someone("fan")];
    const story = await postStory(owner);
    await call(fan, "POST", `/stories/${story._id}/view`);
    const viewsOf = () => db.select().from(storyViews).where(eq(storyViews.storyId, story._id));

    now = Date.parse(story.expiresAt) + STORY_VIEWS_KEPT_MS - 60_000;
    await runExpiry();
    expect(await viewsOf()).toHaveLength(1);

    now = Date.parse(story.expiresAt) + STORY_VIEWS_KEPT_MS + 60_000;
    await runExpiry();
    expect(await viewsOf()).toEqual([]);
    expect((await call(owner, "GET", `/stories/${story._id}/viewers`)).json()).toEqual({
      viewers: [],
      viewersCount: 1,
    });
  });
});

describe("the expiry schedule", () => {
  const scheduleOf = async (database: { executeSql: typeof built.database.executeSql }) =>
    (
      await database.executeSql("select name, cron, timezone from pgboss.schedule where name = $1", [
        storyExpiryQueue.name,
      ])
    ).rows;

  it("is kept in the database, once, whichever and however many app processes start", async () => {
    const database = await openTestDatabase();
    const config = testConfig();
    const apps: App[] = [];
    try {
      // Two processes at once, then a third after the first stopped (a restart).
      apps.push(...(await Promise.all([buildApp(config, { database }), buildApp(config, { database })])));
      const expected = [{ name: "story-expiry", cron: "*/10 * * * *", timezone: "UTC" }];
      expect(await scheduleOf(database)).toEqual(expected);
      await apps.shift()?.app.close();
      apps.push(await buildApp(config, { database, runJobs: false }));
      expect(await scheduleOf(database)).toEqual(expected);
    } finally {
      for (const { app } of apps) await app.close();
      await database.close();
    }
  });

  it("keeps at most one run waiting, whoever queues it", async () => {
    const { rows } = await built.database.executeSql("select policy from pgboss.queue where name = $1", [
      storyExpiryQueue.name,
    ]);
    expect(rows).toEqual([{ policy: "stately" }]);
    for (let i = 0; i < 3; i++) await built.jobs.send(storyExpiryQueue, {}, { startAfter: 3600 });
    const waiting = await built.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = $1 and state = 'created'",
      [storyExpiryQueue.name],
    );
    expect(waiting.rows).toEqual([{ n: 1 }]);
  });
});

describe("a periodic queue on the job runner", () => {
  it("is queued once as the nodes that keep time start, and run by one of the nodes that work", async () => {
    // Not the cron's own ticks (pg-boss's, minutes apart; waiting for one would make the test a
    // matter of time): the schedule row is read above, and a start queues the first run itself.
    const periodic: JobQueue<Record<string, never>> = { ...storyExpiryQueue, name: "test-periodic" };
    const database = await openTestDatabase();
    const log = pino({ level: "silent" });
    let runs = 0;
    let ran: () => void = () => {};
    const firstRun = new Promise<void>((resolve) => (ran = resolve));
    const keepers = [
      createJobs(database, log, { work: false, schedules: true }),
      createJobs(database, log, { work: false, schedules: true }),
    ];
    const worker = createJobs(database, log, { work: true });
    const runners = [...keepers, worker];
    try {
      for (const jobs of runners) {
        jobs.define(periodic, async () => {
          runs++;
          ran();
        });
      }
      await Promise.all(keepers.map((jobs) => jobs.start()));
      const queued = await database.executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state = 'created'",
        [periodic.name],
      );
      expect(queued.rows).toEqual([{ n: 1 }]);
      await worker.start();
      await firstRun;
      await worker.stop();
      expect(runs).toBeGreaterThanOrEqual(1);
    } finally {
      for (const jobs of runners) await jobs.stop();
      await database.close();
    }
  });

  it("queues a job sent before the runner started (the server listens first) once it has, and runs it", async () => {
    const database = await openTestDatabase();
    const log = pino({ level: "silent" });
    const queue: JobQueue<{ n: number }> = {
      name: "test-early",
      policy: "standard",
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    };
    const jobs = createJobs(database, log, { work: true });
    let ranWith: (data: { n: number }) => void = () => {};
    const ran = new Promise<{ n: number }>((resolve) => (ranWith = resolve));
    jobs.define(queue, async (data) => ranWith(data));
    try {
      // On a new database the runner's tables do not exist yet: the send waits for the start.
      const sent = jobs.send(queue, { n: 7 });
      await jobs.start();
      expect(await sent).toEqual(expect.any(String));
      expect(await ran).toEqual({ n: 7 });
    } finally {
      await jobs.stop();
      await database.close();
    }
  });

  it("stops cleanly when asked to stop while it starts", async () => {
    const database = await openTestDatabase();
    const jobs = createJobs(database, pino({ level: "silent" }), { work: true });
    jobs.define({ ...storyExpiryQueue, name: "test-stop-early" }, async () => {});
    try {
      const starting = jobs.start();
      await jobs.stop();
      await starting;
      const tables = await database.executeSql(
        "select count(*)::int as n from pgboss.queue where name = $1",
        ["test-stop-early"],
      );
      expect(tables.rows).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  });

  it("takes this version's settings when a node of an older version made the queue", async () => {
    const database = await openTestDatabase();
    const log = pino({ level: "silent" });
    const older: JobQueue<Record<string, never>> = {
      ...storyExpiryQueue,
      name: "test-settings",
      retryLimit: 1,
    };
    const newer = { ...older, retryLimit: 4 };
    const retryLimit = async () =>
      (await database.executeSql("select retry_limit from pgboss.queue where name = $1", [older.name])).rows;
    try {
      for (const [queue, expected] of [
        [older, 1],
        [older, 1],
        [newer, 4],
      ] as const) {
        const jobs = createJobs(database, log, { work: false });
        jobs.define(queue, async () => {});
        await jobs.start();
        await jobs.stop();
        expect(await retryLimit()).toEqual([{ retry_limit: expected }]);
      }
    } finally {
      await database.close();
    }
  });
});
