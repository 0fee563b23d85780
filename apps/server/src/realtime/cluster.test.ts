import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { Chat } from "@flik/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../test/database.js";
import { connect, eventQueue, nextEvent, personas, type TestSocket } from "../test/helper.js";
import { redisAnswers, redisUrl } from "../test/redis.js";
import { tempDir } from "../test/temp-dir.js";

const serverDir = fileURLToPath(new URL("../..", import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** A whole Flik server process, as `npm start` runs it, on the shared PostgreSQL and Redis. */
async function startServer(env: Record<string, string>): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDir("node"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  // Until it answers or exits, however long a busy machine takes: the hook's timeout is the limit.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the answers are read by the test's own assertions.
type Answer = { status: number; body: any };
async function api(
  baseUrl: string,
  method: string,
  path: string,
  body?: object,
  token?: string,
): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function member(baseUrl: string, persona: (typeof personas)[keyof typeof personas]) {
  await api(baseUrl, "POST", "/auth/signup", persona);
  const { body } = await api(baseUrl, "POST", "/auth/signin", {
    identifier: persona.username,
    password: persona.password,
  });
  return { token: body.token as string, userId: body.user.id as string };
}

// Scale-out of design.md, on the PostgreSQL pass only (vitest.config.ts), with Redis (.ci/run starts both).
describe.runIf(await redisAnswers())("two server processes", () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let nodeA: Awaited<ReturnType<typeof startServer>>;
  let nodeB: Awaited<ReturnType<typeof startServer>>;
  const sockets: TestSocket[] = [];
  // Two cold starts of a whole server each take seconds, many more on a busy 2-core machine.
  beforeAll(async () => {
    database = await createScratchDatabase();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_CHANNEL: `flik-cluster-${randomBytes(4).toString("hex")}`,
      JWT_SECRET: randomBytes(32).toString("hex"),
    };
    // One after the other, so that only the first applies the migrations.
    nodeA = await startServer(env);
    nodeB = await startServer(env);
  }, 5 * 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(
      [nodeA, nodeB]
        .filter((node) => node !== undefined)
        .map(
          ({ process: child }) =>
            new Promise((resolve) => child.once("exit", resolve) && child.kill("SIGTERM")),
        ),
    );
    await database?.drop();
  });

  it("deliver a message, typing and presence from a member on one process to a member on the other", async () => {
    const alice = await member(nodeA.url, personas.alice);
    const bob = await member(nodeB.url, personas.bob);
    const chat: Chat = (await api(nodeA.url, "POST", "/chats", { userId: bob.userId }, alice.token)).body
      .chat;
    expect((await api(nodeB.url, "POST", `/chats/${chat._id}/accept`, {}, bob.token)).status).toBe(200);

    const onA = await connect(nodeA.url, alice, sockets);
    const presenceOnA = eventQueue(onA, "onlineUsers");
    const onB = await connect(nodeB.url, bob, sockets);
    await presenceOnA.until((event) => event.online.includes(bob.userId));

    expect(await onA.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    expect(await onB.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    const typing = nextEvent(onB, "typing");
    onA.emit("typing", chat._id);
    expect(await typing).toMatchObject({ chatId: chat._id, userId: alice.userId });

    const arrived = nextEvent(onB, "newMessage");
    const ack = await onA.emitWithAck("sendMessage", { chatId: chat._id, text: "Across processes" });
    expect(ack.ok).toBe(true);
    expect((await arrived).message).toMatchObject({
      text: "Across processes",
      sender: { _id: alice.userId },
    });

    // And over HTTP on B, to A's socket.
    const reply = nextEvent(onA, "newMessage");
    expect(
      (await api(nodeB.url, "POST", `/chats/${chat._id}/messages`, { text: "Got it" }, bob.token)).status,
    ).toBe(201);
    expect((await reply).message.text).toBe("Got it");
  });
});
