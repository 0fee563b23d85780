// The server's data-folder lock (apps/server/src/platform/data-dir-lock.ts), spoken from outside: two
// processes on one PGlite folder corrupt it, so the seed refuses a folder a live server holds, and holds
// the same lock while it writes so no server starts on a half-seeded folder.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const lockFile = (dataDir) => join(dataDir, "server.lock");

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** The pid of a live process holding the folder, or null. */
export function holderOf(dataDir) {
  try {
    const pid = Number.parseInt(readFileSync(lockFile(dataDir), "utf8"), 10);
    return Number.isInteger(pid) && pid !== process.pid && isRunning(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock (a stale one left by a crash is taken over); returns the release. */
export function lockDataDir(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const holder = holderOf(dataDir);
  if (holder) {
    throw new Error(
      `${dataDir} is in use by a running Flik server (pid ${holder}). Stop it first: the seed must be the only process on the folder.`,
    );
  }
  writeFileSync(lockFile(dataDir), String(process.pid));
  const release = () => {
    if (holderOf(dataDir) === null) rmSync(lockFile(dataDir), { force: true });
  };
  process.once("exit", release);
  return release;
}
