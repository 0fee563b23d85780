// Every process the bench starts goes through here, so that an error, an exit or Ctrl-C ends them all
// (a stray server would hold the PGlite folder's lock and skew the next run).
import { execFileSync, spawn } from "node:child_process";

const children = new Set();
const interruptHooks = [];
let interrupted = false;

/** True once Ctrl-C or a SIGTERM arrived: what fails after it is the interruption, not the bench. */
export function wasInterrupted() {
  return interrupted;
}

/** Runs `hook` (synchronously) when the bench is interrupted, before its children are stopped. */
export function onInterrupt(hook) {
  interruptHooks.push(hook);
}

/** The CPU layout of a run: the app on core 0, the load generator (this process) on core 1. */
export const pinning = detectPinning();

function detectPinning() {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
  } catch {
    return { pinned: false, note: "taskset not found: server and load generator run unpinned" };
  }
  try {
    // -a: every thread of this process, including libuv's pool and V8's helpers started already.
    execFileSync("taskset", ["-a", "-cp", "1", String(process.pid)], { stdio: "ignore" });
    return { pinned: true, note: "server on CPU 0, load generator on CPU 1 (taskset)" };
  } catch (error) {
    return { pinned: false, note: `taskset failed (${error.message.split("\n")[0]}): running unpinned` };
  }
}

/** Starts `node script args` on CPU 0 (when pinning works) and remembers it for cleanup. */
export function spawnNode(script, args, options) {
  const [command, argv] = pinning.pinned
    ? ["taskset", ["-c", "0", process.execPath, script, ...args]]
    : [process.execPath, [script, ...args]];
  const child = spawn(command, argv, options);
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export function childPids() {
  return [...children].map((child) => child.pid);
}

/** Ends one child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map((child) => stopChild(child, 5_000)));
}

// Last resort: whatever path the bench leaves by, no child outlives it.
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers the bench started`);
    interrupted = true;
    for (const hook of interruptHooks) hook(signal);
    stopAll().finally(() => process.exit(130));
  });
}
