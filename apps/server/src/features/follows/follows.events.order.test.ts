import { describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/database.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { FlikIo } from "../../realtime/realtime.js";

// Each read of the member followed waits until the test answers it, so the test can answer a later
// event's read first, as a busy database may.
const reads: ((member: { followersCount: number; isPrivate: boolean }) => void)[] = [];
vi.mock("./follows.queries.js", () => ({
  followedMemberNow: () => new Promise((resolve) => reads.push(resolve)),
  countFollowers: async () => 0,
}));
const { emitFollowChanges } = await import("./follows.events.js");

function bed() {
  const listeners = new Map<string, (event: unknown) => Promise<void>>();
  const domainEvents = { on: (name: string, listener: never) => listeners.set(name, listener) };
  const told: { isFollowed: boolean; followersCount: number }[] = [];
  const io = { to: () => ({ emit: (_name: string, payload: (typeof told)[number]) => told.push(payload) }) };
  emitFollowChanges({
    db: {} as Db,
    io: io as unknown as FlikIo,
    domainEvents: domainEvents as unknown as DomainEvents,
  });
  const publish = (name: string, event: unknown) => listeners.get(name)?.(event);
  return { publish, told };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("postFollowed's order", () => {
  it("tells a follow undone at once in the order made, even when the later read answers first", async () => {
    const { publish, told } = bed();
    const pair = { followerId: "fan", followeeId: "star" };
    const followed = publish("memberFollowed", pair);
    const unfollowed = publish("memberUnfollowed", pair);

    // Newest read first, each answered once all that can run has run.
    await settled();
    while (reads.length > 0) {
      reads.pop()?.({ followersCount: 0, isPrivate: false });
      await settled();
    }
    await Promise.all([followed, unfollowed]);

    expect(told.map((event) => event.isFollowed)).toEqual([true, false]);
  });
});
