import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";

const built = await buildTestApp();
const { call, createPost, createFlick, follow, like, comment, makePrivate, requestFollow, block, someone } =
  factories(built);

const me = async (member: SignedIn) => (await call(member, "GET", "/user")).json().user;
const notificationTypes = async (member: SignedIn) =>
  (await call(member, "GET", "/notifications")).json().notifications.map((n: { type: string }) => n.type);

describe("POST /user/block", () => {
  it("answers 'Blocked {username}' with the account, whose blockedUsers lists them newest first", async () => {
    const [blocker, first, second] = [
      await someone("blocker"),
      await someone("first"),
      await someone("second"),
    ];
    await block(blocker, first);
    const response = await call(blocker, "POST", "/user/block", { userId: second.userId });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const { username } = await me(second);
    expect(body.message).toBe(`Blocked ${username}`);
    expect(body.user.blockedUsers).toEqual([
      { _id: second.userId, username, fullName: `Newcomer ${username}`, avatar: "" },
      expect.objectContaining({ _id: first.userId }),
    ]);
    // GET /user (kept in memory per node) says the same at once.
    expect(await me(blocker)).toEqual(body.user);
  });

  it("is idempotent", async () => {
    const [blocker, other] = [await someone("blocker"), await someone("other")];
    await block(blocker, other);
    const again = await call(blocker, "POST", "/user/block", { userId: other.userId });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.blockedUsers).toHaveLength(1);
  });

  it("ends follows both ways, pending requests both ways and their notifications, with counts kept right", async () => {
    const [blocker, other, bystander] = [
      await someone("blocker"),
      await someone("other"),
      await someone("by"),
    ];
    await follow(blocker, other);
    await follow(other, blocker);
    await follow(bystander, blocker);
    const post = await createPost(blocker);
    await like(other, post);
    expect(await notificationTypes(blocker)).toEqual(expect.arrayContaining(["follow", "like"]));

    await block(blocker, other);
    expect(await me(blocker)).toMatchObject({
      followersCount: 1,
      followingCount: 0,
      followers: [bystander.userId],
      following: [],
    });
    expect(await me(other)).toMatchObject({
      followersCount: 0,
      followingCount: 0,
      followers: [],
      following: [],
    });
    // What one had of the other is gone, with its unread count; a bystander's stays.
    expect(await notificationTypes(blocker)).toEqual(["follow"]);
    expect((await call(blocker, "GET", "/notifications")).json().unreadCount).toBe(1);
    expect(await notificationTypes(other)).toEqual([]);
  });

  it("withdraws a pending request either way, with its notification", async () => {
    const [privateOne, asker] = [await someone("private"), await someone("asker")];
    await makePrivate(privateOne);
    await requestFollow(asker, privateOne);
    expect(await me(privateOne)).toMatchObject({ followRequestsCount: 1 });

    await block(asker, privateOne);
    expect(await me(privateOne)).toMatchObject({ followRequestsCount: 0 });
    expect((await call(privateOne, "GET", "/follow-requests")).json().requests).toEqual([]);
    expect(await notificationTypes(privateOne)).toEqual([]);
  });

  it("takes the blocked member's likes and comments off the blocker's posts and flicks, for good", async () => {
    const [blocker, blocked, bystander, other] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("by"),
      await someone("other"),
    ];
    const [post, flick, othersPost, blockedsPost] = [
      await createPost(blocker),
      await createFlick(blocker),
      await createPost(other),
      await createPost(blocked),
    ];
    for (const target of [post, othersPost]) {
      await like(blocked, target);
      await comment(blocked, target, "From the one about to be blocked");
    }
    await comment(blocked, post, "And a second one");
    expect((await call(blocked, "POST", `/flicks/${flick._id}/like`, { emoji: "🔥" })).statusCode).toBe(200);
    await comment(blocked, flick, "On the flick");
    await like(bystander, post);
    const bystanders = await comment(bystander, post, "A bystander's");
    await like(blocker, blockedsPost);
    await comment(blocker, blockedsPost, "The blocker's own");

    const counted = async (viewer: typeof blocker, id: string) => {
      const { likesCount, commentsCount, comments } = (await call(viewer, "GET", `/posts/${id}`)).json().post;
      return { likesCount, commentsCount, comments: comments.map((c: { _id: string }) => c._id) };
    };
    // Read first, so what this node keeps of the posts must be forgotten with the block.
    for (const viewer of [bystander, blocker])
      expect(await counted(viewer, post._id)).toMatchObject({ likesCount: 2, commentsCount: 3 });
    expect(await counted(bystander, flick._id)).toMatchObject({ likesCount: 1, commentsCount: 1 });

    await block(blocker, blocked);
    const onPost = { likesCount: 1, commentsCount: 1, comments: [bystanders._id] };
    expect(await counted(bystander, post._id)).toEqual(onPost);
    expect(await counted(blocker, post._id)).toEqual(onPost);
    expect(await counted(bystander, flick._id)).toEqual({ likesCount: 0, commentsCount: 0, comments: [] });
    // What they left elsewhere stays, and so does what the blocker left on theirs.
    expect(await counted(other, othersPost._id)).toMatchObject({ likesCount: 1, commentsCount: 1 });
    expect(await counted(blocked, blockedsPost._id)).toMatchObject({ likesCount: 1, commentsCount: 1 });

    expect((await call(blocker, "PUT", "/user/unblock", { userId: blocked.userId })).statusCode).toBe(200);
    expect(await counted(bystander, post._id)).toEqual(onPost);
    expect(await counted(blocked, post._id)).toEqual(onPost);
    expect((await call(blocked, "GET", `/posts/${post._id}`)).json().post.isLiked).toBe(false);
  });

  it("tells the blocked member nothing: no notification, nothing in their account", async () => {
    const [blocker, other] = [await someone("blocker"), await someone("other")];
    const before = await me(other);
    await block(blocker, other);
    expect(await me(other)).toEqual(before);
    expect(await notificationTypes(other)).toEqual([]);
  });

  it("refuses to block oneself with 400, naming the field as every 400 does", async () => {
    const member = await someone("self");
    const response = await call(member, "POST", "/user/block", { userId: member.userId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "You can't block yourself",
      errors: [{ field: "userId", message: "You can't block yourself" }],
    });
  });

  it("answers 404 'Member not found' for an id that is no member's, as every member call does", async () => {
    const member = await someone("lonely");
    const response = await call(member, "POST", "/user/block", { userId: randomUUID() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Member not found" });
  });

  it("refuses an id that is no member id with the chat calls' 'userId must be a member id'", async () => {
    const member = await someone("typo");
    for (const [method, url] of [
      ["POST", "/user/block"],
      ["PUT", "/user/unblock"],
      ["POST", "/chats"],
    ] as const)
      for (const userId of [7, "bob", null]) {
        const response = await call(member, method, url, { userId });
        expect(response.statusCode, `${url} ${userId}`).toBe(400);
        expect(response.json(), `${url} ${userId}`).toEqual({
          message: "userId must be a member id",
          errors: [{ field: "userId", message: "userId must be a member id" }],
        });
      }
  });

  it("says 'userId is required' when the body has none", async () => {
    const member = await someone("forgetful");
    for (const [method, url] of [
      ["POST", "/user/block"],
      ["PUT", "/user/unblock"],
    ] as const) {
      const response = await call(member, method, url, {});
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        message: "userId is required",
        errors: [{ field: "userId", message: "userId is required" }],
      });
    }
  });

  it.each([
    ["a malformed id", { userId: "bob" }],
    ["a NUL character", { userId: "\u0000" }],
    ["no id", {}],
    ["a number", { userId: 42 }],
    ["a list", { userId: [randomUUID()] }],
  ])("refuses %s with 400", async (_case, payload) => {
    const member = await someone("careful");
    const response = await call(member, "POST", "/user/block", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe("PUT /user/unblock", () => {
  it("lifts the block, answers 'Unblocked {username}' and restores profile and search, not the follows", async () => {
    const [blocker, other] = [await someone("blocker"), await someone("other")];
    await follow(other, blocker);
    await block(blocker, other);
    const { username } = await me(other);
    const blockerName = (await me(blocker)).username;
    expect((await call(other, "GET", `/profile/${blockerName}`)).statusCode).toBe(404);

    const response = await call(blocker, "PUT", "/user/unblock", { userId: other.userId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: `Unblocked ${username}`, user: { blockedUsers: [] } });
    expect(await me(blocker)).toMatchObject({ blockedUsers: [], followersCount: 0 });

    const profile = await call(other, "GET", `/profile/${blockerName}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ isFollowed: false, isRequested: false });
    const found = (await call(other, "GET", `/user/search?q=${blockerName}`)).json().users;
    expect(found.map((user: { _id: string }) => user._id)).toContain(blocker.userId);
  });

  it("leaves the other's own block in place", async () => {
    const [one, two] = [await someone("one"), await someone("two")];
    await block(one, two);
    await block(two, one);
    await call(one, "PUT", "/user/unblock", { userId: two.userId });
    expect((await call(one, "GET", `/profile/${(await me(two)).username}`)).statusCode).toBe(404);
  });

  it("answers 404 'That account is not blocked' for a member who is not blocked", async () => {
    const [member, other] = [await someone("member"), await someone("other")];
    const response = await call(member, "PUT", "/user/unblock", { userId: other.userId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "That account is not blocked" });
  });

  it("refuses to unblock oneself with 400, as blocking oneself is", async () => {
    const member = await someone("self");
    const response = await call(member, "PUT", "/user/unblock", { userId: member.userId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "You can't unblock yourself",
      errors: [{ field: "userId", message: "You can't unblock yourself" }],
    });
  });

  it("answers 404 'Member not found' for an id that is no member's (spec §10)", async () => {
    const member = await someone("member");
    const response = await call(member, "PUT", "/user/unblock", { userId: randomUUID() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Member not found" });
  });

  it("answers the blocked member as for no member: they cannot lift the block, nor learn the other is there", async () => {
    const [blocker, other] = [await someone("blocker"), await someone("other")];
    await block(blocker, other);
    const response = await call(other, "PUT", "/user/unblock", { userId: blocker.userId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Member not found" });
    expect((await call(blocker, "GET", "/user")).json().user.blockedUsers).toHaveLength(1);
  });

  it.each([
    ["a malformed id", { userId: "bob" }],
    ["no id", {}],
    ["a number", { userId: 42 }],
  ])("refuses %s with 400", async (_case, payload) => {
    const member = await someone("careful");
    const response = await call(member, "PUT", "/user/unblock", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
