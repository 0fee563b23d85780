// node bench/socket-flood.mjs [server-root] [port]: another member's GET /api/user while one member
// floods 3,000 joinPostRoom events on a fresh PGlite folder (issue 12, stop 56). server-root holds
// apps/server/dist (default this checkout; a bench/.before-<sha> folder for a build before).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(`${repo}/package.json`);
const { io } = require("socket.io-client");
const [root, port] = [process.argv[2] ?? repo, Number(process.argv[3] ?? 3301)];
const dataDir = join(tmpdir(), `flik-socket-flood-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const server = spawn("taskset", ["-c", "0", "node", `${root}/apps/server/dist/main.js`], {
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
for (const name of ["alice", "carol"]) {
  await api("POST", "/auth/signup", {
    fullName: name,
    username: name,
    email: `${name}@ex.com`,
    password: "password-123",
  });
  members[name] = await api("POST", "/auth/signin", { identifier: name, password: "password-123" });
}
const { post } = await api(
  "POST",
  "/posts",
  { image: "/media/image/none.jpg", caption: "x" },
  members.alice.token,
);
const socket = io(base, {
  transports: ["websocket"],
  auth: { token: members.carol.token },
  query: { userId: members.carol.user.id },
  reconnection: false,
});
await new Promise((r) => socket.on("connect", r));
const user = async () => {
  const t = performance.now();
  await api("GET", "/user", undefined, members.alice.token);
  return performance.now() - t;
};
const quiet = [];
for (let i = 0; i < 20; i++) quiet.push(await user());
let acks = 0,
  refused = 0;
const t0 = performance.now();
for (let i = 0; i < 3000; i++)
  socket.emit("joinPostRoom", post._id, (a) => {
    acks++;
    if (!a.ok) refused++;
  });
const flood = [];
while (acks < 3000 && performance.now() - t0 < 120_000) flood.push(await user());
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(
  JSON.stringify({
    root,
    quietMedianMs: +med(quiet).toFixed(1),
    floodMaxMs: +Math.max(...flood).toFixed(1),
    floodMedianMs: +med(flood).toFixed(1),
    samples: flood.length,
    allAnsweredMs: Math.round(performance.now() - t0),
    refused,
  }),
);
socket.close();
server.kill();
process.exit(0);
