import { MAX_PAGE_SIZE } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../test/factories.js";
import { buildTestApp, listen } from "../test/helper.js";

/** Every route with a query schema, as registered: its method and path. */
const queryRoutes: { method: string; url: string }[] = [];
const built = await buildTestApp(
  {},
  {
    onRoute: (route) => {
      if (route.schema?.querystring)
        for (const method of [route.method].flat())
          if (method !== "HEAD") queryRoutes.push({ method, url: route.url });
    },
  },
);
const make = factories(built);
const alice = await make.someone("alice");
// Over real HTTP: the query string exactly as a client sends it, parsed by the server's own parser.
const baseUrl = await listen(built);

const get = async (pathAndQuery: string, method = "GET") => {
  const response = await fetch(`${baseUrl}/api${pathAndQuery}`, { method, headers: alice.headers });
  return { status: response.status, body: (await response.json()) as { message?: string } };
};

/** A 400 about one query parameter, as every 400 answers: its message, and `errors` naming it. */
const refusal = (field: string, message: string) => ({
  status: 400,
  body: { message, errors: [{ field, message }] },
});

describe("?limit= judged as written, not as a double rounds it", () => {
  it.each([
    ["99999999999999999999", `limit must be at most ${MAX_PAGE_SIZE}`],
    ["9007199254740993", `limit must be at most ${MAX_PAGE_SIZE}`],
    ["-99999999999999999999", "limit must be at least 1"],
    ["1.00000000000000000001", "limit must be a whole number"],
    ["1e3", "limit must be a number"],
    ["0x10", "limit must be a number"],
    ["%205", "limit must be a number"],
    ["-0", "limit must be at least 1"],
  ])("answers ?limit=%s: %s", async (limit, message) => {
    expect(await get(`/posts?limit=${limit}`)).toEqual(refusal("limit", message));
  });

  it("says a search's own largest limit for one too large for a double to hold exactly", async () => {
    expect(await get("/user/search?q=al&limit=99999999999999999999")).toEqual(
      refusal("limit", "limit must be at most 20"),
    );
  });

  it("reads 1.0 as the whole number it is", async () => {
    expect(await get("/posts?limit=1.0")).toEqual({ status: 200, body: { posts: [], nextCursor: null } });
  });
});

describe("a query parameter given more than once", () => {
  it.each([
    ["/posts?limit=1&limit=2", "limit"],
    ["/posts?cursor=a&cursor=b", "cursor"],
    ["/posts?cursor=&cursor=", "cursor"],
    ["/notifications?limit=5&cursor=a&limit=5", "limit"],
    ["/user/search?q=al&q=bo", "q"],
    ["/auth?search=al&search=bo", "search"],
    ["/explore?tab=music&tab=gaming", "tab"],
  ])("answers %s with '%s must be given once'", async (url, name) => {
    expect(await get(url)).toEqual(refusal(name, `${name} must be given once`));
  });

  it("is refused on every route that reads a query, before anything else is judged of it", async () => {
    expect(queryRoutes.length).toBeGreaterThanOrEqual(15);
    for (const { method, url } of queryRoutes) {
      // Its path parameters need not name anything: the query is refused before the path is judged.
      const path = url.replace(/:\w+/g, "x").replace(/^\/api/, "");
      const { status, body } = await get(`${path}?limit=1&limit=2&q=al&q=al&search=al&search=al`, method);
      expect(status, `${method} ${url}`).toBe(400);
      expect(body.message, `${method} ${url}`).toMatch(/^(limit|q|search) must be given once$/);
    }
  });
});

describe("a query parameter given as a list, in brackets", () => {
  it.each([
    ["/posts?cursor[]=a", "cursor"],
    ["/posts?cursor[0]=a", "cursor"],
    ["/posts?cursor[a]=b", "cursor"],
    ["/posts?cursor%5B%5D=a", "cursor"],
    ["/posts?limit[]=5", "limit"],
    ["/posts?cursor=a&cursor[]=b", "cursor"],
    ["/user/search?q[]=al", "q"],
    ["/explore?tab[]=music", "tab"],
  ])("answers %s with '%s must be given once', not the first page", async (url, name) => {
    expect(await get(url)).toEqual(refusal(name, `${name} must be given once`));
  });
});

describe("query parameters a route does not read", () => {
  it("are ignored, however they are given", async () => {
    for (const query of ["foo=1&foo=2", "foo[]=1", "limits=1&limits=2", "x[limit]=1"])
      expect(await get(`/posts?${query}`), query).toEqual({
        status: 200,
        body: { posts: [], nextCursor: null },
      });
  });
});
