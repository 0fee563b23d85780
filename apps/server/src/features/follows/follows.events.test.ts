import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, collectEvents, nextEvent, realtimeBed, roundTrip } from "../../test/helper.js";

const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, makePrivate, someone } = factories(built);

describe("postFollowed", () => {
  it("tells both members of a follow and of an unfollow, with the follower count, and no one else", async () => {
    const [alice, bob, carol] = await Promise.all([someone("alice"), someone("bob"), someone("carol")]);
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([
      socketOf(alice),
      socketOf(bob),
      socketOf(carol),
    ]);
    const bystander = collectEvents(carolSocket, "postFollowed");

    const toAlice = nextEvent(aliceSocket, "postFollowed");
    const toBob = nextEvent(bobSocket, "postFollowed");
    expect((await call(alice, "POST", `/follow/${bob.userId}`)).statusCode).toBe(200);
    const followed = { userId: bob.userId, followerId: alice.userId, isFollowed: true, followersCount: 1 };
    expect(await toAlice).toEqual(followed);
    expect(await toBob).toEqual(followed);

    const unfollowedToAlice = nextEvent(aliceSocket, "postFollowed");
    const unfollowedToBob = nextEvent(bobSocket, "postFollowed");
    expect((await call(alice, "POST", `/unfollow/${bob.userId}`)).statusCode).toBe(200);
    const unfollowed = { ...followed, isFollowed: false, followersCount: 0 };
    expect(await unfollowedToAlice).toEqual(unfollowed);
    expect(await unfollowedToBob).toEqual(unfollowed);

    await roundTrip(carolSocket);
    expect(bystander).toEqual([]);
  });

  it.each([
    ["public", false],
    ["private", true],
  ])(
    "tells both members when a %s member removes a follower, as an unfollow that she ended, saying whether she is private",
    async (_, isPrivate) => {
      const [gwen, hal] = await Promise.all([someone("gwen"), someone("hal")]);
      if (isPrivate) {
        await makePrivate(gwen);
        await call(hal, "POST", `/follow/${gwen.userId}`);
        await call(gwen, "POST", `/follow-requests/${hal.userId}/accept`);
      } else {
        await call(hal, "POST", `/follow/${gwen.userId}`);
      }
      const [gwenSocket, halSocket] = await Promise.all([socketOf(gwen), socketOf(hal)]);
      const toGwen = nextEvent(gwenSocket, "postFollowed");
      const toHal = nextEvent(halSocket, "postFollowed");

      expect((await call(gwen, "DELETE", `/followers/${hal.userId}`)).statusCode).toBe(200);

      // The follower's screens drop a private member's posts and flicks by it; a public member's stay.
      const removed = {
        userId: gwen.userId,
        followerId: hal.userId,
        isFollowed: false,
        followersCount: 0,
        removed: true,
        isPrivate,
      };
      expect(await toGwen).toEqual(removed);
      expect(await toHal).toEqual(removed);
    },
  );

  it("is told once for a follow asked twice, and not for an unfollow of no follow", async () => {
    const [dan, erin] = await Promise.all([someone("dan"), someone("erin")]);
    const danSocket = await socketOf(dan);
    const heard = collectEvents(danSocket, "postFollowed");
    await call(dan, "POST", `/follow/${erin.userId}`);
    await call(dan, "POST", `/follow/${erin.userId}`);
    await call(dan, "POST", `/unfollow/${erin.userId}`);
    await call(dan, "POST", `/unfollow/${erin.userId}`);
    await roundTrip(danSocket);
    expect(heard.map((event) => event.isFollowed)).toEqual([true, false]);
  });

  it("is told when a private member accepts a request, not when it is made", async () => {
    const [owner, requester] = await Promise.all([someone("owner"), someone("requester")]);
    await makePrivate(owner);
    const requesterSocket = await socketOf(requester);
    const heard = collectEvents(requesterSocket, "postFollowed");
    await call(requester, "POST", `/follow/${owner.userId}`);
    await roundTrip(requesterSocket);
    expect(heard).toEqual([]);

    const accepted = nextEvent(requesterSocket, "postFollowed");
    expect((await call(owner, "POST", `/follow-requests/${requester.userId}/accept`)).statusCode).toBe(200);
    expect(await accepted).toEqual({
      userId: owner.userId,
      followerId: requester.userId,
      isFollowed: true,
      followersCount: 1,
    });
  });
});

describe("followRequestSent", () => {
  it("tells the requester's own tabs alone that their request was made, once however often asked", async () => {
    const [owner, requester] = await Promise.all([someone("owner"), someone("requester")]);
    await makePrivate(owner);
    const [ownerSocket, requesterSocket] = await Promise.all([socketOf(owner), socketOf(requester)]);
    const ownerHeard = collectEvents(ownerSocket, "followRequestSent");
    const requesterHeard = collectEvents(requesterSocket, "followRequestSent");

    const sent = nextEvent(requesterSocket, "followRequestSent");
    expect((await call(requester, "POST", `/follow/${owner.userId}`)).json()).toMatchObject({
      isRequested: true,
    });
    expect(await sent).toEqual({ userId: owner.userId, followersCount: 0 });
    // Asked again: the same one request, told no more.
    await call(requester, "POST", `/follow/${owner.userId}`);

    await Promise.all([roundTrip(ownerSocket), roundTrip(requesterSocket)]);
    expect(ownerHeard).toEqual([]);
    expect(requesterHeard).toHaveLength(1);
  });
});

describe("one member's follows made and undone at once", () => {
  it("reach the tabs in the order they were made, each with the count after it", async () => {
    const [star, ...fans] = await Promise.all([
      someone("star"),
      ...[1, 2, 3, 4].map((n) => someone(`fan${n}`)),
    ]);
    const starSocket = await socketOf(star);
    const heard = collectEvents(starSocket, "postFollowed");

    // Back to back and side by side: each event reads a count, and a slower read must not overtake.
    await Promise.all(
      fans.map(async (fan) => {
        await call(fan, "POST", `/follow/${star.userId}`);
        await call(fan, "POST", `/unfollow/${star.userId}`);
        await call(fan, "POST", `/follow/${star.userId}`);
      }),
    );
    // Each answer waited for its event to be told: one round trip and all have arrived.
    await roundTrip(starSocket);
    expect(heard).toHaveLength(fans.length * 3);

    for (const fan of fans)
      expect(
        heard.filter((event) => event.followerId === fan.userId).map((event) => event.isFollowed),
      ).toEqual([true, false, true]);
    // The count only ever shows what followed the event before it: the last one heard is the count now.
    expect(heard.at(-1)?.followersCount).toBe(fans.length);
  });
});

describe("a request made and withdrawn at once", () => {
  it("reaches the requester's tabs in that order, leaving them on Follow", async () => {
    const [owner, requester] = await Promise.all([someone("owner"), someone("requester")]);
    await makePrivate(owner);
    const requesterSocket = await socketOf(requester);
    const heard: string[] = [];
    requesterSocket.on("followRequestSent", () => heard.push("sent"));
    requesterSocket.on("followRequestClosed", () => heard.push("closed"));

    const closed = nextEvent(requesterSocket, "followRequestClosed");
    // Back to back: the request's event may still be on its way (it reads a count) when the
    // withdrawal's is told.
    await call(requester, "POST", `/follow/${owner.userId}`);
    await call(requester, "POST", `/unfollow/${owner.userId}`);
    await closed;
    await roundTrip(requesterSocket);

    expect(heard).toEqual(["sent", "closed"]);
  });
});

describe("followRequestClosed", () => {
  it("tells the requester alone that a declined or withdrawn request is gone, with no postFollowed", async () => {
    const [owner, requester] = await Promise.all([someone("owner"), someone("requester")]);
    await makePrivate(owner);
    const [ownerSocket, requesterSocket] = await Promise.all([socketOf(owner), socketOf(requester)]);
    const ownerHeard = collectEvents(ownerSocket, "followRequestClosed");
    const follows = collectEvents(requesterSocket, "postFollowed");

    await call(requester, "POST", `/follow/${owner.userId}`);
    const declined = nextEvent(requesterSocket, "followRequestClosed");
    expect((await call(owner, "POST", `/follow-requests/${requester.userId}/decline`)).statusCode).toBe(200);
    expect(await declined).toEqual({ userId: owner.userId, followersCount: 0 });

    await call(requester, "POST", `/follow/${owner.userId}`);
    const withdrawn = nextEvent(requesterSocket, "followRequestClosed");
    expect((await call(requester, "POST", `/unfollow/${owner.userId}`)).statusCode).toBe(200);
    expect(await withdrawn).toEqual({ userId: owner.userId, followersCount: 0 });

    await Promise.all([roundTrip(ownerSocket), roundTrip(requesterSocket)]);
    expect(ownerHeard).toEqual([]);
    expect(follows).toEqual([]);
  });

  it("is not sent when the request becomes a follow", async () => {
    const [owner, requester] = await Promise.all([someone("owner"), someone("requester")]);
    await makePrivate(owner);
    const requesterSocket = await socketOf(requester);
    const closed = collectEvents(requesterSocket, "followRequestClosed");
    await call(requester, "POST", `/follow/${owner.userId}`);
    const accepted = nextEvent(requesterSocket, "postFollowed");
    await call(owner, "POST", `/follow-requests/${requester.userId}/accept`);
    await accepted;
    await roundTrip(requesterSocket);
    expect(closed).toEqual([]);
  });
});
