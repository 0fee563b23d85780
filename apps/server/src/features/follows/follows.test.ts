import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { call, createPost, makePrivate, persona, someone } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

describe("removing a follower (DELETE /followers/{userId})", () => {
  it("takes the member off the caller's followers, with the count, once however often asked", async () => {
    const [ivy, jon] = await Promise.all([someone("ivy"), someone("jon")]);
    await call(jon, "POST", `/follow/${ivy.userId}`);

    const removed = { message: "Follower removed", followersCount: 0 };
    expect((await call(ivy, "DELETE", `/followers/${jon.userId}`)).json()).toEqual(removed);
    expect((await call(ivy, "DELETE", `/followers/${jon.userId}`)).json()).toEqual(removed);
    expect((await call(ivy, "GET", `/followers/${ivy.userId}`)).json().followers).toEqual([]);
    expect((await call(jon, "GET", `/following/${jon.userId}`)).json().following).toEqual([]);
    // Jon's own follows are his: Ivy's call never touched them (she followed no one).
    expect((await call(jon, "POST", `/follow/${ivy.userId}`)).json()).toMatchObject({ isFollowed: true });
  });

  it("of a private member: the removed follower no longer sees her posts and must ask again", async () => {
    const [kim, lou] = await Promise.all([someone("kim"), someone("lou")]);
    await call(lou, "POST", `/follow/${kim.userId}`);
    await makePrivate(kim);
    const post = await createPost(kim, { caption: "for followers" });
    expect((await call(lou, "GET", `/posts/${post._id}`)).statusCode).toBe(200);

    await call(kim, "DELETE", `/followers/${lou.userId}`);

    expect((await call(lou, "GET", `/posts/${post._id}`)).statusCode).toBe(404);
    expect((await call(lou, "POST", `/follow/${kim.userId}`)).json()).toMatchObject({
      isFollowed: false,
      isRequested: true,
    });
  });

  it("refuses oneself with 400, a malformed id with 404 (as every route's), and a visitor with 401", async () => {
    const self = await call(alice, "DELETE", `/followers/${alice.userId}`);
    expect(self.statusCode, self.body).toBe(400);
    expect(self.json().message).toBe("You cannot remove yourself");
    const malformed = await call(alice, "DELETE", "/followers/not-an-id");
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe("Follower not found");
    const visitor = await app.inject({ method: "DELETE", url: `/api/followers/${bob.userId}` });
    expect(visitor.statusCode).toBe(401);
  });
});

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
