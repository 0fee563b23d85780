import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

/**
 * Member search (issue 18): GET /user/search?q= and GET /auth?search=, one implementation. Prefix
 * matches of usernames and full names come first, then typos; followed members rank up within each;
 * members blocked either way never appear; pages follow each other by cursor.
 */
const built = await buildTestApp();
const { call, persona, newcomer, follow, block } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const margaret = await newcomer("margaret_hale");
await newcomer("margot");
const marguerite = await newcomer("marguerite");
await newcomer("tamara_jones");
await follow(alice, marguerite);

type Found = { users: { _id: string; username: string }[]; nextCursor: string | null };
const search = async (q: string, who = alice, extra = "") => {
  const response = await call(who, "GET", `/user/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Found;
};
const names = (found: Found) => found.users.map((user) => user.username);

describe("GET /user/search", () => {
  it("answers the chat screen's shape: id, username, full name and avatar", async () => {
    const found = await search("margaret_hale");
    expect(found.users[0]).toEqual({
      _id: margaret.userId,
      username: "margaret_hale",
      fullName: "Newcomer margaret_hale",
      avatar: "",
    });
    expect(found.nextCursor).toBeNull();
  });

  it("ranks the username itself first, then prefixes, members the searcher follows first among them", async () => {
    // "marg" starts margaret_hale, margot and marguerite; alice follows marguerite.
    const found = names(await search("marg"));
    expect(found[0]).toBe("marguerite");
    expect(found.slice(1, 3).sort()).toEqual(["margaret_hale", "margot"]);
    // Bob follows none of them: equally close to the text, they come by username.
    expect(names(await search("marg", bob)).slice(0, 3)).toEqual(["margaret_hale", "margot", "marguerite"]);
    expect(names(await search("margot"))[0]).toBe("margot");
    // A username written with its "@" is the same search.
    expect(names(await search(" @margot"))).toEqual(names(await search("margot")));
    expect(names(await search("@@marg", bob)).slice(0, 3)).toEqual(["margaret_hale", "margot", "marguerite"]);
    const viaAuth = await call(alice, "GET", "/auth?search=%40margot");
    expect(viaAuth.json().users[0]).toMatchObject({ username: "margot" });
    expect((await call(alice, "GET", "/auth?search=%40")).json()).toEqual({
      message: "Type something to search",
      errors: [{ field: "search", message: "Type something to search" }],
    });
    const atAlone = await call(alice, "GET", "/user/search?q=%40");
    expect(atAlone.statusCode).toBe(400);
    expect(atAlone.json()).toEqual({
      message: "Type something to search",
      errors: [{ field: "q", message: "Type something to search" }],
    });
  });

  it("finds a word of a full name by its start, any case", async () => {
    // Close spellings (margot, marguerite…) may follow, after the prefix match.
    expect(names(await search("MARL"))[0]).toBe("bob");
    expect(names(await search("liddell"))).toEqual(["alice"]);
    expect(names(await search("jon"))).toEqual(["tamara_jones"]);
  });

  it("finds a misspelt username, after every prefix match", async () => {
    expect(names(await search("margret_hale"))).toContain("margaret_hale");
    expect(names(await search("tamra_jones"))).toEqual(["tamara_jones"]);
    const found = names(await search("margo"));
    // margot starts with the text; the others are only close to it.
    expect(found[0]).toBe("margot");
  });

  it("does not find a text that is nobody's, nor a % taken for a wildcard", async () => {
    expect(names(await search("zzzqqq"))).toEqual([]);
    expect(names(await search("%"))).toEqual([]);
    expect(names(await search("m_rg"))).toEqual([]);
  });

  it("pages with a cursor: every member once, in the same order as one long page", async () => {
    const all = names(await search("mar", alice, "&limit=20"));
    expect(all.length).toBeGreaterThanOrEqual(4);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Found = await search(
        "mar",
        alice,
        `&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.users.length).toBeLessThanOrEqual(1);
      paged.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it("never shows a member the searcher blocked, nor one who blocked the searcher", async () => {
    const carol = await persona("carol");
    const dan = await persona("dan");
    await block(carol, dan);
    expect(names(await search("dan", carol))).not.toContain("dan");
    expect(names(await search("carol", dan))).not.toContain("carol");
    // Close spellings do not bring them back either.
    expect(names(await search("dna", carol))).not.toContain("dan");
    expect(names(await search("caroll", dan))).not.toContain("carol");
    expect(names(await search("dan", bob))).toContain("dan");
  });

  it("refuses an empty, too long or NUL text and a cursor it did not give", async () => {
    for (const query of ["q=", "q=%20%20", "", `q=${"a".repeat(101)}`, "q=a%00b", "q=ab&cursor=abc"]) {
      const response = await call(alice, "GET", `/user/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const forged = Buffer.from(JSON.stringify([9, 0, "alice"])).toString("base64url");
    expect((await call(alice, "GET", `/user/search?q=a&cursor=${forged}`)).statusCode).toBe(400);
  });
});

describe("GET /auth?search=", () => {
  it("is the same search as GET /user/search", async () => {
    const response = await call(alice, "GET", "/auth?search=marg");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await search("marg"));
  });

  it("refuses a missing or empty text, and a visitor", async () => {
    expect((await call(alice, "GET", "/auth")).statusCode).toBe(400);
    expect((await call(alice, "GET", "/auth?search=")).statusCode).toBe(400);
    const visitor = await built.app.inject({ method: "GET", url: "/api/auth?search=marg" });
    expect(visitor.statusCode).toBe(401);
  });
});
