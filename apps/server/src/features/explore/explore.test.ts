import type { ExplorePage, Post } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTags } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { FOR_YOU } from "./explore.queries.js";
import { exploreScoresQueue } from "./explore.service.js";
import { EXPLORE_TOPICS } from "./explore.topics.js";

/**
 * Explore (issue 18): For You ranks recent posts by engagement with time decay from the scores the
 * `explore-scores` job keeps (run here by the test, with the app's clock set by the test); Music and
 * Gaming list the posts of their topics' tags. Privacy and blocks hold in every tab.
 */
let now = new Date("2032-02-01T12:00:00.000Z");
const built = await buildTestApp({}, { clock: () => now.getTime() });
const { db } = built.database;
const { call, persona, newcomer, createPost, like, comment, makePrivate, block, follow } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
let made = 0;
const someone = (name: string) => newcomer(`${name}_${++made}`);

const hours = (n: number) => n * 3_600_000;
async function postAt(member: typeof alice, fields: object, hoursAgo: number): Promise<Post> {
  const post = await createPost(member, fields);
  const at = new Date(now.getTime() - hours(hoursAgo));
  await db.update(posts).set({ createdAt: at }).where(eq(posts.id, post._id));
  await db.update(postTags).set({ createdAt: at }).where(eq(postTags.postId, post._id));
  return post;
}
const refresh = () => built.jobs.runNow(exploreScoresQueue, {});
const explore = async (who: typeof alice, query = "") => {
  const response = await call(who, "GET", `/explore${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ExplorePage;
};
const ids = (page: ExplorePage) => page.posts.map((post) => post._id);

describe("For You", () => {
  it("ranks recent posts by engagement with time decay, never the member's own", async () => {
    now = new Date("2032-03-01T12:00:00.000Z");
    const fans = [await someone("fan"), await someone("fan"), await someone("fan")];
    const quiet = await postAt(bob, { caption: "quiet, an hour ago" }, 1);
    const loved = await postAt(bob, { caption: "loved, two hours ago" }, 2);
    for (const fan of fans) await like(fan, loved);
    await comment(fans[0] as typeof alice, loved, "Wow");
    const oldLoved = await postAt(carol, { caption: "loved, two days ago" }, 48);
    for (const fan of fans) await like(fan, oldLoved);
    const tooOld = await postAt(carol, { caption: "loved, long ago" }, 24 * (FOR_YOU.windowDays + 1));
    for (const fan of fans) await like(fan, tooOld);
    const own = await postAt(alice, { caption: "alice's own" }, 1);
    await refresh();
    const seen = ids(await explore(alice, "?tab=for-you&limit=50"));
    const order = [loved._id, quiet._id, oldLoved._id];
    expect(seen.filter((id) => order.includes(id))).toEqual(order);
    expect(seen).not.toContain(tooOld._id);
    expect(seen).not.toContain(own._id);
    expect(ids(await explore(bob, "?limit=50"))).toContain(own._id);
  });

  it("takes new posts and new likes in at the next refresh", async () => {
    now = new Date("2032-04-01T12:00:00.000Z");
    const post = await postAt(carol, { caption: "fresh" }, 0.1);
    expect(ids(await explore(alice, "?limit=50"))).not.toContain(post._id);
    await refresh();
    expect(ids(await explore(alice, "?limit=50"))).toContain(post._id);
  });

  it("pages by a cursor that stays put between refreshes: every post once", async () => {
    now = new Date("2032-05-01T12:00:00.000Z");
    for (let i = 0; i < 5; i++) await postAt(carol, { caption: `page ${i}` }, i + 1);
    await refresh();
    const whole = ids(await explore(alice, "?limit=50"));
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ExplorePage = await explore(alice, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it("never shows a private member's posts to a stranger, nor those of a member blocked either way", async () => {
    now = new Date("2032-06-01T12:00:00.000Z");
    const hidden = await someone("hidden");
    const follower = await someone("follower");
    await follow(follower, hidden);
    const secret = await postAt(hidden, { caption: "private" }, 1);
    await makePrivate(hidden);
    const blocker = await someone("blocker");
    const blocked = await postAt(blocker, { caption: "from a blocker" }, 1);
    await block(blocker, alice);
    await refresh();
    const seen = ids(await explore(alice, "?limit=50"));
    expect(seen).not.toContain(secret._id);
    expect(seen).not.toContain(blocked._id);
    expect(ids(await explore(follower, "?limit=50"))).toContain(secret._id);
    expect(ids(await explore(bob, "?limit=50"))).toContain(blocked._id);
  });
});

describe("Music and Gaming", () => {
  it("list the posts of their topic's tags, newest first, own posts too", async () => {
    const gig = await createPost(bob, { caption: "Loud night #Concert" });
    const track = await createPost(alice, { caption: "New one", tags: "newmusic" });
    const match = await createPost(carol, { caption: "Finals tonight #esports #gaming" });
    const music = ids(await explore(alice, "?tab=music&limit=50"));
    expect(music.indexOf(track._id)).toBeLessThan(music.indexOf(gig._id));
    expect(music).toContain(gig._id);
    expect(music).not.toContain(match._id);
    const gaming = ids(await explore(alice, "?tab=gaming&limit=50"));
    expect(gaming.filter((id) => id === match._id)).toHaveLength(1);
    expect(gaming).not.toContain(gig._id);
    expect(EXPLORE_TOPICS.music).toContain("concert");
  });

  it("page with a cursor, and leave out what the member may not see", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await createPost(carol, { caption: `#speedrun ${i}` }))._id);
    const secretive = await someone("secretive");
    const hidden = await createPost(secretive, { caption: "#speedrun hidden" });
    await makePrivate(secretive);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ExplorePage = await explore(
        alice,
        `?tab=gaming&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      paged.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(expect.arrayContaining(made));
    expect(paged).not.toContain(hidden._id);
    expect(paged.indexOf(made[2] as string)).toBeLessThan(paged.indexOf(made[0] as string));
  });
});

describe("bad input", () => {
  it("refuses an unknown tab, a bad limit and a cursor of another tab or none of ours", async () => {
    await refresh();
    const forYou = await explore(alice, "?limit=1");
    for (const query of [
      "?tab=news",
      "?tab=",
      "?limit=0",
      "?tab=music&cursor=nope",
      "?tab=for-you&cursor=nope",
      ...(forYou.nextCursor ? [`?tab=music&cursor=${forYou.nextCursor}`] : []),
      "?tab=music%00",
    ]) {
      const response = await call(alice, "GET", `/explore${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
