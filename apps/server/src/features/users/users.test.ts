import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const alice = await factories(built).persona("alice");

describe.each(["/api/user", "/api/profile/me"])("GET %s", (url) => {
  it("answers the signed-in member with spec §3's fields and no secrets", async () => {
    const response = await app.inject({ url, headers: alice.headers });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      _id: alice.userId,
      id: alice.userId,
      username: "alice",
      fullName: "Alice Liddell",
      email: "alice@example.com",
      emailVerified: false,
      followers: [],
      following: [],
      isPrivate: false,
      blockedUsers: [],
    });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
  });

  it.each([
    ["no token", {}],
    ["a malformed token", { authorization: "Bearer not.a.token" }],
    ["a token signed with another secret", { authorization: `Bearer ${forgedToken()}` }],
    ["another scheme", { authorization: `Basic ${Buffer.from("alice:x").toString("base64")}` }],
  ])("answers 401 for %s", async (_case, headers) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

/** A structurally valid HS256 token for alice's session, signed with a secret the server never had. */
function forgedToken() {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: "HS256" })}.${encode({ sub: alice.userId, sid: alice.sessionId, iat: now, exp: now + 60 })}.c2lnbmF0dXJl`;
}
