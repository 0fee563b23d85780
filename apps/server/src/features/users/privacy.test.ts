import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { call, persona } = factories(built);
const me = async (member: { headers: { authorization: string } }) =>
  (await built.app.inject({ url: "/api/user", headers: member.headers })).json().user;

describe("PUT /user/privacy", () => {
  it("stores the notification settings and answers the account as GET /user shows it, at once", async () => {
    const alice = await persona("alice");
    // Kept in memory by the first ask: the change must not wait for that copy to age.
    expect(await me(alice)).toMatchObject({ emailNotifications: true, pushNotifications: true });
    const response = await call(alice, "PUT", "/user/privacy", {
      emailNotifications: false,
      pushNotifications: false,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Privacy settings updated!");
    expect(body.user).toMatchObject({
      _id: alice.userId,
      username: "alice",
      emailNotifications: false,
      pushNotifications: false,
      isPrivate: false,
    });
    expect(JSON.stringify(body.user)).not.toMatch(/password|hash/i);
    expect(await me(alice)).toEqual(body.user);
  });

  it("changes only the settings sent", async () => {
    const bob = await persona("bob");
    await call(bob, "PUT", "/user/privacy", { pushNotifications: false });
    const response = await call(bob, "PUT", "/user/privacy", { isPrivate: true });
    expect(response.json().user).toMatchObject({
      isPrivate: true,
      emailNotifications: true,
      pushNotifications: false,
    });
    expect(await me(bob)).toMatchObject({ isPrivate: true, pushNotifications: false });
    // And back.
    expect((await call(bob, "PUT", "/user/privacy", { isPrivate: false })).json().user.isPrivate).toBe(false);
    expect((await me(bob)).isPrivate).toBe(false);
  });

  it.each([
    ["nothing to change", {}, "Send isPrivate, emailNotifications, pushNotifications or messagesFrom"],
    ["a setting that is not true or false", { isPrivate: "yes" }, "isPrivate must be true or false"],
    ["null", { emailNotifications: null }, "emailNotifications must be true or false"],
  ])("refuses %s with 400 and changes nothing", async (_case, payload, message) => {
    const carol = await persona("carol");
    const before = await me(carol);
    const response = await call(carol, "PUT", "/user/privacy", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await me(carol)).toEqual(before);
  });

  it("drops fields it does not know (no other column can be set through it)", async () => {
    const dan = await persona("dan");
    const response = await call(dan, "PUT", "/user/privacy", {
      isPrivate: true,
      verified: true,
      username: "root",
      email: "root@example.com",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ isPrivate: true, verified: false, username: "dan" });
  });

  it("answers 401 when signed out", async () => {
    const response = await built.app.inject({
      method: "PUT",
      url: "/api/user/privacy",
      payload: { isPrivate: true },
    });
    expect(response.statusCode).toBe(401);
  });
});
