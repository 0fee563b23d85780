import type { Post } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { closeWordsQuery, readSearchText, tsqueryOperand, wordsQuery } from "./search.text.js";

/**
 * Post search (issue 18, spec §7 GET /posts/search?q=): captions, tags and locations, typos, `#tag`
 * exactly, only posts the searcher may see, newest first among equally good matches, paged.
 */
const built = await buildTestApp();
const { call, persona, createPost, follow, block, makePrivate, requestFollow, acceptFollow } =
  factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

const coffee = await createPost(bob, { caption: "Best coffee in town", location: "Lisbon" });
const tagged = await createPost(bob, { caption: "Morning ritual #espresso", tags: "barista" });
const tagger = await createPost(bob, { caption: "Not this one #espressomachine" });
const sunset = await createPost(carol, { caption: "Golden hour at the pier", tags: "#sunset, beach" });

type Page = { posts: Post[]; nextCursor: string | null };
const search = async (q: string, who = alice, extra = "") => {
  const response = await call(who, "GET", `/posts/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const ids = (page: Page) => page.posts.map((post) => post._id);

describe("GET /posts/search", () => {
  it("is a route of its own (it was taken for a post id, a 400)", async () => {
    const page = await search("coffee");
    expect(page.posts[0]).toMatchObject({ _id: coffee._id, caption: "Best coffee in town", isMyPost: false });
    expect(page.posts[0]?.user.username).toBe("bob");
  });

  it("finds a caption word, a word's start and a location, any case", async () => {
    expect(ids(await search("COFFEE"))).toEqual([coffee._id]);
    expect(ids(await search("coff"))).toEqual([coffee._id]);
    expect(ids(await search("lisbon"))).toEqual([coffee._id]);
    expect(ids(await search("golden pier"))).toEqual([sunset._id]);
    expect(ids(await search("golden lisbon"))).toEqual([]);
  });

  it("finds the words of the tags field and of the caption's #tags", async () => {
    expect(ids(await search("barista"))).toEqual([tagged._id]);
    expect(ids(await search("beach"))).toEqual([sunset._id]);
  });

  it("finds a misspelt word, after the posts that have it as written", async () => {
    expect(ids(await search("cofee"))).toEqual([coffee._id]);
    expect(ids(await search("sunste"))).toEqual([sunset._id]);
    const older = await createPost(carol, { caption: "Riads of Marrakesh" });
    const newer = await createPost(carol, { caption: "Marakesh at dawn" });
    // Written so in the older post, one letter off in the newer: the one as written comes first.
    expect(ids(await search("marrakesh"))).toEqual([older._id, newer._id]);
  });

  it("searches #tag as that tag exactly, not the words that start with it", async () => {
    expect(ids(await search("#espresso"))).toEqual([tagged._id]);
    expect(ids(await search("#Espresso"))).toEqual([tagged._id]);
    expect(ids(await search("#espressomachine"))).toEqual([tagger._id]);
    expect(ids(await search("espresso"))).toEqual([tagger._id, tagged._id]);
    expect(ids(await search("#sunset beach"))).toEqual([sunset._id]);
    expect(ids(await search("#sunset lisbon"))).toEqual([]);
    expect(ids(await search("#nosuchtag"))).toEqual([]);
  });

  it("lists equally good matches newest first and pages through them with a cursor", async () => {
    const dan = await persona("dan");
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createPost(dan, { caption: `Pancake stack ${i}` }))._id);
    const newestFirst = [...made].reverse();
    expect(ids(await search("pancake", alice, "&limit=50"))).toEqual(newestFirst);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await search("pancake", alice, `&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      paged.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(newestFirst);
  });

  it("pages from the posts with the word into those found through a correction", async () => {
    const erin = await persona("erin");
    const exact = [
      (await createPost(erin, { caption: "Waffle one" }))._id,
      (await createPost(erin, { caption: "Waffle two" }))._id,
    ];
    const close = (await createPost(erin, { caption: "Wafle three" }))._id;
    const first = await search("waffle", alice, "&limit=2");
    expect(ids(first)).toEqual([...exact].reverse());
    const second = await search("waffle", alice, `&limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual([close]);
    expect(second.nextCursor).toBeNull();
  });

  it("never shows a private member's posts to a stranger, but to their followers and themselves", async () => {
    const frank = await persona("frank");
    const hidden = await createPost(frank, { caption: "Secret garden party #hideaway" });
    await makePrivate(frank);
    for (const q of ["secret garden", "#hideaway", "secrte"]) {
      expect(ids(await search(q, alice)), q).toEqual([]);
      expect(ids(await search(q, frank)), q).toEqual([hidden._id]);
    }
    await requestFollow(bob, frank);
    expect(ids(await search("secret garden", bob))).toEqual([]);
    await acceptFollow(frank, bob);
    expect(ids(await search("secret garden", bob))).toEqual([hidden._id]);
    expect(ids(await search("#hideaway", bob))).toEqual([hidden._id]);
  });

  it("never shows the posts of a member blocked either way", async () => {
    const gina = await persona("gina");
    const hank = await persona("hank");
    const ginas = await createPost(gina, { caption: "Blocked tacos #tuesday" });
    await follow(hank, gina);
    expect(ids(await search("tacos", hank))).toEqual([ginas._id]);
    await block(gina, hank);
    for (const q of ["tacos", "#tuesday", "tacso"]) {
      expect(ids(await search(q, hank)), q).toEqual([]);
      expect(ids(await search(q, alice)), q).toEqual([ginas._id]);
    }
    const hanks = await createPost(hank, { caption: "Blocker burritos" });
    expect(ids(await search("burritos", gina))).toEqual([]);
    expect(ids(await search("burritos", alice))).toEqual([hanks._id]);
  });

  it("finds nothing for a text of no words, and leaves a deleted post out", async () => {
    expect(await search("?!…")).toEqual({ posts: [], nextCursor: null });
    expect(await search("#")).toEqual({ posts: [], nextCursor: null });
    const gone = await createPost(bob, { caption: "Ephemeral croissant" });
    expect(ids(await search("croissant"))).toEqual([gone._id]);
    await call(bob, "DELETE", `/posts/${gone._id}`);
    expect(ids(await search("croissant"))).toEqual([]);
  });

  it("finds an edited post by its new words and tags only", async () => {
    const post = await createPost(bob, { caption: "Old muffin #oldtag" });
    await call(bob, "PUT", `/posts/${post._id}`, { caption: "New bagel #newtag" });
    expect(ids(await search("muffin"))).toEqual([]);
    expect(ids(await search("#oldtag"))).toEqual([]);
    expect(ids(await search("bagel"))).toEqual([post._id]);
    expect(ids(await search("#newtag"))).toEqual([post._id]);
  });

  it("refuses an empty, too long or NUL text, a bad limit and a cursor it did not give", async () => {
    const bad = [
      "",
      "q=",
      "q=%20",
      `q=${"a".repeat(101)}`,
      "q=caf%00e",
      "q=coffee&limit=0",
      "q=coffee&limit=51",
      "q=coffee&cursor=nope",
      `q=coffee&cursor=${Buffer.from(JSON.stringify([2, new Date().toISOString(), coffee._id])).toString("base64url")}`,
      `q=coffee&cursor=${Buffer.from(JSON.stringify([0, "yesterday", coffee._id])).toString("base64url")}`,
    ];
    for (const query of bad) {
      const response = await call(alice, "GET", `/posts/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it("refuses a visitor", async () => {
    const response = await built.app.inject({ method: "GET", url: "/api/posts/search?q=coffee" });
    expect(response.statusCode).toBe(401);
  });
});

describe("what a search asks for", () => {
  it("reads #tags apart from words", () => {
    expect(readSearchText("#Sunset at the #beach")).toEqual({ tags: ["sunset", "beach"], words: "at the" });
    expect(readSearchText("plain words")).toEqual({ tags: [], words: "plain words" });
    // An accent typed apart (e + U+0301) asks for the tag as stored, composed.
    expect(readSearchText("#cafe\u0301 latte")).toEqual({ tags: ["café"], words: "latte" });
  });

  it("writes lexemes as tsquery operands, quotes and backslashes escaped", () => {
    expect(tsqueryOperand("coffee", true)).toBe("'coffee':*");
    expect(tsqueryOperand("it's")).toBe("'it''s'");
    expect(tsqueryOperand("a\\b")).toBe("'a\\\\b'");
    const words = [
      { word: "cofee", close: ["coffee", "toffee"] },
      { word: "in", close: [] },
    ];
    expect(wordsQuery(words)).toBe("'cofee':* & 'in':*");
    expect(closeWordsQuery(words)).toBe("('cofee':* | 'coffee' | 'toffee') & 'in':*");
    expect(closeWordsQuery([{ word: "in", close: [] }])).toBeNull();
  });
});
