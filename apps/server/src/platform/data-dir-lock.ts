import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A process as the lock file records it. A pid alone is not enough: after a crash or a host restart an
 * unrelated process may get the same pid. On Linux the boot and the process's start time (in clock ticks
 * since boot, from /proc) tell the very process that wrote the lock apart from any later one.
 *
 * Why not an operating-system lock that dies with its process: Node has no flock/fcntl, the packages that
 * add one are native addons (a compiler at install time), and lock-file packages such as proper-lockfile
 * decide staleness by a clock (a crashed server's lock blocks a restart for a while, and a busy server must
 * keep touching its lock). The identity check needs neither.
 */
interface Holder {
  pid: number;
  bootId?: string;
  startTime?: string;
}

/** A file's text, or undefined when it cannot be read (no /proc, no such process, no lock file). */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The start time of a running process (field 22 of /proc/<pid>/stat); undefined without /proc. */
function startTimeOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

function identityOf(pid: number): Holder {
  const bootId = readText("/proc/sys/kernel/random/boot_id")?.trim();
  return { pid, bootId, startTime: startTimeOf(pid) };
}

/** A lock file's holder: JSON, or a bare pid as servers before the identity check wrote it. */
function parseHolder(text: string): Holder | undefined {
  try {
    const holder = JSON.parse(text) as Partial<Holder> | number;
    if (typeof holder === "number") return Number.isInteger(holder) ? { pid: holder } : undefined;
    return Number.isInteger(holder.pid) ? (holder as Holder) : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that wrote the lock still runs (not merely some process with its pid). */
function stillHolds(holder: Holder): boolean {
  if (holder.pid === process.pid || !isRunning(holder.pid)) return false;
  const now = identityOf(holder.pid);
  // Without /proc, or for a lock that recorded no identity, the pid is all there is to go by.
  if (!holder.startTime || !holder.bootId || !now.startTime || !now.bootId) return true;
  return holder.bootId === now.bootId && holder.startTime === now.startTime;
}

/** The data folder is held by a running server (its pid is `pid`). */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Flik server (pid ${pid}). Stop it, or start this one with another DATA_DIR.`,
    );
    this.name = "DataDirInUseError";
  }
}

/**
 * Two processes on one PGlite folder corrupt it, so the server holds this lock for as long as it runs.
 * A lock whose process is gone (a crash, a host restart) is taken over, even when its pid is in use again.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "server.lock");
  const mine = JSON.stringify(identityOf(process.pid));
  try {
    writeFileSync(file, mine, { flag: "wx" });
  } catch {
    const holder = parseHolder(readFileSync(file, "utf8"));
    if (holder && stillHolds(holder)) throw new DataDirInUseError(dataDir, holder.pid);
    writeFileSync(file, mine);
  }
  // Only our own lock is removed: one taken over from us (say, while we hung) is another server's now.
  return () => {
    if (readText(file) === mine) rmSync(file, { force: true });
  };
}
