// Measures hot paths against the built server on a fresh data folder: authenticated reads (token
// check + session lookup + member load), sign-in (argon2id), a feed page of 20 posts, a flicks page,
// the chat list, a notifications page, and the delivery time of chat messages between two sockets.
// Usage: npm run build && npm run bench   (env: DATABASE_URL to measure on PostgreSQL)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { io } from "socket.io-client";

const root = new URL("..", import.meta.url).pathname;
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "flik-bench-"));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const startedAt = performance.now();
const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: "100000",
    MESSAGE_RATE_LIMIT: "100000",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(50);
  const coldStartMs = performance.now() - startedAt;

  const member = {
    fullName: "Bench Mark",
    username: "bench",
    email: "bench@example.com",
    password: "benchmark-42",
  };
  await post("/api/auth/signup", member);
  const signinTimes = [];
  let token = "";
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    ({ token } = await post("/api/auth/signin", { identifier: "bench", password: member.password }));
    signinTimes.push(performance.now() - t0);
  }

  const read = await run({ url: `${base}/api/user`, headers: { authorization: `Bearer ${token}` } });

  // A feed of 60 posts by the member and two people they follow, each with likes and comments.
  const authorization = `Bearer ${token}`;
  const others = [];
  for (const name of ["friend1", "friend2"]) {
    const friend = {
      fullName: name,
      username: name,
      email: `${name}@example.com`,
      password: member.password,
    };
    await post("/api/auth/signup", friend);
    others.push({
      ...friend,
      token: (await post("/api/auth/signin", { identifier: name, password: member.password })).token,
    });
  }
  for (const friend of others) {
    const friendAuth = `Bearer ${friend.token}`;
    const { user } = await get("/api/user", friendAuth);
    await post(`/api/follow/${user.id}`, {}, authorization);
  }
  const friendAuth = `Bearer ${others[0].token}`;
  for (let i = 0; i < 60; i++) {
    const author = i % 3 === 0 ? authorization : `Bearer ${others[(i % 3) - 1].token}`;
    // Every other post is a flick, so the flicks feed has 30.
    const image = i % 2 === 0 ? "/media/video/bench.mp4" : "/media/image/bench.jpg";
    const { post: created } = await post("/api/posts", { image, caption: `post ${i}` }, author);
    const liker = author === authorization ? friendAuth : authorization;
    // Likes and comments on the member's own posts make their notifications.
    await post(`/api/posts/${created._id}/like`, {}, liker);
    await post(`/api/posts/${created._id}/comment`, { text: `comment ${i}` }, liker);
  }
  const me = (await get("/api/user", authorization)).user;
  const friendIds = [];
  for (const friend of others) friendIds.push((await get("/api/user", `Bearer ${friend.token}`)).user.id);
  const chats = [];
  for (const id of friendIds) chats.push((await post("/api/chats", { userId: id }, authorization)).chat);
  for (let i = 0; i < 40; i++) {
    // The member and friend1 take turns in their chat; the member alone writes to friend2.
    const [chat, sender] =
      i % 2 === 0 ? [chats[0], i % 4 === 0 ? authorization : friendAuth] : [chats[1], authorization];
    await post(`/api/chats/${chat._id}/messages`, { text: `message ${i}` }, sender);
  }
  const feed = await run({ url: `${base}/api/posts?limit=20`, headers: { authorization } });
  const flicks = await run({ url: `${base}/api/flicks?limit=10`, headers: { authorization } });
  const chatList = await run({ url: `${base}/api/chats`, headers: { authorization } });
  const notifications = await run({ url: `${base}/api/notifications?limit=20`, headers: { authorization } });
  const delivery = await messageDelivery(
    chats[0]._id,
    { token, userId: me.id },
    { token: others[0].token, userId: friendIds[0] },
  );
  const health = await run({ url: `${base}/api/health` });

  console.log(
    JSON.stringify(
      {
        database: process.env.DATABASE_URL ? "postgres" : "pglite",
        coldStartMs: Math.round(coldStartMs),
        signinMs: { median: median(signinTimes), max: Math.round(Math.max(...signinTimes)) },
        "GET /api/user": summary(read),
        "GET /api/posts?limit=20": summary(feed),
        "GET /api/flicks?limit=10": summary(flicks),
        "GET /api/chats": summary(chatList),
        "GET /api/notifications?limit=20": summary(notifications),
        messageDeliveryMs: delivery,
        "GET /api/health": summary(health),
      },
      null,
      2,
    ),
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((done) => server.once("exit", done));
  rmSync(dataDir, { recursive: true, force: true });
}

/** Sends 200 messages one after another from one socket and times each until the other socket has it. */
async function messageDelivery(chatId, sender, receiver) {
  const connect = ({ token, userId }) =>
    new Promise((resolve, reject) => {
      const socket = io(base, {
        transports: ["websocket"],
        auth: { token },
        query: { userId },
        forceNew: true,
      });
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  const [from, to] = await Promise.all([connect(sender), connect(receiver)]);
  const times = [];
  try {
    for (let i = 0; i < 200; i++) {
      const text = `delivery ${i}`;
      const started = performance.now();
      const arrived = new Promise((resolve) => {
        const onMessage = ({ message }) => {
          if (message.text !== text) return;
          to.off("newMessage", onMessage);
          resolve();
        };
        to.on("newMessage", onMessage);
      });
      from.emit("sendMessage", { chatId, text, clientId: `bench-${i}` });
      await arrived;
      times.push(performance.now() - started);
    }
  } finally {
    from.close();
    to.close();
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.floor(q * (times.length - 1))] * 10) / 10;
  return { messages: times.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

function run(options) {
  return autocannon({ connections: 10, duration: seconds, ...options });
}

function summary(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function get(path, authorization) {
  const response = await fetch(`${base}${path}`, { headers: { authorization } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function post(path, body, authorization) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization && { authorization }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
}

function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}
