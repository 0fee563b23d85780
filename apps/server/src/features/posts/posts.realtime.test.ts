import { POSTS_JOINED_PER_EVENT } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  nextEvent,
  realtimeBed,
  roundTrip,
  statementsOf,
} from "../../test/helper.js";

const built = await buildTestApp();
const { socketOf, isInRoom } = await realtimeBed(built);
const { call, persona, someone, createPost, follow, makePrivate } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

/** `count` posts by one author, and one post bob may not see: a private member's he does not follow. */
async function postsAndAHiddenOne(prefix: string, count: number) {
  const author = await someone(`${prefix}_author`);
  const hidden = await someone(`${prefix}_hidden`);
  const visible: string[] = [];
  for (let i = 0; i < count; i++) visible.push((await createPost(author))._id);
  const hiddenPost = (await createPost(hidden))._id;
  await makePrivate(hidden);
  return { author, visible, hiddenPost };
}

describe("post rooms", () => {
  it("a member watching a post sees likes, comments, edits and the delete arrive", async () => {
    const post = await createPost(alice);
    const watcher = await socketOf(bob);
    await expect(watcher.emitWithAck("joinPostRoom", post._id)).resolves.toMatchObject({ ok: true });

    const liked = nextEvent(watcher, "postLiked");
    await call(alice, "POST", `/posts/${post._id}/like`);
    expect(await liked).toEqual({ postId: post._id, likesCount: 1, userId: alice.userId, isLiked: true });

    const commented = nextEvent(watcher, "postCommented");
    await call(alice, "POST", `/posts/${post._id}/comment`, { text: "First!" });
    expect(await commented).toMatchObject({
      postId: post._id,
      commentsCount: 1,
      comment: { text: "First!" },
    });

    const updated = nextEvent(watcher, "postUpdated");
    await call(alice, "PUT", `/posts/${post._id}`, { caption: "Live, edited" });
    expect((await updated).post).toMatchObject({ _id: post._id, caption: "Live, edited" });

    const shared = nextEvent(watcher, "postShared");
    await call(alice, "POST", `/posts/${post._id}/share`);
    expect(await shared).toEqual({ postId: post._id, sharesCount: 1 });

    const deleted = nextEvent(watcher, "postDeleted");
    await call(alice, "DELETE", `/posts/${post._id}`);
    expect(await deleted).toEqual({ postId: post._id });
  });

  it("tells the owner what others do to their posts, and not what they do themselves", async () => {
    const post = await createPost(alice);
    const owner = await socketOf(alice);
    const heard: string[] = [];
    owner.on("newLike", () => heard.push("newLike"));
    owner.on("newComment", ({ username, text }) => heard.push(`newComment ${username}: ${text}`));

    await call(alice, "POST", `/posts/${post._id}/like`);
    const like = nextEvent(owner, "newLike");
    await call(bob, "POST", `/posts/${post._id}/like`);
    expect(await like).toEqual({ postId: post._id, username: "bob" });

    const comment = nextEvent(owner, "newComment");
    await call(bob, "POST", `/posts/${post._id}/comment`, { text: "Nice" });
    await comment;
    const share = nextEvent(owner, "newShare");
    await call(bob, "POST", `/posts/${post._id}/share`);
    expect(await share).toEqual({ postId: post._id, username: "bob" });
    expect(heard).toEqual(["newLike", "newComment bob: Nice"]);
  });

  it("tells the owner of a member's shares of a post once, and counts every share in the post's room", async () => {
    const post = await createPost(alice);
    const owner = await socketOf(alice);
    await expect(owner.emitWithAck("joinPostRoom", post._id)).resolves.toMatchObject({ ok: true });
    const heard = collectEvents(owner, "newShare");
    const counted = collectEvents(owner, "postShared");

    for (let i = 0; i < 3; i++)
      expect((await call(bob, "POST", `/posts/${post._id}/share`)).statusCode).toBe(200);
    // Events sent before the server answers a round trip have arrived by then.
    await roundTrip(owner);

    expect(heard).toEqual([{ postId: post._id, username: "bob" }]);
    expect(counted.map(({ sharesCount }) => sharesCount)).toEqual([1, 2, 3]);
  });

  it("brings a followed member's new post to their followers", async () => {
    await follow(bob, alice);
    const follower = await socketOf(bob);
    const arrived = nextEvent(follower, "newPost");
    const post = await createPost(alice);
    expect((await arrived).post).toMatchObject({ _id: post._id, isMyPost: false, isFollowed: true });
  });

  it("brings a member's new post to their own other tabs, as theirs", async () => {
    const [author, stranger] = [await someone("np_author"), await someone("np_stranger")];
    const [otherTab, strangersTab] = [await socketOf(author), await socketOf(stranger)];
    const arrived = nextEvent(otherTab, "newPost");
    const strangerHeard = collectEvents(strangersTab, "newPost");
    const post = await createPost(author);
    expect((await arrived).post).toMatchObject({ _id: post._id, isMyPost: true });
    await roundTrip(strangersTab);
    expect(strangerHeard).toEqual([]);
  });

  it("answers each of a feed's joins sent together, checked together", async () => {
    const { author, visible, hiddenPost } = await postsAndAHiddenOne("feed", 30);
    const missing = "00000000-0000-4000-8000-000000000001";
    const socket = await socketOf(bob);

    const asked = [hiddenPost, ...visible, missing, "not-a-post", visible[0]];
    let answers: unknown[] = [];
    const sent = await statementsOf(async () => {
      answers = await Promise.all(asked.map((postId) => socket.emitWithAck("joinPostRoom", postId)));
    });
    const notFound = { ok: false, error: "Post not found", status: 404 };
    expect(answers).toMatchObject([
      notFound,
      ...visible.map(() => ({ ok: true })),
      notFound,
      notFound,
      { ok: true },
    ]);
    // Two statements (the check before joining and the one after) per batch of joins that arrived
    // together, however they were split on the way: never two per join, as when each was checked alone.
    expect(sent.length).toBeLessThan(asked.length);

    const liked = nextEvent(socket, "postLiked");
    await call(author, "POST", `/posts/${visible[29]}/like`);
    expect(await liked).toMatchObject({ postId: visible[29], likesCount: 1 });
  });

  it("joins a list of posts as one event, answering which it watches, and leaves a list too", async () => {
    const { author, visible, hiddenPost } = await postsAndAHiddenOne("list", 3);
    const socket = await socketOf(bob);

    const answer = await socket.emitWithAck("joinPostRoom", [
      ...visible,
      hiddenPost,
      "00000000-0000-4000-8000-000000000002",
      "not-a-post",
      visible[0] as string,
    ]);
    expect(answer).toMatchObject({ ok: true, watching: visible });

    const liked = nextEvent(socket, "postLiked");
    await call(author, "POST", `/posts/${visible[2]}/like`);
    expect(await liked).toMatchObject({ postId: visible[2] });

    socket.emit("leavePostRoom", visible);
    // The leave and this join go in order: once answered, the socket has left all three.
    expect(await socket.emitWithAck("joinPostRoom", [])).toMatchObject({ ok: true, watching: [] });
    for (const postId of visible) {
      expect(isInRoom(socket, `post:${postId}`)).toBe(false);
      expect(isInRoom(socket, `post-of:${author.userId}:${postId}`)).toBe(false);
    }
  });

  it("tells a connection's first joins how long their posts' rooms were quiet, and no more after", async () => {
    const author = await someone("quiet_author");
    const [quiet, liked] = [await createPost(author), await createPost(author)];
    const likedAt = performance.now();
    await call(author, "POST", `/posts/${liked._id}/like`);
    const socket = await socketOf(bob);

    // The like's event went to its post's room: its quiet counts from it, the other post's does not.
    const quietAnswer = await socket.emitWithAck("joinPostRoom", quiet._id);
    const likedAnswer = await socket.emitWithAck("joinPostRoom", [quiet._id, liked._id]);
    expect(quietAnswer).toMatchObject({ ok: true, quietForMs: expect.any(Number) });
    expect(likedAnswer).toMatchObject({ ok: true, watching: [quiet._id, liked._id] });
    const sinceLike = performance.now() - likedAt;
    const quietFor = (answer: { ok: boolean; quietForMs?: number }) => answer.quietForMs ?? Number.NaN;
    expect(quietFor(likedAnswer)).toBeLessThanOrEqual(sinceLike);
    // The post nobody liked has been quiet since before the like (at least since the server began).
    expect(quietFor(quietAnswer)).toBeGreaterThan(quietFor(likedAnswer));

    // Three answers a connection: asked on, it would time events a block kept from the member.
    expect(await socket.emitWithAck("joinPostRoom", quiet._id)).toHaveProperty("quietForMs");
    expect(await socket.emitWithAck("joinPostRoom", quiet._id)).toEqual({ ok: true });
    expect(await socket.emitWithAck("joinPostRoom", [quiet._id])).toEqual({
      ok: true,
      watching: [quiet._id],
    });
  });

  it("vouches for no quiet when a post asked could not be watched: its deletion went to its room", async () => {
    const author = await someone("gone_author");
    const [kept, deleted] = [await createPost(author), await createPost(author)];
    await call(author, "DELETE", `/posts/${deleted._id}`);
    const socket = await socketOf(bob);
    expect(await socket.emitWithAck("joinPostRoom", [kept._id, deleted._id])).toEqual({
      ok: true,
      watching: [kept._id],
    });
    // Not an answer of its budget: the next join is told.
    expect(await socket.emitWithAck("joinPostRoom", [kept._id])).toHaveProperty("quietForMs");
  });

  it("refuses a list longer than POSTS_JOINED_PER_EVENT, or one of anything but ids, joining none", async () => {
    const post = await createPost(await someone("long_list"));
    const socket = await socketOf(bob);
    const tooMany = [post._id, ...Array.from({ length: POSTS_JOINED_PER_EVENT }, () => post._id)];
    expect(await socket.emitWithAck("joinPostRoom", tooMany)).toEqual({
      ok: false,
      watching: [],
      error: `Send at most ${POSTS_JOINED_PER_EVENT} post ids at once`,
      status: 400,
    });
    expect(await socket.emitWithAck("joinPostRoom", [42, null, { id: post._id }] as never)).toMatchObject({
      ok: true,
      watching: [],
    });
    expect(await socket.emitWithAck("joinPostRoom", { postId: post._id } as never)).toEqual({
      ok: false,
      error: "Post not found",
      status: 404,
    });
    expect(isInRoom(socket, `post:${post._id}`)).toBe(false);
  });

  it("refuses to join the room of an unknown post or a malformed id, saying so as GET /posts/{id} does", async () => {
    const socket = await socketOf(bob);
    const notFound = { ok: false, error: "Post not found", status: 404 };
    await expect(socket.emitWithAck("joinPostRoom", "00000000-0000-4000-8000-000000000000")).resolves.toEqual(
      notFound,
    );
    await expect(socket.emitWithAck("joinPostRoom", "'; drop table posts; --")).resolves.toEqual(notFound);
  });
});
