// The seeded database the bench measures, as `npm run seed` describes it in
// bench/.data/subjects-<engine>.json, and the data folder the measured server runs on.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { requireServerBuild, serverDist } from "./server-modules.mjs";

export const benchDir = new URL("..", import.meta.url).pathname;
export const dataRoot = join(benchDir, ".data");

export function subjectsFile(engine) {
  return join(dataRoot, `subjects-${engine}.json`);
}

/** Reads the subjects of a seeded engine, or explains what to run first. */
export function loadSubjects(engine, file = subjectsFile(engine)) {
  if (!existsSync(file)) {
    const how = engine === "postgres" ? "DATABASE_URL=... npm run seed" : "npm run seed";
    throw new UsageError(`${file} is missing: run npm run seed first (${how}).`);
  }
  const subjects = JSON.parse(readFileSync(file, "utf8"));
  if (subjects.engine && subjects.engine !== engine)
    throw new UsageError(
      `${file} describes a ${subjects.engine} database, and this run is on ${engine} (DATABASE_URL).`,
    );
  for (const role of ["typical", "heavy", "celebrity"]) {
    if (!subjects.members?.[role]?.username) throw new UsageError(`${file} names no ${role} member`);
  }
  return subjects;
}

/**
 * The folder the measured server runs on. On PGlite it is a fresh copy of the seeded folder, so the
 * bench's own writes (chats, messages, likes, posts) and a newer build's migrations never change the
 * seed that the next run, or a run of older code, measures. With `inPlace` the seed itself is used.
 */
export async function prepareDataDir(engine, subjects, { inPlace }) {
  if (engine === "postgres") {
    // Only the JWT secret and media live here when the database is PostgreSQL.
    const dir = join(dataRoot, "bench-postgres");
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const seeded = subjects.dataDir;
  if (!seeded || !existsSync(seeded))
    throw new UsageError(`the seeded PGlite folder ${seeded} is missing: run npm run seed first.`);
  await assertUnlocked(seeded);
  if (inPlace) return seeded;
  const copy = join(dataRoot, "bench-pglite");
  rmSync(copy, { recursive: true, force: true });
  cpSync(seeded, copy, { recursive: true, filter: (source) => !source.endsWith("server.lock") });
  return copy;
}

/**
 * A server running on the seed would corrupt the copy mid-write, and share its lock. The server's own
 * lock tells (it knows a live holder from a stale lock whose pid another process has now).
 */
async function assertUnlocked(dir) {
  requireServerBuild();
  const { lockDataDir, DataDirInUseError } = await import(`${serverDist}platform/data-dir-lock.js`);
  try {
    lockDataDir(dir)();
  } catch (error) {
    if (error instanceof DataDirInUseError)
      throw new UsageError(`a Flik server (pid ${error.pid}) is running on ${dir}: stop it first.`);
    throw error;
  }
}

/** A mistake in how the bench was started: reported as one line, without a stack. */
export class UsageError extends Error {}
