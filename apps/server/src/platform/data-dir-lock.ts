import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Two processes on one PGlite folder corrupt it, so the server holds this lock for as long as it runs.
 * A lock left by a process that no longer exists (a crash) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "server.lock");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch {
    const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another Flik server (pid ${holder}). Stop it, or start this one with another DATA_DIR.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
