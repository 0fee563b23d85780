// A Flik server on a fresh PGlite folder, pinned to CPU 0 with its default limits but sign-ups', and
// members signed up and in: the set-up of the ad hoc socket benchmarks (socket-flood.mjs, feed-rejoin.mjs).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const { io } = createRequire(`${repo}/package.json`)("socket.io-client");

/**
 * @param {object} options
 * @param {string} [options.root] folder holding apps/server/dist (a bench/.before-<sha> for a build before)
 * @param {number} options.port
 * @param {string} options.name names the data folder
 * @param {string[]} options.names members to sign up (password "password-123")
 */
export async function freshFlik({ root = repo, port, name, names }) {
  const dataDir = join(tmpdir(), `flik-${name}-${port}`);
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
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      body: body && JSON.stringify(body),
    });
    return response.json();
  };
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const members = {};
  for (const member of names) {
    const password = "password-123";
    await api("POST", "/auth/signup", {
      fullName: member,
      username: member,
      email: `${member}@ex.com`,
      password,
    });
    members[member] = await api("POST", "/auth/signin", { identifier: member, password });
  }
  /** A connected socket of the member's, never reconnecting. */
  const connect = async (member) => {
    const socket = io(base, {
      transports: ["websocket"],
      auth: { token: member.token },
      query: { userId: member.user.id },
      reconnection: false,
    });
    await new Promise((resolve) => socket.on("connect", resolve));
    return socket;
  };
  return { base, api, members, connect, stop: () => server.kill() };
}
