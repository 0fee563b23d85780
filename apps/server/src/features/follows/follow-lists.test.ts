import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { persona, follow } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
const dan = await persona("dan");

for (const follower of [bob, carol, dan]) await follow(follower, alice);
await follow(bob, carol);

describe("GET /followers/{userId} and /following/{userId}", () => {
  it("lists followers newest first, each with whether the viewer follows them", async () => {
    const response = await app.inject({ url: `/api/followers/${alice.userId}`, headers: bob.headers });
    expect(response.statusCode).toBe(200);
    const { followers, nextCursor } = response.json();
    expect(followers.map((member: { username: string }) => member.username)).toEqual(["dan", "carol", "bob"]);
    expect(followers[1]).toEqual({
      _id: carol.userId,
      username: "carol",
      fullName: "Carol Danvers",
      avatar: "",
      isPrivate: false,
      isFollowed: true,
      isRequested: false,
    });
    expect(nextCursor).toBeNull();
  });

  it("pages by cursor", async () => {
    const first = (
      await app.inject({ url: `/api/followers/${alice.userId}?limit=2`, headers: bob.headers })
    ).json();
    expect(first.followers).toHaveLength(2);
    const second = (
      await app.inject({
        url: `/api/followers/${alice.userId}?limit=2&cursor=${first.nextCursor}`,
        headers: bob.headers,
      })
    ).json();
    expect(second.followers.map((member: { username: string }) => member.username)).toEqual(["bob"]);
    expect(second.nextCursor).toBeNull();
  });

  it("lists whom a member follows", async () => {
    const { following } = (
      await app.inject({ url: `/api/following/${bob.userId}`, headers: alice.headers })
    ).json();
    expect(following.map((member: { username: string }) => member.username)).toEqual(["carol", "alice"]);
  });

  it("answers 404 for an unknown member and for an id of no id's form", async () => {
    expect(
      (await app.inject({ url: "/api/followers/00000000-0000-4000-8000-000000000000", headers: bob.headers }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ url: "/api/following/alice", headers: bob.headers })).statusCode).toBe(404);
  });
});
