import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { call, persona } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

// Blocking arrives with issue 16: until then nobody is blocked, so every unblock is a 404.
describe("PUT /user/unblock", () => {
  it("answers 404 'That account is not blocked' for a member who is not blocked", async () => {
    const response = await call(alice, "PUT", "/user/unblock", { userId: bob.userId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "That account is not blocked" });
  });

  it("answers the same 404 for an id that is no member's (nothing told about who exists)", async () => {
    const response = await call(alice, "PUT", "/user/unblock", { userId: randomUUID() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "That account is not blocked" });
  });

  it.each([
    ["a malformed id", { userId: "bob" }],
    ["no id", {}],
    ["a number", { userId: 42 }],
  ])("refuses %s with 400", async (_case, payload) => {
    const response = await call(alice, "PUT", "/user/unblock", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it("leaves GET /user's blockedUsers empty", async () => {
    const response = await call(alice, "GET", "/user");
    expect(response.json().user.blockedUsers).toEqual([]);
  });
});
