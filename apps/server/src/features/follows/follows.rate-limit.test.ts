import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, collectEvents, realtimeBed, roundTrip } from "../../test/helper.js";

/** FOLLOW_RATE_LIMIT, here four a minute: follows and unfollows together. */
const built = await buildTestApp({ followRateLimit: 4 });
const { socketOf } = await realtimeBed(built);
const { call, persona, makePrivate } = factories(built);

// The clock stands still, so the calls of a test fall in one minute however slow the machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const TOO_FAST = { message: "You're following and unfollowing too fast. Please wait a moment." };

describe("follows and unfollows per member and minute", () => {
  it("refuses a member's follow after unfollow past the limit, changing nothing and telling no one", async () => {
    const [alice, bob, carol] = await Promise.all([persona("alice"), persona("bob"), persona("carol")]);
    const bobSocket = await socketOf(bob);
    const bobHears = collectEvents(bobSocket, "postFollowed");
    for (const path of [`/follow/${bob.userId}`, `/unfollow/${bob.userId}`, `/follow/${bob.userId}`])
      expect((await call(alice, "POST", path)).statusCode).toBe(200);
    // A repeated call counts too: it is one more call the server answers.
    expect((await call(alice, "POST", `/follow/${bob.userId}`)).statusCode).toBe(200);

    const refused = await call(alice, "POST", `/unfollow/${bob.userId}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_FAST);
    expect((await call(alice, "POST", `/follow/${carol.userId}`)).json()).toEqual(TOO_FAST);
    await roundTrip(bobSocket);
    expect(bobHears).toHaveLength(3);
    expect((await call(bob, "GET", "/profile/bob")).json().user.followersCount).toBe(1);

    // Another member's calls are theirs to count, and the next minute is a new one.
    expect((await call(carol, "POST", `/follow/${bob.userId}`)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await call(alice, "POST", `/unfollow/${bob.userId}`)).statusCode).toBe(200);
  });

  it("counts a follow request to a private member and its withdrawal the same way", async () => {
    const [dan, erin] = await Promise.all([persona("dan"), persona("erin")]);
    await makePrivate(erin);
    for (let i = 0; i < 2; i++) {
      expect((await call(dan, "POST", `/follow/${erin.userId}`)).json()).toMatchObject({ isRequested: true });
      expect((await call(dan, "POST", `/unfollow/${erin.userId}`)).statusCode).toBe(200);
    }
    expect((await call(dan, "POST", `/follow/${erin.userId}`)).json()).toEqual(TOO_FAST);
    expect((await call(erin, "GET", "/follow-requests")).json()).toEqual({ requests: [], nextCursor: null });
  });
});
