import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blocks, followRequests, users } from "../../db/schema.js";
import { announcement, factories } from "../../test/factories.js";
import { buildTestApp, sqlLog } from "../../test/helper.js";

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

describe("the account kept in memory", () => {
  const { createPost, follow, persona, call } = factories(built);
  const me = async (member: { headers: { authorization: string } }) =>
    (await app.inject({ url: "/api/user", headers: member.headers })).json().user;

  it("is read from the database once, then answered without a query", async () => {
    const erin = await persona("erin");
    await me(erin);
    const before = sqlLog.length;
    expect((await me(erin)).username).toBe("erin");
    expect(sqlLog.length).toBe(before);
  });

  it("shows what this node changed at once: a follow, an unfollow, a post, a profile edit", async () => {
    const frank = await persona("frank");
    const gina = await persona("gina");
    await me(frank);
    await me(gina);
    await follow(frank, gina);
    expect((await me(frank)).following).toContain(gina.userId);
    expect((await me(gina)).followersCount).toBe(1);
    await call(frank, "POST", `/unfollow/${gina.userId}`);
    expect((await me(frank)).following).not.toContain(gina.userId);
    expect((await me(gina)).followers).toEqual([]);
    await createPost(gina);
    expect((await me(gina)).postsCount).toBe(1);
    await call(gina, "PUT", "/user", { fullName: "Gina Lollobrigida" });
    expect((await me(gina)).fullName).toBe("Gina Lollobrigida");
  });

  it("shows what another node changed once the database announces it", async () => {
    const hank = await persona("hank");
    expect((await me(hank)).verified).toBe(false);
    const announced = announcement(built, `account:${hank.userId}`);
    await built.database.db.update(users).set({ verified: true }).where(eq(users.id, hank.userId));
    await announced;
    expect((await me(hank)).verified).toBe(true);
  });

  it("shows follow requests and blocks another node made (or a cascade removed) once announced", async () => {
    const { newcomer } = factories(built);
    const [owner, asker] = [await newcomer("kept_owner"), await newcomer("kept_asker")];
    expect(await me(owner)).toMatchObject({ followRequestsCount: 0, blockedUsers: [] });

    let announced = announcement(built, `account:${owner.userId}`);
    await built.database.db
      .insert(followRequests)
      .values({ requesterId: asker.userId, targetId: owner.userId });
    await announced;
    expect((await me(owner)).followRequestsCount).toBe(1);

    announced = announcement(built, `account:${owner.userId}`);
    await built.database.db.insert(blocks).values({ blockerId: owner.userId, blockedId: asker.userId });
    await announced;
    expect((await me(owner)).blockedUsers).toEqual([expect.objectContaining({ _id: asker.userId })]);

    // The asker's account is deleted: its request and the block go by cascade, and are announced.
    announced = announcement(built, `account:${owner.userId}`);
    await built.database.db.delete(users).where(eq(users.id, asker.userId));
    await announced;
    expect(await me(owner)).toMatchObject({ followRequestsCount: 0, blockedUsers: [] });
  });
});
