// Starts the built Flik server the way production runs it (logs at the server's own level: writing
// request logs is part of the cost being measured), and times its way to a first healthy answer.
import { existsSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnNode, stopChild } from "./children.mjs";
import { freePort } from "./free-port.mjs";
import { UsageError } from "./subjects.mjs";

const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT ?? 300) * 1000;

/**
 * @param {object} options
 * @param {string} options.serverRoot folder holding apps/server/dist/main.js (a checkout or a snapshot)
 * @param {string} options.dataDir DATA_DIR: the PGlite database, or only the JWT secret on PostgreSQL
 * @param {string | undefined} options.databaseUrl
 * @param {string} [options.loopProbeFile] watch the server's event loop (loop-probe.mjs), reported here
 */
export async function startFlik({ serverRoot, dataDir, databaseUrl, loopProbeFile }) {
  const main = serverMain(serverRoot);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: "100000",
    MESSAGE_RATE_LIMIT: "100000",
    SEARCH_RATE_LIMIT: "100000",
    COMMENT_RATE_LIMIT: "100000",
    SHARE_RATE_LIMIT: "100000",
    FOLLOW_RATE_LIMIT: "100000",
    SOCKET_EVENT_LIMIT: "100000",
    // JSON lines, as a server writing to a log collector would (the format a TTY would change).
    LOG_FORMAT: "json",
  };
  delete env.LOG_LEVEL;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Node's own flags for the measured server alone (a heap setting, say), never the load generator's.
  if (process.env.BENCH_SERVER_NODE_OPTIONS)
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} ${process.env.BENCH_SERVER_NODE_OPTIONS}`.trim();
  if (loopProbeFile) {
    const probe = fileURLToPath(new URL("./loop-probe.mjs", import.meta.url));
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import ${probe}`.trim();
    env.BENCH_LOOP_PROBE_FILE = loopProbeFile;
  }
  const startedAt = performance.now();
  // stdout (the request log) goes straight to /dev/null: the server pays for writing it, the load
  // generator's core does not pay for reading it. stderr is kept to explain a failed start.
  const child = spawnNode(main, [], { env, stdio: ["ignore", openSync("/dev/null", "w"), "pipe"] });
  const stderr = [];
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.shift();
  });
  await waitForHealth(base, child, () => stderr.join(""));
  const startMs = performance.now() - startedAt;
  return {
    base,
    pid: child.pid,
    startMs,
    rssMb: () => rssMb(child.pid),
    loopReport: () => loopReport(loopProbeFile),
    stop: () => stopChild(child),
  };
}

/** What loop-probe.mjs saw since its last report: asks through a file, waits for the answer's file. */
async function loopReport(file) {
  if (!file) throw new Error("the server was started without a loop probe");
  rmSync(file, { force: true });
  writeFileSync(`${file}.ask`, "");
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    // The probe writes beside it and renames, so an existing file is complete.
    if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
    await sleep(20);
  }
  throw new Error("the server's loop probe did not report within 30 s");
}

/** The built server's entry point, or a usage error saying how to build it. */
export function serverMain(serverRoot) {
  const main = join(serverRoot, "apps/server/dist/main.js");
  if (!existsSync(main)) throw new UsageError(`${main} is missing: run npm run build first.`);
  return main;
}

/** Polls /api/health until it answers 200; fails fast when the server exits or never gets there. */
async function waitForHealth(base, child, output) {
  const deadline = performance.now() + START_TIMEOUT_MS;
  let exit = null;
  child.once("exit", (code, signal) => {
    exit = { code, signal };
  });
  while (performance.now() < deadline) {
    if (exit)
      throw new StartError(
        `the server exited (${exit.signal ?? `code ${exit.code}`}) before it was ready:\n${output()}`,
      );
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(20);
  }
  await stopChild(child);
  throw new StartError(
    `the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

/** Resident memory of a process, from the kernel (VmRSS is in kB). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return kb / 1024;
}

export function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

/** The server would not start: its own words say why, a stack of the bench would not. */
export class StartError extends Error {}
