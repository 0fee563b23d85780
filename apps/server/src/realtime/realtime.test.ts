import { describe, expect, it } from "vitest";
import { factories } from "../test/factories.js";
import { buildTestApp, personas, realtimeBed, signIn } from "../test/helper.js";
import { UNKNOWN_EVENT } from "./realtime.js";

const built = await buildTestApp();
const { baseUrl, socketOf, connectWith } = await realtimeBed(built);
const { persona, newcomer, call, chatBetween } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

describe("socket authentication", () => {
  it("admits a socket whose token and user id match, and joins the member's room", async () => {
    const socket = await socketOf(alice);
    expect(socket.connected).toBe(true);
    const rooms = built.realtime.io.of("/").adapter.rooms;
    expect(rooms.get(`user:${alice.userId}`)?.size).toBeGreaterThan(0);
    await expect(socket.emitWithAck("joinUser", alice.userId)).resolves.toMatchObject({ ok: true });
  });

  it("says for how long the member's rooms have had no event, up to the 30 s it can vouch for", async () => {
    const carol = await newcomer("quiet_carol");
    const socket = await socketOf(carol);
    const { quietForMs } = await socket.emitWithAck("joinUser", carol.userId);
    expect(quietForMs).toBeGreaterThanOrEqual(0);
    expect(quietForMs).toBeLessThanOrEqual(30_000);

    // Said once per connection: asked again, it would time events kept from her (sent `except` her).
    expect(await socket.emitWithAck("joinUser", carol.userId)).toEqual({ ok: true });

    // Any feature's event to her room (a follow, here) ends the quiet: the answer counts from it.
    const followedAt = performance.now();
    await call(bob, "POST", `/follow/${carol.userId}`);
    const answer = await (await socketOf(carol)).emitWithAck("joinUser", carol.userId);
    expect(answer.quietForMs).toBeLessThanOrEqual(performance.now() - followedAt);
  });

  it("refuses to join another member's room", async () => {
    const socket = await socketOf(alice);
    await expect(socket.emitWithAck("joinUser", bob.userId)).resolves.toEqual({
      ok: false,
      error: "You can only join your own room",
      status: 403,
    });
    const bobsRoom = built.realtime.io.of("/").adapter.rooms.get(`user:${bob.userId}`);
    expect(bobsRoom?.has(socket.id ?? "") ?? false).toBe(false);
  });

  it.each([
    ["no token", { userId: "x" }, "unauthorized"],
    ["a bad token", { token: "nonsense", userId: "x" }, "unauthorized"],
  ])("refuses a socket with %s", async (_case, auth, message) => {
    await expect(connectWith(auth)).rejects.toThrow(message);
  });

  it("refuses a token presented for another user id", async () => {
    await expect(connectWith({ token: alice.token, userId: bob.userId })).rejects.toThrow("forbidden");
  });

  it("refuses a revoked session's token", async () => {
    const session = await signIn(built, personas.bob);
    await built.app.inject({
      method: "PATCH",
      url: "/api/sessions/logout-current",
      headers: session.headers,
    });
    await expect(connectWith({ token: session.token, userId: bob.userId })).rejects.toThrow("unauthorized");
  });

  it("tells and closes an open socket when its session is revoked, and only that one", async () => {
    const phone = await signIn(built, personas.bob);
    const laptop = await signIn(built, personas.bob);
    const phoneSocket = await socketOf(phone);
    const laptopSocket = await socketOf(laptop);
    const told = new Promise<void>((resolve) => phoneSocket.once("sessionRevoked", () => resolve()));
    const closed = new Promise<string>((resolve) => phoneSocket.once("disconnect", resolve));

    await built.app.inject({
      method: "PATCH",
      url: `/api/sessions/${phone.sessionId}/logout`,
      headers: laptop.headers,
    });
    await told;
    expect(await closed).toBe("io server disconnect");
    expect(laptopSocket.connected).toBe(true);
  });

  it("accepts only the websocket transport", async () => {
    const response = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
  });
});

describe("an event sent with an acknowledgement alone", () => {
  it("is answered, its payload refused as a missing one is, never left waiting", async () => {
    // The client's own shape of the call: `emit("joinChat", ack)`, no payload before the ack.
    const socket = (await socketOf(alice)) as unknown as {
      emitWithAck(event: string): Promise<unknown>;
    };
    await expect(socket.emitWithAck("joinChat")).resolves.toEqual({
      ok: false,
      error: "Chat not found",
      status: 404,
    });
    await expect(socket.emitWithAck("sendMessage")).resolves.toEqual({
      ok: false,
      error: "The event must carry an object",
      status: 400,
    });
    await expect(socket.emitWithAck("joinPostRoom")).resolves.toEqual({
      ok: false,
      error: "Post not found",
      status: 404,
    });
    await expect(socket.emitWithAck("joinUser")).resolves.toMatchObject({ ok: false, status: 403 });
    await expect(socket.emitWithAck("leaveChat")).resolves.toMatchObject({ ok: true });
  });

  it("is answered when more arguments come between the payload and the acknowledgement", async () => {
    const socket = (await socketOf(alice)) as unknown as {
      emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
    };
    const chat = await chatBetween(alice, bob);
    const sent = await socket.emitWithAck("sendMessage", { chatId: chat._id, text: "Hi" }, "extra", 3);
    expect(sent).toMatchObject({ ok: true, message: { text: "Hi" } });
    await expect(socket.emitWithAck("joinChat", chat._id, "extra")).resolves.toEqual({ ok: true });
  });

  it("is answered 404 when no feature listens to the event, and the socket stays", async () => {
    const socket = (await socketOf(alice)) as unknown as {
      emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
      connected: boolean;
    };
    await expect(socket.emitWithAck("noSuchEvent", { any: "thing" })).resolves.toEqual({
      ok: false,
      error: UNKNOWN_EVENT,
      status: 404,
    });
    await expect(socket.emitWithAck("joinUser", alice.userId)).resolves.toMatchObject({ ok: true });
    expect(socket.connected).toBe(true);
  });

  it("joins and leaves the flicks feed with an acknowledgement", async () => {
    const socket = await socketOf(alice);
    const flicksRoom = () => built.realtime.io.of("/").adapter.rooms.get("flicks");
    await expect(socket.emitWithAck("joinFlicks")).resolves.toMatchObject({ ok: true });
    expect(flicksRoom()?.has(socket.id ?? "")).toBe(true);
    await expect(socket.emitWithAck("leaveFlicks")).resolves.toMatchObject({ ok: true });
    expect(flicksRoom()?.has(socket.id ?? "") ?? false).toBe(false);
  });
});
