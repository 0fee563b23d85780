import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import type { SignedIn } from "../../test/helper.js";
import {
  buildTestApp,
  collectEvents,
  nextEvent,
  realtimeBed,
  roundTrip,
  type TestSocket,
} from "../../test/helper.js";

/**
 * A member who may no longer see an author's posts stops hearing of them in an open post room (issue
 * 16, item 5), over real sockets. Each check has a watcher who still may see and does hear the event,
 * so the event was sent; the other's socket has answered a round trip after it, so it would have come.
 */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, createPost, follow, requestFollow, acceptFollow, block, comment, someone } = factories(built);

async function watching(member: SignedIn, postId: string) {
  const socket = await socketOf(member);
  expect(await socket.emitWithAck("joinPostRoom", postId)).toMatchObject({ ok: true });
  return socket;
}

function hears(socket: TestSocket) {
  return {
    updated: collectEvents(socket, "postUpdated"),
    commented: collectEvents(socket, "postCommented"),
  };
}

/** The author edits and comments; the allowed watcher hears both. */
async function authorActs(author: SignedIn, postId: string, allowed: TestSocket, caption: string) {
  const updated = nextEvent(allowed, "postUpdated");
  const commented = nextEvent(allowed, "postCommented");
  await call(author, "PUT", `/posts/${postId}`, { caption });
  await comment(author, { _id: postId }, `${caption}!`);
  expect((await updated).post.caption).toBe(caption);
  expect((await commented).comment.text).toBe(`${caption}!`);
}

describe("post rooms follow who may see the author's posts", () => {
  it("a member who unfollows a private member hears no more edits or comments of their posts", async () => {
    const [author, leaver, stayer] = [
      await someone("priv"),
      await someone("leaver"),
      await someone("stayer"),
    ];
    await call(author, "PUT", "/user/privacy", { isPrivate: true });
    for (const member of [leaver, stayer]) {
      await requestFollow(member, author);
      await acceptFollow(author, member);
    }
    const post = await createPost(author);
    const [leaving, staying] = [await watching(leaver, post._id), await watching(stayer, post._id)];
    const leaverHears = hears(leaving);
    await authorActs(author, post._id, staying, "Before");
    await roundTrip(leaving);
    expect(leaverHears.updated).toHaveLength(1);

    expect((await call(leaver, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    await authorActs(author, post._id, staying, "After");
    await roundTrip(leaving);
    expect(leaverHears.updated.map((event) => event.post.caption)).toEqual(["Before"]);
    expect(leaverHears.commented.map((event) => event.comment.text)).toEqual(["Before!"]);
    expect(await leaving.emitWithAck("joinPostRoom", post._id)).toEqual({
      ok: false,
      error: "Post not found",
      status: 404,
    });
  });

  it("an author going private drops non-followers' sockets from their post rooms, not followers'", async () => {
    const [author, stranger, fan] = [await someone("pub"), await someone("stranger"), await someone("fan")];
    await follow(fan, author);
    const post = await createPost(author);
    const [strangerSocket, fanSocket] = [await watching(stranger, post._id), await watching(fan, post._id)];
    const strangerHears = hears(strangerSocket);

    expect((await call(author, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    await authorActs(author, post._id, fanSocket, "Private now");
    await roundTrip(strangerSocket);
    expect(strangerHears).toEqual({ updated: [], commented: [] });
  });

  it("a block drops the blocked member from the blocker's post rooms, even for others' events", async () => {
    const [blocker, blocked, other] = [
      await someone("blocker"),
      await someone("blockd"),
      await someone("other"),
    ];
    const post = await createPost(blocker);
    const [blockedSocket, otherSocket] = [await watching(blocked, post._id), await watching(other, post._id)];
    const blockedHears = hears(blockedSocket);

    await block(blocker, blocked);
    // A third member's comment is not left out by the blocked-with rooms: only leaving the room does it.
    const commented = nextEvent(otherSocket, "postCommented");
    await comment(other, post, "Still here");
    expect((await commented).comment.text).toBe("Still here");
    await roundTrip(blockedSocket);
    expect(blockedHears.commented).toEqual([]);
  });

  it("a member who unfollows a public member keeps watching their posts", async () => {
    const [author, follower] = [await someone("open"), await someone("follower")];
    await follow(follower, author);
    const post = await createPost(author);
    const socket = await watching(follower, post._id);
    await call(follower, "POST", `/unfollow/${author.userId}`);
    const updated = nextEvent(socket, "postUpdated");
    await call(author, "PUT", `/posts/${post._id}`, { caption: "Still public" });
    expect((await updated).post.caption).toBe("Still public");
  });
});
