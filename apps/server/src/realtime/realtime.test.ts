import { afterAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  connect,
  listen,
  personas,
  signIn,
  signUpAndIn,
  type TestSocket,
} from "../test/helper.js";

const built = await buildTestApp();
const baseUrl = await listen(built);
const alice = await signUpAndIn(built, personas.alice);
const bob = await signUpAndIn(built, personas.bob);
const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe("socket authentication", () => {
  it("admits a socket whose token and user id match, and joins the member's room", async () => {
    const socket = await connect(baseUrl, { token: alice.token, userId: alice.userId }, sockets);
    expect(socket.connected).toBe(true);
    const rooms = built.realtime.io.of("/").adapter.rooms;
    expect(rooms.get(`user:${alice.userId}`)?.size).toBeGreaterThan(0);
    await expect(socket.emitWithAck("joinUser", alice.userId)).resolves.toEqual({ ok: true });
  });

  it("refuses to join another member's room", async () => {
    const socket = await connect(baseUrl, { token: alice.token, userId: alice.userId }, sockets);
    await expect(socket.emitWithAck("joinUser", bob.userId)).resolves.toEqual({ ok: false });
    const bobsRoom = built.realtime.io.of("/").adapter.rooms.get(`user:${bob.userId}`);
    expect(bobsRoom?.has(socket.id ?? "") ?? false).toBe(false);
  });

  it.each([
    ["no token", { userId: "x" }, "unauthorized"],
    ["a bad token", { token: "nonsense", userId: "x" }, "unauthorized"],
  ])("refuses a socket with %s", async (_case, auth, message) => {
    await expect(connect(baseUrl, auth, sockets)).rejects.toThrow(message);
  });

  it("refuses a token presented for another user id", async () => {
    await expect(connect(baseUrl, { token: alice.token, userId: bob.userId }, sockets)).rejects.toThrow(
      "forbidden",
    );
  });

  it("refuses a revoked session's token", async () => {
    const session = await signIn(built, personas.bob);
    await built.app.inject({
      method: "PATCH",
      url: "/api/sessions/logout-current",
      headers: session.headers,
    });
    await expect(connect(baseUrl, { token: session.token, userId: bob.userId }, sockets)).rejects.toThrow(
      "unauthorized",
    );
  });

  it("tells and closes an open socket when its session is revoked, and only that one", async () => {
    const phone = await signIn(built, personas.bob);
    const laptop = await signIn(built, personas.bob);
    const phoneSocket = await connect(baseUrl, { token: phone.token, userId: bob.userId }, sockets);
    const laptopSocket = await connect(baseUrl, { token: laptop.token, userId: bob.userId }, sockets);
    const told = new Promise<void>((resolve) => phoneSocket.once("sessionRevoked", resolve));
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
