import type { Post, TagPageResponse } from "@flik/shared";
import { tagsOfPost } from "@flik/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, postTags } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { TAG_COUNT_EXACT_UP_TO } from "./tags.policy.js";
import { trendingTagsQueue } from "./tags.service.js";

/**
 * Hashtags (issue 18): a post's tags from its tags field and its caption's #words, stored normalised;
 * a tag's page, tag search, and trending tags from the summary the `trending-tags` job refreshes (run
 * here by the test with the app's clock, which the test sets).
 */
let now = new Date("2031-03-10T12:00:00.000Z");
// Jobs are run by the tests alone (runNow): a refresh the runner took by itself, asked for by a member
// going private in another test, could land between a test's posts and its look at the old summary.
const built = await buildTestApp({}, { clock: () => now.getTime(), runJobs: false });
const { db } = built.database;
const { call, persona, newcomer, createPost, makePrivate, block, follow, requestFollow } = factories(built);
let made = 0;
/** A member of this test's own (tests run in any order: none shares another's privacy or blocks). */
const someone = (name: string) => newcomer(`${name}_${++made}`);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

const hours = (n: number) => n * 3_600_000;
/** Moves a post (and its tags) to another time, as if it had been made then. */
async function madeAt(post: Post, at: Date) {
  await db.update(posts).set({ createdAt: at }).where(eq(posts.id, post._id));
  await db.update(postTags).set({ createdAt: at }).where(eq(postTags.postId, post._id));
}
const tagsOf = async (post: { _id: string }) =>
  (await db.select({ tag: postTags.tag }).from(postTags).where(eq(postTags.postId, post._id)))
    .map((row) => row.tag)
    .sort();
const page = async (name: string, who = alice, query = "") =>
  call(who, "GET", `/tags/${encodeURIComponent(name)}/posts${query}`);

describe("a post's tags", () => {
  it("come from the tags field and the caption's #words, normalised, once each", async () => {
    const post = await createPost(bob, {
      caption: "Dawn at the #Beach #Café_2 #beach",
      tags: "travel, #Food  sunrise",
    });
    expect(await tagsOf(post)).toEqual(["beach", "café_2", "food", "sunrise", "travel"]);
  });

  it("follow an edit of the caption or tags, not of anything else, and go with the post", async () => {
    const post = await createPost(bob, { caption: "Old #first", tags: "kept" });
    await call(bob, "PUT", `/posts/${post._id}`, { caption: "New #second" });
    expect(await tagsOf(post)).toEqual(["kept", "second"]);
    await call(bob, "PUT", `/posts/${post._id}`, { location: "Oslo" });
    expect(await tagsOf(post)).toEqual(["kept", "second"]);
    await call(bob, "PUT", `/posts/${post._id}`, { tags: "" });
    expect(await tagsOf(post)).toEqual(["second"]);
    await call(bob, "DELETE", `/posts/${post._id}`);
    expect(await tagsOf(post)).toEqual([]);
  });

  it("are the same in the migration's SQL (flik_tags_of, for posts made before) as in the contract, marks aside", async () => {
    const samples = [
      { caption: "Nice #Café day #sunset_2 #SUNSET", tags: "travel, #Food  food" },
      { caption: "no tags here", tags: "" },
      { caption: "#a#b #ÉTÉ!", tags: "rock&roll,,  #jazz" },
      { caption: Array.from({ length: 40 }, (_, i) => `#t${i}`).join(" "), tags: "first" },
    ];
    for (const sample of samples) {
      const result = (await db.execute(
        sql`select array(select t from flik_tags_of(${sample.caption}, ${sample.tags}) t) as tags`,
      )) as unknown as { rows: { tags: string[] }[] };
      expect(result.rows[0]?.tags, sample.caption).toEqual(tagsOfPost(sample));
    }
  });
});

describe("GET /tags/{name}/posts", () => {
  it("lists the tag's posts newest first, with its count, any case and with or without #", async () => {
    const first = await createPost(carol, { caption: "One #kayak" });
    const second = await createPost(bob, { caption: "Two", tags: "Kayak" });
    for (const name of ["kayak", "KAYAK", "#kayak"]) {
      const response = await page(name);
      expect(response.statusCode, name).toBe(200);
      const body = response.json() as TagPageResponse;
      expect(body.tag).toEqual({ name: "kayak", postsCount: 2 });
      expect(body.posts.map((post) => post._id)).toEqual([second._id, first._id]);
      expect(body.nextCursor).toBeNull();
    }
  });

  it("pages with a cursor", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createPost(bob, { caption: `#paddle ${i}` }))._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await page("paddle", alice, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      const body = response.json() as TagPageResponse;
      seen.push(...body.posts.map((post) => post._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made.reverse());
  });

  it("is a 404 for a tag nobody used, or one whose posts the member may not see", async () => {
    expect((await page("nobodyusedthis")).json()).toEqual({ message: "Tag not found" });
    expect((await page("nobodyusedthis")).statusCode).toBe(404);
    expect((await page("!!!")).statusCode).toBe(404);
    const dan = await someone("dan");
    await createPost(dan, { caption: "#dansecret" });
    await makePrivate(dan);
    expect((await page("dansecret", alice)).statusCode).toBe(404);
    expect((await page("dansecret", dan)).statusCode).toBe(200);
  });

  it("shows a private member's tagged posts to their followers only, and counts only what each may see", async () => {
    const erin = await someone("erin");
    const frank = await someone("frank");
    await follow(frank, erin);
    const open = await createPost(bob, { caption: "#lanterns public" });
    const closed = await createPost(erin, { caption: "#lanterns private" });
    await makePrivate(erin);
    const seenBy = async (who: typeof alice) => {
      const body = (await page("lanterns", who)).json() as TagPageResponse;
      return { count: body.tag.postsCount, ids: body.posts.map((post) => post._id) };
    };
    expect(await seenBy(alice)).toEqual({ count: 1, ids: [open._id] });
    expect(await seenBy(frank)).toEqual({ count: 2, ids: [closed._id, open._id] });
    await requestFollow(alice, erin);
    expect(await seenBy(alice)).toEqual({ count: 1, ids: [open._id] });
  });

  it("never shows the posts of a member blocked either way", async () => {
    const gina = await someone("gina");
    const hank = await someone("hank");
    const ginas = await createPost(gina, { caption: "#fondue" });
    const hanks = await createPost(hank, { caption: "#fondue" });
    await block(gina, hank);
    const idsFor = async (who: typeof alice) =>
      ((await page("fondue", who)).json() as TagPageResponse).posts.map((post) => post._id);
    expect(await idsFor(gina)).toEqual([ginas._id]);
    expect(await idsFor(hank)).toEqual([hanks._id]);
    expect(await idsFor(alice)).toEqual([hanks._id, ginas._id]);
  });

  it("refuses a NUL or an over-long name and a bad cursor", async () => {
    expect((await page("a\u0000b")).statusCode).toBe(400);
    // Past 100 characters the router refuses the path itself.
    expect((await page("a".repeat(101))).statusCode).toBe(414);
    expect((await page("kayak", alice, "?cursor=nope")).statusCode).toBe(400);
  });
});

describe("GET /tags/search", () => {
  it("finds the tag, then tags starting with the text (most used first), then close ones", async () => {
    await createPost(bob, { caption: "#volley #volleyball" });
    await createPost(carol, { caption: "#volleyball" });
    await createPost(carol, { caption: "#volleys" });
    const found = async (q: string) =>
      (
        (await call(alice, "GET", `/tags/search?q=${encodeURIComponent(q)}`)).json() as {
          tags: { name: string; postsCount: number }[];
        }
      ).tags;
    expect(await found("volley")).toEqual([
      { name: "volley", postsCount: 1 },
      { name: "volleyball", postsCount: 2 },
      { name: "volleys", postsCount: 1 },
    ]);
    expect((await found("#VOLLEYB")).map((tag) => tag.name)[0]).toBe("volleyball");
    expect((await found("voleyball")).map((tag) => tag.name)).toContain("volleyball");
    expect(await found("???")).toEqual([]);
  });

  it("leaves out tags of which the member may see no post", async () => {
    const dan = await someone("dan");
    await createPost(dan, { caption: "#danonlytag" });
    await makePrivate(dan);
    const names = async (who: typeof alice) =>
      (await call(who, "GET", "/tags/search?q=danonly")).json().tags.map((tag: { name: string }) => tag.name);
    expect(await names(alice)).toEqual([]);
    expect(await names(dan)).toEqual(["danonlytag"]);
  });

  it("refuses an empty, too long or NUL text and a bad limit", async () => {
    for (const query of ["", "q=", `q=${"a".repeat(101)}`, "q=a%00", "q=a&limit=21", "q=a&limit=x"])
      expect((await call(alice, "GET", `/tags/search?${query}`)).statusCode, query).toBe(400);
  });
});

describe("GET /tags/trending", () => {
  const trending = async (who = alice) =>
    (await call(who, "GET", "/tags/trending")).json().tags as {
      name: string;
      postsCount: number;
      recentCount: number;
    }[];
  const refresh = () => built.jobs.runNow(trendingTagsQueue, {});

  it("ranks tags by their last 24 hours against their usual rate, from the last refresh", async () => {
    now = new Date("2031-05-01T12:00:00.000Z");
    // #everyday: four posts a day for the 29 days before, four in the last 24 hours (as usual).
    for (let day = 1; day < 30; day++)
      for (let i = 0; i < 4; i++)
        await madeAt(
          await createPost(bob, { caption: "#everyday" }),
          new Date(now.getTime() - hours(24 * day + i + 1)),
        );
    for (let i = 0; i < 4; i++)
      await madeAt(await createPost(bob, { caption: "#everyday" }), new Date(now.getTime() - hours(i + 1)));
    // #risingstar: never before, three posts in the last 24 hours.
    for (let i = 0; i < 3; i++)
      await madeAt(
        await createPost(carol, { caption: "#risingstar" }),
        new Date(now.getTime() - hours(2 + i)),
      );
    // #stale: busy a week ago, nothing since.
    for (let i = 0; i < 5; i++)
      await madeAt(
        await createPost(carol, { caption: "#stale" }),
        new Date(now.getTime() - hours(24 * 7 + i)),
      );
    // Not before the summary's next refresh.
    expect((await trending()).map((tag) => tag.name)).not.toContain("risingstar");
    await refresh();
    const tags = await trending();
    const names = tags.map((tag) => tag.name);
    expect(names.indexOf("risingstar")).toBeLessThan(names.indexOf("everyday"));
    expect(names).not.toContain("stale");
    expect(tags.find((tag) => tag.name === "risingstar")).toEqual({
      name: "risingstar",
      postsCount: 3,
      recentCount: 3,
    });
    expect(tags.find((tag) => tag.name === "everyday")?.recentCount).toBe(4);
    // A day later, with nothing new, nothing is recent any more.
    now = new Date(now.getTime() + hours(25));
    await refresh();
    expect((await trending()).map((tag) => tag.name)).not.toContain("risingstar");
  });

  it("counts only posts every member may see: a private member's tag never trends", async () => {
    now = new Date("2031-07-01T12:00:00.000Z");
    const erin = await someone("erin");
    await makePrivate(erin);
    for (let i = 0; i < 3; i++)
      await madeAt(
        await createPost(erin, { caption: "#erinsparty" }),
        new Date(now.getTime() - hours(1 + i)),
      );
    await madeAt(await createPost(bob, { caption: "#bobsparty" }), new Date(now.getTime() - hours(1)));
    await refresh();
    const names = (await trending(erin)).map((tag) => tag.name);
    expect(names).toContain("bobsparty");
    expect(names).not.toContain("erinsparty");
  });

  it("asks for one refresh of the summary when members change their privacy, however many change it", async () => {
    now = new Date("2031-08-01T12:00:00.000Z");
    const hank = await someone("hank");
    for (let i = 0; i < 3; i++)
      await madeAt(
        await createPost(hank, { caption: "#hanksparty" }),
        new Date(now.getTime() - hours(1 + i)),
      );
    await refresh();
    expect((await trending()).map((tag) => tag.name)).toContain("hanksparty");

    expect((await call(hank, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    expect((await call(hank, "PUT", "/user/privacy", { isPrivate: false })).statusCode).toBe(200);
    expect((await call(hank, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    // One refresh waits (this file's app runs no jobs by itself), however many changes asked for it.
    const waiting = (await db.execute(
      sql`select count(*)::int as count from pgboss.job where name = ${trendingTagsQueue.name} and state = 'created'`,
    )) as unknown as { rows: { count: number }[] };
    expect(waiting.rows[0]?.count).toBe(1);
    // What that refresh computes leaves the private member's posts out.
    await refresh();
    expect((await trending()).map((tag) => tag.name)).not.toContain("hanksparty");
  });

  it("shows no tag of which the member may see no post", async () => {
    now = new Date("2031-09-01T12:00:00.000Z");
    const gina = await someone("gina");
    const hank = await someone("hank");
    await madeAt(await createPost(gina, { caption: "#ginaonly" }), new Date(now.getTime() - hours(1)));
    await refresh();
    expect((await trending(alice)).map((tag) => tag.name)).toContain("ginaonly");
    await block(hank, gina);
    expect((await trending(hank)).map((tag) => tag.name)).not.toContain("ginaonly");
  });
});

describe("a tag's count", () => {
  it("is exact up to the limit, then every post carrying the tag", async () => {
    const rows = Array.from({ length: TAG_COUNT_EXACT_UP_TO + 1 }, () => ({ caption: "" }));
    const dan = await someone("dan");
    const many: string[] = [];
    for (const _ of rows) many.push((await createPost(bob, { caption: "#crowded" }))._id);
    await createPost(dan, { caption: "#crowded" });
    await makePrivate(dan);
    const body = (await page("crowded", alice)).json() as TagPageResponse;
    // Alice sees 101 of the 102 (dan's is private), but past the limit the count is every post.
    expect(body.tag.postsCount).toBe(many.length + 1);
    await db.delete(posts).where(inArray(posts.id, many.slice(2)));
    expect(((await page("crowded", alice)).json() as TagPageResponse).tag.postsCount).toBe(2);
  });
});
