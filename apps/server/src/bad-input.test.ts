import { gzipSync } from "node:zlib";
import { NUL_CHARACTER_MESSAGE } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { ENCODED_BODY_MESSAGE } from "./platform/json-bodies.js";
import { factories } from "./test/factories.js";
import { buildTestApp, type Method } from "./test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { persona, call, createPost, chatBetween, sendMessage } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const post = await createPost(bob);
const chat = await chatBetween(alice, bob);
const message = await sendMessage(alice, chat, "Hi Bob");

/** A cursor as our pages give them out: a base64url of "<ISO time>|<id>". */
const cursorOf = (time: string, id = post._id) => Buffer.from(`${time}|${id}`).toString("base64url");

describe("a NUL character in any text field", () => {
  // PostgreSQL cannot store U+0000 in text: each of these was a 500 from the database before.
  it.each<[string, Method, string, object | undefined, string]>([
    [
      "the sign-in identifier",
      "POST",
      "/auth/signin",
      { identifier: "ali\u0000ce", password: "x" },
      "identifier",
    ],
    [
      "the sign-up full name",
      "POST",
      "/auth/signup",
      { ...signupOf("nul"), fullName: "N\u0000L" },
      "fullName",
    ],
    ["a caption", "POST", "/posts", { image: "/media/image/a.jpg", caption: "Hi\u0000" }, "caption"],
    ["a comment", "POST", `/posts/${post._id}/comment`, { text: "Nice\u0000" }, "text"],
    ["a flick comment", "POST", `/flicks/${post._id}/comment`, { text: "Nice\u0000" }, "text"],
    ["a message", "POST", `/chats/${chat._id}/messages`, { text: "Hi\u0000" }, "text"],
    [
      "a message's client id",
      "POST",
      `/chats/${chat._id}/messages`,
      { text: "Hi", clientId: "t\u0000" },
      "clientId",
    ],
    ["an edited message", "PUT", `/messages/${message._id}`, { text: "Hi\u0000" }, "text"],
    ["a bio", "PUT", "/user", { bio: "About me\u0000" }, "bio"],
    ["a website", "PUT", "/profile/update", { website: "https://a.example/\u0000" }, "website"],
    [
      "a highlight name",
      "POST",
      "/highlights",
      { name: "Trip\u0000", type: "image", src: "/media/image/a.jpg" },
      "name",
    ],
    ["a story's URL", "POST", "/stories", { url: "/media/image/a\u0000.jpg" }, "url"],
    ["an archive cursor", "GET", "/stories/archive?cursor=%00", undefined, "cursor"],
    ["a group name", "POST", "/chats", { userIds: [alice.userId, bob.userId], name: "G\u0000" }, "name"],
    ["a username in a profile path", "GET", "/profile/ali%00ce", undefined, "username"],
    ["a username in a highlights path", "GET", "/highlights/user/ali%00ce", undefined, "username"],
    ["a username in a stories path", "GET", "/stories/user/ali%00ce", undefined, "username"],
    ["a search", "GET", "/user/search?q=ali%00ce", undefined, "q"],
    ["a cursor", "GET", "/posts?cursor=%00", undefined, "cursor"],
  ])("is a 400 naming the field: %s", async (_what, method, url, payload, field) => {
    const response =
      method === "POST" && url.startsWith("/auth/")
        ? await app.inject({ method, url: `/api${url}`, payload })
        : await call(alice, method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: NUL_CHARACTER_MESSAGE,
      errors: expect.arrayContaining([{ field, message: NUL_CHARACTER_MESSAGE }]),
    });
  });
});

function signupOf(username: string) {
  return { fullName: "Nul", username, email: `${username}@example.com`, password: "long-enough" };
}

describe("a page's limit", () => {
  it.each([
    ["0", "limit must be at least 1"],
    ["abc", "limit must be a number"],
    ["2.5", "limit must be a whole number"],
    ["1000", "limit must be at most 20"],
  ])("answers ?limit=%s in words, naming the field, on every search", async (limit, message) => {
    for (const url of ["/user/search?q=al", "/auth?search=al", "/tags/search?q=al", "/posts/search?q=al"]) {
      const response = await call(alice, "GET", `${url}&limit=${limit}`);
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect(body.errors, url).toContainEqual({
        field: "limit",
        message: expect.stringMatching(/^limit must be /),
      });
      if (!url.startsWith("/posts")) expect(body.message, url).toBe(message);
    }
  });
});

describe("a paging cursor", () => {
  // JavaScript dates that PostgreSQL refuses, and times that no page of ours gave out.
  it.each([
    ["a year past 9999", cursorOf("+010000-01-01T00:00:00.000Z")],
    ["the largest JavaScript date", cursorOf("+275760-09-13T00:00:00.000Z")],
    ["year 0", cursorOf("0000-01-01T00:00:00.000Z")],
    ["a year before Christ", cursorOf("-004714-01-01T00:00:00.000Z")],
    ["a time in another form", cursorOf("2024-01-01")],
    ["no time", cursorOf("")],
    ["a bad id", cursorOf("2024-01-01T00:00:00.000Z", "not-an-id")],
    ["a third part", `${cursorOf("2024-01-01T00:00:00.000Z")}${Buffer.from("|x").toString("base64url")}`],
    ["not base64", "%%%"],
  ])("is a 400 when it carries %s", async (_what, cursor) => {
    for (const list of ["/posts", "/flicks", "/notifications", `/chats/${chat._id}/messages`]) {
      const response = await call(alice, "GET", `${list}?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, list).toBe(400);
      expect(response.json(), list).toEqual({
        message: "cursor is not valid",
        errors: [{ field: "cursor", message: "cursor is not valid" }],
      });
    }
  });

  it("answers an empty cursor (?cursor=) with the first page, as no cursor", async () => {
    for (const list of [
      "/posts",
      "/flicks",
      "/notifications",
      `/chats/${chat._id}/messages`,
      "/user/search?q=a",
    ]) {
      const joiner = list.includes("?") ? "&" : "?";
      const first = await call(alice, "GET", list);
      const empty = await call(alice, "GET", `${list}${joiner}cursor=`);
      expect(empty.statusCode, list).toBe(200);
      expect(empty.json(), list).toEqual(first.json());
    }
  });

  it("pages from the first and the last time PostgreSQL reads back", async () => {
    for (const time of ["0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z"]) {
      const response = await call(alice, "GET", `/posts?cursor=${cursorOf(time)}`);
      expect(response.statusCode, time).toBe(200);
    }
  });
});

describe("Fastify's own refusals keep their 4xx", () => {
  it("answers a body that is not JSON with 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...alice.headers, "content-type": "application/json" },
      payload: '{"caption": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not valid JSON/);
  });

  it("answers a content type it does not read with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...alice.headers, "content-type": "application/xml" },
      payload: "<post/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it("answers a compressed body with 415, whatever it holds", async () => {
    for (const payload of [gzipSync('{"caption":"zipped"}'), Buffer.from('{"caption":"plain"}')]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { ...alice.headers, "content-type": "application/json", "content-encoding": "gzip" },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: ENCODED_BODY_MESSAGE });
      expect(response.headers["accept-encoding"]).toBe("identity");
    }
    // Without a body there is nothing encoded to refuse.
    const read = await app.inject({
      method: "GET",
      url: "/api/user",
      headers: { ...alice.headers, "content-encoding": "gzip" },
    });
    expect(read.statusCode, read.body).toBe(200);
  });

  it("answers a path segment longer than a route takes with 414, without echoing it", async () => {
    for (const url of [`/api/profile/${"a".repeat(5000)}`, `/api/posts/${"b".repeat(300)}`]) {
      const response = await app.inject({ method: "GET", url, headers: alice.headers });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ message: "That address is too long." });
    }
  });

  it("answers a path segment that is not valid URL encoding with 400", async () => {
    const response = await app.inject({ method: "GET", url: "/api/posts/%E0%A4%A", headers: alice.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "That address is not valid.",
      errors: [{ field: "path", message: "That address is not valid." }],
    });
  });

  it("answers a media path that names no kept file with 404, however long", async () => {
    for (const name of ["c".repeat(5000), "..%2f..%2fjwt-secret", "incoming"]) {
      const response = await app.inject({ method: "GET", url: `/media/image/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "No such file" });
    }
  });

  it("answers a body over the limit with 413", async () => {
    const response = await call(alice, "POST", "/posts", { caption: "x".repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
