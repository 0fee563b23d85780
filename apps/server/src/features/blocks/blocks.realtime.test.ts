import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  eventQueue,
  nextEvent,
  realtimeBed,
  roundTrip,
  type TestSocket,
} from "../../test/helper.js";

/**
 * No live event from one of two members where either blocked the other reaches the other, over real
 * sockets: each check has a bystander who does hear it, so the event was sent.
 */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const {
  call,
  createPost,
  createFlick,
  follow,
  like,
  comment,
  chatBetween,
  groupOf,
  sendMessage,
  block,
  someone,
} = factories(built);

/** What reached a socket of each of these events, to assert later that nothing did. */
function listen(socket: TestSocket) {
  const events = [
    "newPost",
    "newReel",
    "newNotification",
    "typing",
    "stopTyping",
    "newMessage",
    "messagesSeen",
    "onlineUsers",
    "postCommented",
    "postCommentDeleted",
    "postLiked",
    "postShared",
    "postUpdated",
  ] as const;
  const heard = new Map(events.map((event) => [event, collectEvents(socket, event) as unknown[]]));
  return {
    /** What arrived of `event`, once the server has answered a round trip (anything sent before is in). */
    async of(event: (typeof events)[number]) {
      await roundTrip(socket);
      return heard.get(event) ?? [];
    },
  };
}

describe("live events between two members where either blocked the other", () => {
  it("a new post or flick reaches neither (newPost, newReel), though others hear of it", async () => {
    const [author, blocked, fan] = [await someone("author"), await someone("blocked"), await someone("fan")];
    await follow(blocked, author);
    await follow(fan, author);
    await block(blocked, author); // the follow ends with it; the open flicks feed stays open
    const [blockedSocket, fanSocket] = [await socketOf(blocked), await socketOf(fan)];
    for (const socket of [blockedSocket, fanSocket]) socket.emit("joinFlicks");
    const blockedHears = listen(blockedSocket);

    const fanPost = nextEvent(fanSocket, "newPost");
    const fanReel = eventQueue(fanSocket, "newReel");
    const post = await createPost(author);
    const flick = await createFlick(author);
    expect((await fanPost).post._id).toBe(post._id);
    await fanReel.until((event) => event.flick._id === flick._id);
    expect(await blockedHears.of("newPost")).toEqual([]);
    expect(await blockedHears.of("newReel")).toEqual([]);
  });

  it("a comment, like or share on a third member's post does not reach the other watching it", async () => {
    const [blocker, blocked, owner] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("own"),
    ];
    const post = await createPost(owner);
    await block(blocker, blocked);
    const [watcher, ownerSocket] = [await socketOf(blocker), await socketOf(owner)];
    for (const socket of [watcher, ownerSocket])
      expect(await socket.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const heard = listen(watcher);

    const ownerHears = eventQueue(ownerSocket, "postShared");
    await call(blocked, "POST", `/posts/${post._id}/like`);
    await call(blocked, "POST", `/posts/${post._id}/comment`, { text: "Still here" });
    await call(blocked, "POST", `/posts/${post._id}/share`);
    await ownerHears.next();
    for (const event of ["postLiked", "postCommented", "postShared"] as const)
      expect(await heard.of(event), event).toEqual([]);
  });

  it("the blocked member's like and comments leave the blocker's post live for its watchers and the blocker's tabs", async () => {
    const [blocker, blocked, watcher, blockedsFoe] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("watch"),
      await someone("foe"),
    ];
    const post = await createPost(blocker);
    await like(blocked, post);
    const comments = [await comment(blocked, post, "One"), await comment(blocked, post, "Two")];
    await like(watcher, post);
    // A member the blocked one blocked never had their like or comments, and hears nothing of them.
    await block(blocked, blockedsFoe);
    const [watcherSocket, blockedSocket, foeSocket, blockersTab] = [
      await socketOf(watcher),
      await socketOf(blocked),
      await socketOf(blockedsFoe),
      await socketOf(blocker),
    ];
    for (const socket of [watcherSocket, blockedSocket, foeSocket])
      expect(await socket.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const heardBy = (socket: TestSocket) => ({
      unliked: eventQueue(socket, "postLiked"),
      deleted: eventQueue(socket, "postCommentDeleted"),
    });
    const [watcherHears, blockerHears] = [heardBy(watcherSocket), heardBy(blockersTab)];
    const [blockedHeard, foeHeard] = [listen(blockedSocket), listen(foeSocket)];

    await block(blocker, blocked);
    // The blocker's tab, watching no post, hears it in their own room.
    for (const { unliked, deleted } of [watcherHears, blockerHears]) {
      expect(await unliked.next()).toEqual({
        postId: post._id,
        likesCount: 1,
        userId: blocked.userId,
        isLiked: false,
      });
      const heard = [await deleted.next(), await deleted.next()];
      expect(heard.map((event) => event.commentId).sort()).toEqual(comments.map((c) => c._id).sort());
      for (const event of heard) expect(event).toMatchObject({ postId: post._id, commentsCount: 0 });
    }
    for (const heard of [blockedHeard, foeHeard])
      for (const event of ["postLiked", "postCommentDeleted"] as const)
        expect(await heard.of(event), event).toEqual([]);
  });

  it("no notification is made or sent for what the other tries (a like, a follow)", async () => {
    const [blocker, blocked] = [await someone("blocker"), await someone("blocked")];
    const post = await createPost(blocker);
    await block(blocker, blocked);
    const blockerSocket = await socketOf(blocker);
    const heard = listen(blockerSocket);
    // Refused already; and nothing is stored or sent.
    expect((await call(blocked, "POST", `/posts/${post._id}/like`)).statusCode).toBe(404);
    expect((await call(blocked, "POST", `/follow/${blocker.userId}`)).statusCode).toBe(403);
    expect(await heard.of("newNotification")).toEqual([]);
    expect((await call(blocker, "GET", "/notifications")).json().notifications).toEqual([]);
  });

  it("typing, seen and messages do not pass in their one-to-one chat; the socket send is refused", async () => {
    const [blocker, blocked] = [await someone("blocker"), await someone("blocked")];
    const chat = await chatBetween(blocked, blocker);
    await sendMessage(blocked, chat, "Before");
    const [blockerSocket, blockedSocket] = [await socketOf(blocker), await socketOf(blocked)];
    for (const socket of [blockerSocket, blockedSocket])
      expect(await socket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    await block(blocker, blocked);
    const heard = listen(blockerSocket);

    blockedSocket.emit("typing", chat._id);
    blockedSocket.emit("stopTyping", chat._id);
    expect(await blockedSocket.emitWithAck("messagesSeen", chat._id)).toEqual({ ok: true });
    const ack = await blockedSocket.emitWithAck("sendMessage", {
      chatId: chat._id,
      text: "After",
      clientId: "t-1",
    });
    expect(ack).toEqual({ ok: false, error: "You can't message this account", status: 403 });
    await roundTrip(blockedSocket);
    for (const event of ["typing", "stopTyping", "messagesSeen", "newMessage"] as const)
      expect(await heard.of(event), event).toEqual([]);
  });

  it("typing does not reach the other in a group they share; the others hear it", async () => {
    const [blocker, blocked, host] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("host"),
    ];
    const group = await groupOf(host, [blocker, blocked], "Club");
    await block(blocker, blocked);
    const sockets = [await socketOf(blocker), await socketOf(blocked), await socketOf(host)];
    for (const socket of sockets)
      expect(await socket.emitWithAck("joinChat", group._id)).toEqual({ ok: true });
    const [blockerSocket, blockedSocket, hostSocket] = sockets as [TestSocket, TestSocket, TestSocket];
    const heard = listen(blockerSocket);
    const hostHears = nextEvent(hostSocket, "typing");
    blockedSocket.emit("typing", group._id);
    expect((await hostHears).userId).toBe(blocked.userId);
    expect(await heard.of("typing")).toEqual([]);
  });

  it("presence: a block tells each the other went offline, and coming online later is not told", async () => {
    const [blocker, blocked] = [await someone("blocker"), await someone("blocked")];
    await chatBetween(blocker, blocked);
    const blockerSocket = await socketOf(blocker);
    const presence = eventQueue(blockerSocket, "onlineUsers");
    const blockedSocket = await socketOf(blocked);
    await presence.until((event) => event.online.includes(blocked.userId));
    await block(blocker, blocked);
    expect(await presence.until((event) => event.offline.length > 0)).toEqual({
      online: [],
      offline: [blocked.userId],
    });

    const heard = listen(blockerSocket);
    blockedSocket.close();
    // A new socket of the blocked member: its partners hear nothing, and it hears nobody online.
    const onConnect = new Promise<unknown>((resolve) => {
      void socketOf(blocked, (socket) => socket.once("onlineUsers", resolve));
    });
    expect(await onConnect).toEqual({ online: [], offline: [] });
    expect(JSON.stringify(await heard.of("onlineUsers"))).not.toContain(blocked.userId);
  });

  it("a socket connecting after the block is kept apart from the start", async () => {
    const [blocker, blocked, fan] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("fan"),
    ];
    await block(blocker, blocked);
    const post = await createPost(fan);
    const late = await socketOf(blocked);
    expect(await late.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const heard = listen(late);
    const fanSocket = await socketOf(fan);
    expect(await fanSocket.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    const fanHears = nextEvent(fanSocket, "postCommented");
    await call(blocker, "POST", `/posts/${post._id}/comment`, { text: "Hello" });
    await fanHears;
    expect(await heard.of("postCommented")).toEqual([]);
  });

  it("tells the blocker's own tabs of a block and an unblock, and the member blocked nothing", async () => {
    const [blocker, blocked] = [await someone("blocker"), await someone("blocked")];
    const otherTab = await socketOf(blocker);
    const changes = eventQueue(otherTab, "blocksChanged");
    const blockedSocket = await socketOf(blocked);
    const blockedHears = collectEvents(blockedSocket, "blocksChanged");
    await block(blocker, blocked);
    expect(await changes.next()).toEqual({ userId: blocked.userId, blocked: true });
    await call(blocker, "PUT", "/user/unblock", { userId: blocked.userId });
    expect(await changes.next()).toEqual({ userId: blocked.userId, blocked: false });
    await roundTrip(blockedSocket);
    expect(blockedHears).toEqual([]);
  });

  it("after unblocking, events pass again", async () => {
    const [blocker, blocked, owner] = [
      await someone("blocker"),
      await someone("blocked"),
      await someone("own"),
    ];
    const post = await createPost(owner);
    await block(blocker, blocked);
    const watcher = await socketOf(blocker);
    expect(await watcher.emitWithAck("joinPostRoom", post._id)).toMatchObject({ ok: true });
    await call(blocker, "PUT", "/user/unblock", { userId: blocked.userId });
    const arrived = nextEvent(watcher, "postCommented");
    await call(blocked, "POST", `/posts/${post._id}/comment`, { text: "Hi again" });
    expect((await arrived).comment.text).toBe("Hi again");
  });
});
