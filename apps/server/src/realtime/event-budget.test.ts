import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { factories } from "../test/factories.js";
import { buildTestApp, realtimeBed } from "../test/helper.js";
import { TOO_MANY_EVENTS } from "./realtime.js";

/** A member's sockets share a budget of events per 10 s (SOCKET_EVENT_LIMIT); here, five. */
const built = await buildTestApp({ socketEventLimit: 5 });
const { socketOf, isInRoom } = await realtimeBed(built);
const { persona, createPost } = factories(built);

// The clock stands still, so every event of a test falls in one window however slow the machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

const refused = { ok: false, error: TOO_MANY_EVENTS, status: 429 };

describe("a member's socket event budget", () => {
  it("refuses events past the budget before any handler runs, on every socket of the member", async () => {
    const alice = await persona("alice");
    const post = await createPost(alice);
    const phone = await socketOf(alice);
    const laptop = await socketOf(await persona("alice"));
    for (let i = 0; i < 5; i++) {
      await expect(phone.emitWithAck("joinUser", alice.userId)).resolves.toMatchObject({ ok: true });
    }
    await expect(phone.emitWithAck("joinUser", alice.userId)).resolves.toEqual(refused);
    await expect(laptop.emitWithAck("joinPostRoom", post._id)).resolves.toEqual(refused);
    expect(isInRoom(laptop, `post:${post._id}`)).toBe(false);
  });

  it("never counts leaving a room or stopping typing: a long feed closing keeps the budget", async () => {
    const dora = await persona("dan");
    const socket = await socketOf(dora);
    for (let i = 0; i < 20; i++) {
      socket.emit("leavePostRoom", "00000000-0000-4000-8000-000000000000");
      socket.emit("stopTyping", "00000000-0000-4000-8000-000000000000");
    }
    for (let i = 0; i < 5; i++) {
      await expect(socket.emitWithAck("joinUser", dora.userId)).resolves.toMatchObject({ ok: true });
    }
    await expect(socket.emitWithAck("joinUser", dora.userId)).resolves.toEqual(refused);
  });

  it("counts a list of post rooms to leave as one event", async () => {
    const erin = await persona("erin");
    const socket = await socketOf(erin);
    const none = "00000000-0000-4000-8000-000000000000";
    for (let i = 0; i < 4; i++) socket.emit("leavePostRoom", [none, none]);
    await expect(socket.emitWithAck("joinUser", erin.userId)).resolves.toMatchObject({ ok: true });
    await expect(socket.emitWithAck("joinUser", erin.userId)).resolves.toEqual(refused);
  });

  it("leaves other members' budgets alone, and gives the member a new one in the next window", async () => {
    const bob = await persona("bob");
    const carol = await persona("carol");
    const bobs = await socketOf(bob);
    const carols = await socketOf(carol);
    for (let i = 0; i < 5; i++) await bobs.emitWithAck("joinUser", bob.userId);
    await expect(bobs.emitWithAck("joinUser", bob.userId)).resolves.toEqual(refused);
    await expect(carols.emitWithAck("joinUser", carol.userId)).resolves.toMatchObject({ ok: true });

    vi.setSystemTime(Date.now() + 10_000);
    await expect(bobs.emitWithAck("joinUser", bob.userId)).resolves.toMatchObject({ ok: true });
  });
});
