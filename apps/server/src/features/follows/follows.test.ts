import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { call, persona } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

describe("follow and unfollow", () => {
  it("follows and unfollows, and following twice is still one follow", async () => {
    const follow = () => call(alice, "POST", `/follow/${bob.userId}`);
    const unfollow = () => call(alice, "POST", `/unfollow/${bob.userId}`);
    expect((await follow()).json()).toEqual({
      message: "Followed",
      isFollowed: true,
      isRequested: false,
      followersCount: 1,
    });
    expect((await follow()).json()).toEqual({
      message: "Followed",
      isFollowed: true,
      isRequested: false,
      followersCount: 1,
    });
    const unfollowed = { message: "Unfollowed", isFollowed: false, isRequested: false, followersCount: 0 };
    expect((await unfollow()).json()).toEqual(unfollowed);
    expect((await unfollow()).json()).toEqual(unfollowed);
  });

  it("counts stay right when two members follow at once", async () => {
    const [carol, dan] = await Promise.all([persona("carol"), persona("dan")]);
    await Promise.all([
      call(alice, "POST", `/follow/${dan.userId}`),
      call(carol, "POST", `/follow/${dan.userId}`),
      call(alice, "POST", `/follow/${dan.userId}`),
    ]);
    expect((await call(carol, "POST", `/follow/${dan.userId}`)).json()).toEqual({
      message: "Followed",
      isFollowed: true,
      isRequested: false,
      followersCount: 2,
    });
  });

  it("refuses to follow yourself with 400", async () => {
    const response = await call(alice, "POST", `/follow/${alice.userId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "You cannot follow yourself" });
  });

  it("refuses to unfollow yourself with 400, in its own words", async () => {
    const response = await call(alice, "POST", `/unfollow/${alice.userId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "You cannot unfollow yourself",
      errors: [{ field: "userId", message: "You cannot unfollow yourself" }],
    });
  });

  it("answers 404 for an unknown member and for an id of no id's form", async () => {
    const unknown = await call(alice, "POST", "/follow/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Member not found" });
    const malformed = await call(alice, "POST", "/follow/bob");
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: "Member not found" });
  });

  it("needs a signed-in member", async () => {
    expect((await app.inject({ method: "POST", url: `/api/follow/${bob.userId}` })).statusCode).toBe(401);
  });
});
