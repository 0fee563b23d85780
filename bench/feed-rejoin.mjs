// node bench/feed-rejoin.mjs [posts] [port]: a feed of that many loaded posts joining its post rooms again
// after a reconnect, as the web client before stop 58 did (one joinPostRoom per post) and as it does
// now (lists of up to 100), on a fresh PGlite folder with the default SOCKET_EVENT_LIMIT (200 per 10 s):
// how many posts end up watched, how many joins were refused, and how long until all were answered.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(`${repo}/package.json`);
const { io } = require("socket.io-client");
const [count, port] = [Number(process.argv[2] ?? 300), Number(process.argv[3] ?? 3302)];
const dataDir = join(tmpdir(), `flik-feed-rejoin-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const server = spawn("taskset", ["-c", "0", "node", `${repo}/apps/server/dist/main.js`], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "100000",
  },
  stdio: "ignore",
});
const base = `http://127.0.0.1:${port}`;
const api = async (method, path, body, token) => {
  const r = await fetch(`${base}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  return r.json();
};
for (;;) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}
const members = {};
for (const name of ["alice", "carol", "dave"]) {
  await api("POST", "/auth/signup", {
    fullName: name,
    username: name,
    email: `${name}@ex.com`,
    password: "password-123",
  });
  members[name] = await api("POST", "/auth/signin", { identifier: name, password: "password-123" });
}
const ids = [];
for (let i = 0; i < count; i++) {
  const { post } = await api(
    "POST",
    "/posts",
    { image: "/media/image/none.jpg", caption: `p${i}` },
    members.alice.token,
  );
  ids.push(post._id);
}
const connect = async (member) => {
  const socket = io(base, {
    transports: ["websocket"],
    auth: { token: member.token },
    query: { userId: member.user.id },
    reconnection: false,
  });
  await new Promise((r) => socket.on("connect", r));
  return socket;
};

async function rejoin(member, asLists) {
  const socket = await connect(member);
  const t0 = performance.now();
  const payloads = asLists
    ? Array.from({ length: Math.ceil(count / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100))
    : ids;
  const answers = await Promise.all(payloads.map((payload) => socket.emitWithAck("joinPostRoom", payload)));
  const ms = performance.now() - t0;
  const watched = asLists
    ? answers.reduce((n, a) => n + (a.watching?.length ?? 0), 0)
    : answers.filter((a) => a.ok).length;
  const refused = answers.filter((a) => a.status === 429).length;
  socket.close();
  return {
    client: asLists ? "lists of 100" : "one per post",
    events: payloads.length,
    watched,
    refused,
    allAnsweredMs: Math.round(ms),
  };
}
console.log(
  JSON.stringify({
    posts: count,
    runs: [await rejoin(members.carol, false), await rejoin(members.dave, true)],
  }),
);
server.kill();
process.exit(0);
