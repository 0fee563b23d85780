import type { Story } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  eventQueue,
  nextEvent,
  realtimeBed,
  roundTrip,
  type SignedIn,
  type TestSocket,
} from "../../test/helper.js";

/**
 * newStory, storyDeleted and storyViewed over real sockets: each reaches whom it is for, and an absence
 * is proven after a round trip on the socket that must not hear it, once someone who should hear the
 * same event did (so it was sent).
 */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, follow, makePrivate, requestFollow, block, someone, photoOf } = factories(built);

async function postStory(member: SignedIn): Promise<Story> {
  const response = await call(member, "POST", "/stories", { url: await photoOf(member) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().story;
}

/** What arrived of an event on a socket, read after a round trip (anything sent before is in). */
function heard<E extends "newStory" | "storyDeleted" | "storyViewed">(socket: TestSocket, event: E) {
  const received = collectEvents(socket, event);
  return async () => {
    await roundTrip(socket);
    return received;
  };
}

describe("newStory and storyDeleted", () => {
  it("reach the owner's followers and the owner's other tabs; not strangers, requesters or the blocked", async () => {
    const [owner, fan, stranger, requester, blocked] = [
      await someone("owner"),
      await someone("fan"),
      await someone("stranger"),
      await someone("requester"),
      await someone("blocked"),
    ];
    await follow(fan, owner);
    await follow(blocked, owner);
    await block(owner, blocked); // the follow ends with the block
    await makePrivate(owner);
    await requestFollow(requester, owner);
    const [ownerTab, fanSocket, ...others] = [
      await socketOf(owner),
      await socketOf(fan),
      await socketOf(stranger),
      await socketOf(requester),
      await socketOf(blocked),
    ];
    const othersHeard = others.map((socket) => ({
      created: heard(socket, "newStory"),
      deleted: heard(socket, "storyDeleted"),
    }));

    const fanHears = nextEvent(fanSocket, "newStory");
    const ownerHears = nextEvent(ownerTab, "newStory");
    const story = await postStory(owner);
    expect(await fanHears).toEqual({ story: { ...story, viewed: false } });
    expect(await ownerHears).toEqual({ story });

    const fanHearsDeleted = nextEvent(fanSocket, "storyDeleted");
    const ownerHearsDeleted = nextEvent(ownerTab, "storyDeleted");
    await call(owner, "DELETE", `/stories/${story._id}`);
    const deleted = { storyId: story._id, userId: owner.userId };
    expect(await fanHearsDeleted).toEqual(deleted);
    expect(await ownerHearsDeleted).toEqual(deleted);

    for (const other of othersHeard) {
      expect(await other.created()).toEqual([]);
      expect(await other.deleted()).toEqual([]);
    }
  });
});

describe("storyViewed", () => {
  it("tells the owner of each new viewer with the count, once per viewer; no one else hears it", async () => {
    const [owner, first, second] = [await someone("owner"), await someone("first"), await someone("second")];
    await follow(first, owner);
    await follow(second, owner);
    const [ownerSocket, firstSocket, secondSocket] = [
      await socketOf(owner),
      await socketOf(first),
      await socketOf(second),
    ];
    const viewersHeard = [heard(firstSocket, "storyViewed"), heard(secondSocket, "storyViewed")];
    const ownerHears = eventQueue(ownerSocket, "storyViewed");
    const story = await postStory(owner);

    await call(first, "POST", `/stories/${story._id}/view`);
    const event = await ownerHears.next();
    expect(event).toEqual({
      storyId: story._id,
      viewer: {
        _id: first.userId,
        username: expect.any(String),
        fullName: expect.any(String),
        avatar: "",
        viewedAt: expect.any(String),
      },
      viewersCount: 1,
    });
    // A repeated view and the owner's own are no news: the next event the owner hears is the second's.
    await call(first, "POST", `/stories/${story._id}/view`);
    await call(owner, "POST", `/stories/${story._id}/view`);
    await call(second, "POST", `/stories/${story._id}/view`);
    expect(await ownerHears.next()).toMatchObject({ viewer: { _id: second.userId }, viewersCount: 2 });
    for (const viewerHeard of viewersHeard) expect(await viewerHeard()).toEqual([]);
    await roundTrip(ownerSocket);
    expect(ownerHears.received).toHaveLength(2);
  });
});
