import type { AddressInfo } from "node:net";
import { io as connectSocket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.js";
import { openTestDatabase } from "../test/database.js";
import {
  apiCaller,
  nextEvent,
  personas,
  type SignedIn,
  signIn,
  signUpAndIn,
  type TestSocket,
  testConfig,
} from "../test/helper.js";

// Servers in turn on one database and one secret, as restarts on one data folder run them.
const database = await openTestDatabase();
const config = testConfig();
const started: App[] = [];
const sockets: TestSocket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const { app } of started) await app.close();
  await database.close();
});

async function startServer(port = 0): Promise<{ built: App; port: number }> {
  const built = await buildApp({ ...config, port }, { database });
  started.push(built);
  await built.app.listen({ port, host: "127.0.0.1" });
  return { built, port: (built.app.server.address() as AddressInfo).port };
}

async function stopServer(built: App) {
  started.splice(started.indexOf(built), 1);
  await built.app.close();
}

/** A connected socket with socket.io-client's own reconnection, as the web app has it. */
async function reconnectingSocket(port: number, member: SignedIn): Promise<TestSocket> {
  const socket: TestSocket = connectSocket(`http://127.0.0.1:${port}`, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token: member.token },
    query: { userId: member.userId },
    forceNew: true,
    // Shorter than the defaults only to finish sooner; nothing waits on them.
    reconnectionDelay: 50,
    reconnectionDelayMax: 500,
    // The test's own timeout is the limit, not the client's 20 s on a busy machine.
    timeout: 10 * 60_000,
  });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return socket;
}

describe("a graceful restart", () => {
  it("drops its sockets as lost connections, and they come back to the next server on the same port", async () => {
    const first = await startServer();
    const alice = await signUpAndIn(first.built, personas.alice);
    const bob = await signUpAndIn(first.built, personas.bob);
    const socket = await reconnectingSocket(first.port, alice);
    const lost = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    const back = new Promise<void>((resolve) =>
      socket.once("disconnect", () => socket.once("connect", () => resolve())),
    );

    await stopServer(first.built);
    // Not "io server disconnect": after that one socket.io-client never reconnects by itself.
    expect(await lost).toBe("transport close");
    expect(socket.active).toBe(true);

    const second = await startServer(first.port);
    await back;

    // The new server serves it: a message sent there arrives live.
    const call = apiCaller(second.built);
    const { chat } = (await call(alice, "POST", "/chats", { userId: bob.userId })).json();
    const arrived = nextEvent(socket, "newMessage");
    await call(bob, "POST", `/chats/${chat._id}/messages`, { text: "Still here after the restart" });
    expect((await arrived).message.text).toBe("Still here after the restart");
  });

  it("still ends a revoked session's socket for good: told, then disconnected by the server", async () => {
    const { built, port } = await startServer();
    const phone = await signUpAndIn(built, personas.carol);
    const laptop = await signIn(built, personas.carol);
    const socket = await reconnectingSocket(port, phone);
    const told = new Promise<void>((resolve) => socket.once("sessionRevoked", () => resolve()));
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    await apiCaller(built)(laptop, "PATCH", `/sessions/${phone.sessionId}/logout`);

    await told;
    expect(await closed).toBe("io server disconnect");
    // socket.io-client does not come back after that, and the web app does not make it (mustReconnect).
    expect(socket.active).toBe(false);
  });
});
