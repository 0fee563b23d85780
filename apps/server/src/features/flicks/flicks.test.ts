import type { Flick } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  fewestQueries,
  nextEvent,
  realtimeBed,
  roundTrip,
  type SignedIn,
} from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const bed = await realtimeBed(built);
const {
  call,
  persona,
  createPost,
  createFlick,
  follow,
  makePrivate,
  requestFollow,
  acceptFollow,
  videoOf,
  block,
  someone,
} = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

async function feedOf(member: SignedIn, query = ""): Promise<Flick[]> {
  const response = await call(member, "GET", `/flicks${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().flicks;
}
const flickIn = async (member: SignedIn, id: string) =>
  (await feedOf(member, "?limit=50")).find((f) => f._id === id);
/** A member's socket with the flicks feed open. */
const socketOf = async (member: SignedIn) => {
  const socket = await bed.socketOf(member);
  socket.emit("joinFlicks");
  await roundTrip(socket);
  return socket;
};

describe("GET /flicks", () => {
  it("lists video posts newest first in spec §3's Flick shape, and no photos", async () => {
    await createPost(alice);
    const { _id: first } = await createFlick(alice, { caption: "First" });
    const { _id: second } = await createFlick(bob, { caption: "Second" });
    const flicks = await feedOf(carol);
    expect(flicks.map((f) => f._id).slice(0, 2)).toEqual([second, first]);
    expect(flicks.every((f) => f.videoUrl.endsWith(".mp4"))).toBe(true);
    expect(flicks[0]).toEqual({
      _id: second,
      videoUrl: await videoOf(bob),
      description: "Second",
      uploadedBy: { _id: bob.userId, username: "bob", fullName: "Bob Marley", avatar: "" },
      likesCount: 0,
      sharesCount: 0,
      commentsCount: 0,
      comments: [],
      reactionByUser: [],
      isLiked: false,
      isMyFlick: false,
      createdAt: expect.any(String),
    });
    expect((await feedOf(bob)).find((f) => f._id === second)?.isMyFlick).toBe(true);
  });

  it("pages by cursor without repeats", async () => {
    for (let i = 0; i < 3; i++) await createFlick(carol, { caption: `Page ${i}` });
    const first = await call(carol, "GET", "/flicks?limit=2");
    const { flicks, nextCursor } = first.json();
    expect(flicks).toHaveLength(2);
    expect(nextCursor).toEqual(expect.any(String));
    const second = (
      await call(carol, "GET", `/flicks?limit=2&cursor=${encodeURIComponent(nextCursor)}`)
    ).json();
    expect(second.flicks[0]._id).not.toBe(flicks[1]._id);
    expect(new Date(second.flicks[0].createdAt) <= new Date(flicks[1].createdAt)).toBe(true);
  });

  it("costs the same number of queries for a page of 2 flicks and a page of 20", async () => {
    for (let i = 0; i < 20; i++) await createFlick(alice, { caption: `Many ${i}` });
    // What is kept per viewer (their account, whom they follow) may or may not be warm after the tests
    // before this one: warm it, so both pages are measured alike.
    await feedOf(bob, "?limit=1");
    const small = await fewestQueries(() => call(bob, "GET", "/flicks?limit=2"));
    const large = await fewestQueries(() => call(bob, "GET", "/flicks?limit=20"));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(4);
  });

  it("hides a private member's flicks from everyone but their followers", async () => {
    const dan = await persona("dan");
    await makePrivate(dan);
    const { _id: secret } = await createFlick(dan, { caption: "Followers only" });
    expect(await flickIn(alice, secret)).toBeUndefined();
    expect(await flickIn(dan, secret)).toBeDefined();
    await requestFollow(alice, dan);
    expect(await flickIn(alice, secret)).toBeUndefined();
    await acceptFollow(dan, alice);
    expect(await flickIn(alice, secret)).toBeDefined();
    expect((await call(carol, "POST", `/flicks/${secret}/like`)).statusCode).toBe(404);
  });

  it("refuses bad paging input with 400", async () => {
    for (const query of ["?limit=0", "?limit=500", "?limit=ten", "?cursor=nonsense"]) {
      const response = await call(alice, "GET", `/flicks${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it("needs a signed-in member", async () => {
    expect((await app.inject({ method: "GET", url: "/api/flicks" })).statusCode).toBe(401);
  });
});

describe("POST /flicks/{id}/like", () => {
  it("likes with a reaction, is the same like as the post's, and toggles without `liked`", async () => {
    const { _id: id } = await createFlick(alice);
    const liked = await call(bob, "POST", `/flicks/${id}/like`, { emoji: "🔥" });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({
      reactionByUser: [{ user: { _id: bob.userId, username: "bob" }, emoji: "🔥" }],
      likesCount: 1,
      isLiked: true,
    });
    const post = (await call(bob, "GET", `/posts/${id}`)).json().post;
    expect(post).toMatchObject({ isLiked: true, likesCount: 1, likes: [bob.userId] });

    const changed = (await call(bob, "POST", `/flicks/${id}/like`, { emoji: "😂" })).json();
    expect(changed).toMatchObject({ likesCount: 1, reactionByUser: [{ emoji: "😂" }] });
    const toggledOff = (await call(bob, "POST", `/flicks/${id}/like`)).json();
    expect(toggledOff).toEqual({ reactionByUser: [], likesCount: 0, isLiked: false });
    const toggledOn = (await call(bob, "POST", `/flicks/${id}/like`)).json();
    expect(toggledOn).toMatchObject({ likesCount: 1, isLiked: true, reactionByUser: [{ emoji: "❤️" }] });
  });

  it("sets the state when `liked` is sent, so a repeated double tap never unlikes", async () => {
    const { _id: id } = await createFlick(alice);
    for (let i = 0; i < 2; i++) {
      expect((await call(carol, "POST", `/flicks/${id}/like`, { liked: true })).json()).toMatchObject({
        likesCount: 1,
        isLiked: true,
      });
    }
    expect((await call(carol, "POST", `/flicks/${id}/like`, { liked: false })).json().likesCount).toBe(0);
    expect((await call(carol, "POST", `/flicks/${id}/like`, { liked: false })).json().likesCount).toBe(0);
  });

  it("lists the viewer's own reaction in the feed", async () => {
    const { _id: id } = await createFlick(alice);
    await call(carol, "POST", `/flicks/${id}/like`, { emoji: "😍" });
    const flick = await flickIn(carol, id);
    expect(flick).toMatchObject({ isLiked: true, likesCount: 1 });
    expect(flick?.reactionByUser).toEqual([{ user: { _id: carol.userId, username: "carol" }, emoji: "😍" }]);
  });

  it("refuses bad input with a clear 4xx", async () => {
    const { _id: id } = await createFlick(alice);
    const cases: [string, object | undefined, number][] = [
      [`/flicks/not-an-id/like`, undefined, 404],
      [`/flicks/00000000-0000-4000-8000-000000000000/like`, undefined, 404],
      [`/flicks/${id}/like`, { emoji: "not an emoji" }, 400],
      [`/flicks/${id}/like`, { emoji: "🔥".repeat(20) }, 400],
      [`/flicks/${id}/like`, { liked: "yes" }, 400],
    ];
    for (const [url, body, status] of cases) {
      const response = await call(bob, "POST", url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it("takes one emoji as a reaction, however many code points draw it, and never several", async () => {
    const { _id: id } = await createFlick(alice);
    for (const emoji of ["👍🏽", "👩‍👩‍👧", "🇯🇵", "❤️"]) {
      const response = await call(bob, "POST", `/flicks/${id}/like`, { emoji, liked: true });
      expect(response.statusCode, emoji).toBe(200);
      expect(response.json().reactionByUser).toEqual([{ user: { _id: bob.userId, username: "bob" }, emoji }]);
    }
    // A flag's one letter alone shows as a boxed letter, no emoji.
    for (const emoji of ["😀😀😀", "👍 👍", "🔥x", "🇯"]) {
      const response = await call(bob, "POST", `/flicks/${id}/like`, { emoji, liked: true });
      expect(response.statusCode, emoji).toBe(400);
      expect(response.json().message, emoji).toBe("emoji must be a single emoji");
    }
  });

  it("is no flick when the post is a photo", async () => {
    const photo = (await createPost(alice))._id;
    const response = await call(bob, "POST", `/flicks/${photo}/like`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Flick not found");
  });
});

describe("POST /flicks/{id}/comment and /share", () => {
  it("answers the new comment and counts shares", async () => {
    const { _id: id } = await createFlick(alice);
    const commented = await call(bob, "POST", `/flicks/${id}/comment`, { text: "  So good  " });
    expect(commented.statusCode).toBe(201);
    expect(commented.json()).toEqual({
      comment: {
        _id: expect.any(String),
        text: "So good",
        createdAt: expect.any(String),
        user: { _id: bob.userId, username: "bob", avatar: "" },
      },
      commentsCount: 1,
    });
    expect((await call(bob, "POST", `/flicks/${id}/share`)).json()).toEqual({ sharesCount: 1 });
    expect(await flickIn(carol, id)).toMatchObject({
      sharesCount: 1,
      commentsCount: 1,
      comments: [{ text: "So good", user: { username: "bob" } }],
    });
  });

  it("refuses blank or missing comment text", async () => {
    const { _id: id } = await createFlick(alice);
    for (const payload of [{ text: "   " }, {}, { text: 42 }, { text: "x".repeat(1001) }]) {
      const response = await call(bob, "POST", `/flicks/${id}/comment`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe("DELETE /flicks/{id}", () => {
  it("is the owner's alone", async () => {
    const { _id: id } = await createFlick(alice);
    const refused = await call(bob, "DELETE", `/flicks/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the flick's owner can delete it");
    expect(await flickIn(bob, id)).toBeDefined();

    expect((await call(alice, "DELETE", `/flicks/${id}`)).statusCode).toBe(200);
    expect(await flickIn(bob, id)).toBeUndefined();
    expect((await call(alice, "DELETE", `/flicks/${id}`)).statusCode).toBe(404);
  });
});

describe("realtime", () => {
  it("newReel and flickDeleted reach every open flicks feed", async () => {
    const watcher = await socketOf(carol);
    const arrived = nextEvent(watcher, "newReel");
    const { _id: id } = await createFlick(alice, { caption: "Live reel" });
    expect((await arrived).flick).toMatchObject({
      _id: id,
      description: "Live reel",
      uploadedBy: { _id: alice.userId, username: "alice" },
      likesCount: 0,
      isMyFlick: false,
    });

    const gone = nextEvent(watcher, "flickDeleted");
    await call(alice, "DELETE", `/flicks/${id}`);
    expect(await gone).toEqual({
      flickId: id,
      videoUrl: expect.stringMatching(/\.mp4$/),
      uploadedBy: alice.userId,
    });
  });

  it("a closed feed hears nothing, and photos are no reels", async () => {
    const watcher = await socketOf(bob);
    watcher.emit("leaveFlicks");
    await roundTrip(watcher); // the server has handled the leave before anything is posted
    const reels = collectEvents(watcher, "newReel");
    await createFlick(alice);
    await createPost(alice);
    await roundTrip(watcher);
    expect(reels).toEqual([]);
  });

  it("tells a connection's first joins how long the feed's room was quiet, so a feed read just before needn't be read again", async () => {
    const socket = await bed.socketOf(carol);
    const postedAt = performance.now();
    await createFlick(alice, { caption: "Heard by the room" });
    const answer = await socket.emitWithAck("joinFlicks");
    expect(answer).toMatchObject({ ok: true, quietForMs: expect.any(Number) });
    // The new reel's event went to the room: its quiet counts from it.
    expect(answer.ok && answer.quietForMs).toBeLessThanOrEqual(performance.now() - postedAt);
    // As joinPostRoom's, three answers a connection share the budget; the rest say nothing of quiet.
    expect(await socket.emitWithAck("joinFlicks")).toHaveProperty("quietForMs");
    expect(await socket.emitWithAck("joinFlicks")).toHaveProperty("quietForMs");
    expect(await socket.emitWithAck("joinFlicks")).toEqual({ ok: true });
  });

  it("never tells a member blocked with a flick's author, by the quiet it answers, that the flick came", async () => {
    const author = await someone("quiet_ivy");
    const [blocked, other] = [await someone("quiet_jon"), await someone("quiet_kim")];
    await block(blocked, author);
    const [blockedSocket, otherSocket] = [await bed.socketOf(blocked), await bed.socketOf(other)];
    const startedAt = performance.now();
    await createFlick(author);
    const askedAt = performance.now();
    const quietFor = async (socket: typeof blockedSocket) => {
      const answer = await socket.emitWithAck("joinFlicks");
      return answer.ok ? (answer.quietForMs ?? Number.NaN) : Number.NaN;
    };
    // Another member's quiet ends with the reel; the blocked member's began before it.
    expect(await quietFor(otherSocket)).toBeLessThanOrEqual(performance.now() - startedAt);
    expect(await quietFor(blockedSocket)).toBeGreaterThanOrEqual(Math.floor(askedAt - startedAt));
  });

  it("a public member's followers hear of a new flick anywhere in the app, each socket once", async () => {
    const gina = await persona("gina");
    const hank = await persona("hank");
    await follow(hank, gina);
    // Hank's socket only joined his own room (spec §7's joinUser); his other tab has the feed open too.
    const elsewhere = await bed.socketOf(hank);
    const onFeed = await socketOf(hank);
    const heardElsewhere = collectEvents(elsewhere, "newReel");
    const heardOnFeed = collectEvents(onFeed, "newReel");
    const gone = nextEvent(elsewhere, "flickDeleted");
    const { _id: id } = await createFlick(gina);
    await roundTrip(elsewhere);
    await roundTrip(onFeed);
    expect(heardElsewhere.map((event) => event.flick._id)).toEqual([id]);
    expect(heardOnFeed.map((event) => event.flick._id)).toEqual([id]);

    await call(gina, "DELETE", `/flicks/${id}`);
    expect(await gone).toMatchObject({ flickId: id, uploadedBy: gina.userId });
  });

  it("a private member's new flick reaches only their followers", async () => {
    const erin = await persona("erin");
    await makePrivate(erin);
    await requestFollow(bob, erin);
    await acceptFollow(erin, bob);
    const follower = await socketOf(bob);
    const stranger = await socketOf(carol);
    const strangerReels = collectEvents(stranger, "newReel");
    const arrived = nextEvent(follower, "newReel");
    const { _id: id } = await createFlick(erin);
    expect((await arrived).flick._id).toBe(id);
    await roundTrip(stranger);
    expect(strangerReels).toEqual([]);
  });
});
