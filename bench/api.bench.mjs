// Measures hot paths against the built server on a fresh data folder: authenticated reads (token
// check + session lookup + member load), sign-in (argon2id) and a feed page of 20 posts.
// Usage: npm run build && npm run bench   (env: DATABASE_URL to measure on PostgreSQL)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

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
  for (let i = 0; i < 60; i++) {
    const author = i % 3 === 0 ? authorization : `Bearer ${others[(i % 3) - 1].token}`;
    const { post: created } = await post(
      "/api/posts",
      { image: "/media/image/bench.jpg", caption: `post ${i}` },
      author,
    );
    await post(`/api/posts/${created._id}/like`, {}, authorization);
    await post(`/api/posts/${created._id}/comment`, { text: `comment ${i}` }, authorization);
  }
  const feed = await run({ url: `${base}/api/posts?limit=20`, headers: { authorization } });
  const health = await run({ url: `${base}/api/health` });

  console.log(
    JSON.stringify(
      {
        database: process.env.DATABASE_URL ? "postgres" : "pglite",
        coldStartMs: Math.round(coldStartMs),
        signinMs: { median: median(signinTimes), max: Math.round(Math.max(...signinTimes)) },
        "GET /api/user": summary(read),
        "GET /api/posts?limit=20": summary(feed),
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
