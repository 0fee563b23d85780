import { describe, expect, it } from "vitest";
import { factories } from "../test/factories.js";
import { buildTestApp, listen } from "../test/helper.js";
import { BODY_NOT_JSON_MESSAGE, BODY_NOT_OBJECT_MESSAGE, SEND_JSON_MESSAGE } from "./errors.js";
import { PROTOTYPE_KEY_MESSAGE } from "./json-bodies.js";

const built = await buildTestApp();
const { app } = built;
const make = factories(built);
const [alice, bob] = await Promise.all([make.someone("alice"), make.someone("bob")]);
const json = "application/json";

/** A call as a client library that always sends a JSON content type makes it, with no body at all. */
const bodiless = (method: "POST" | "PUT" | "DELETE", url: string, contentType = json) =>
  app.inject({ method, url, headers: { ...alice.headers, "content-type": contentType } });

describe("a JSON content type with an empty body", () => {
  it("is a body-less call: follow, like, mark all read and delete answer as without the header", async () => {
    const post = await make.createPost(bob);
    const mine = await make.createPost(alice);

    const follow = await bodiless("POST", `/api/follow/${bob.userId}`);
    expect(follow.statusCode, follow.body).toBe(200);
    expect(follow.json()).toMatchObject({ isFollowed: true });

    const like = await bodiless("POST", `/api/posts/${post._id}/like`, "application/json; charset=utf-8");
    expect(like.statusCode, like.body).toBe(200);
    expect(like.json()).toMatchObject({ isLiked: true, likesCount: 1 });

    const markAll = await bodiless("PUT", "/api/notifications/mark-all");
    expect(markAll.statusCode, markAll.body).toBe(200);

    const deleted = await bodiless("DELETE", `/api/posts/${mine._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await app.inject({ method: "GET", url: `/api/posts/${mine._id}`, headers: alice.headers });
    expect(gone.statusCode).toBe(404);
  });

  it("still needs a body where the call takes one, with the field named", async () => {
    const response = await bodiless("POST", "/api/posts");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: BODY_NOT_OBJECT_MESSAGE,
      errors: [{ field: "body", message: BODY_NOT_OBJECT_MESSAGE }],
    });
  });
});

describe("JSON bodies", () => {
  const send = (payload: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/signin",
      headers: { "content-type": json },
      payload,
    });

  it("refuses malformed JSON and whitespace alone with a 400 in Flik's words, naming the body", async () => {
    for (const payload of ["{", " ", "{'a':1}", '{"identifier":"alice",', "undefined", "{}{}", "\u00ff"]) {
      const response = await send(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        message: BODY_NOT_JSON_MESSAGE,
        errors: [{ field: "body", message: BODY_NOT_JSON_MESSAGE }],
      });
    }
  });

  it("says so over real HTTP on every call that reads a body, signed in or not", async () => {
    const baseUrl = await listen(built);
    for (const [path, headers] of [
      ["/api/posts", alice.headers],
      ["/api/auth/signup", {}],
      [`/api/chats`, alice.headers],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json; charset=utf-8" },
        body: '{"text": "hi"',
      });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        message: BODY_NOT_JSON_MESSAGE,
        errors: [{ field: "body", message: BODY_NOT_JSON_MESSAGE }],
      });
    }
  });

  it("refuses __proto__ and constructor.prototype keys, as Fastify's own parser does, saying why", async () => {
    for (const payload of [
      '{"identifier":"alice","password":"x","__proto__":{"isAdmin":true}}',
      '{"identifier":"alice","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const response = await send(payload);
      expect(response.statusCode, payload).toBe(400);
      // As every 400, it names its field: the body as a whole.
      expect(response.json(), payload).toEqual({
        message: PROTOTYPE_KEY_MESSAGE,
        errors: [{ field: "body", message: PROTOTYPE_KEY_MESSAGE }],
      });
    }
  });

  it("answers a body of another content type with a 415 that says to send JSON", async () => {
    for (const contentType of [
      "text/plain",
      "text/plain; charset=utf-8",
      "application/x-www-form-urlencoded",
      "application/xml",
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/signin",
        headers: { "content-type": contentType },
        payload: '{"identifier":"alice","password":"x"}',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toEqual({ message: SEND_JSON_MESSAGE });
    }
    // An empty text body is no body, as fetch() sends one.
    const post = await make.createPost(bob);
    const like = await bodiless("POST", `/api/posts/${post._id}/like`, "text/plain;charset=UTF-8");
    expect(like.statusCode, like.body).toBe(200);
  });

  it("has a media upload sent as text or JSON say to send the file as multipart/form-data", async () => {
    for (const contentType of ["text/plain", json, "application/octet-stream"]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/media/image/upload",
        headers: { ...alice.headers, "content-type": contentType },
        payload: "{}",
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toEqual({ message: "Send the file as multipart/form-data" });
    }
  });

  it("says a body of another kind (a list, null, a number) must be an object, in words", async () => {
    for (const payload of ["[1,2]", "[]", "null", "42", '"text"', '"x"', "true"]) {
      const response = await send(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({
        message: BODY_NOT_OBJECT_MESSAGE,
        errors: [{ field: "body", message: BODY_NOT_OBJECT_MESSAGE }],
      });
    }
  });

  it("names each field once, with its first refusal", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { ...alice.headers, "content-type": json },
      payload: JSON.stringify({ image: "  " }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Please select a file",
      errors: [{ field: "image", message: "Please select a file" }],
    });
  });

  it("reads a well-formed body as before", async () => {
    const response = await send(JSON.stringify({ identifier: "nobody-here", password: "wrong password" }));
    expect(response.statusCode).toBe(401);
  });
});
