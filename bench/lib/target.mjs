// Which database the seed writes to, and the guard around it: PostgreSQL when DATABASE_URL is set,
// otherwise PGlite in a data folder; never over existing members unless --reset says so.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";

/**
 * Opens (and migrates) the target with the server's own openDatabase, holding a PGlite folder with the
 * server's own lock (two processes on one folder corrupt it; a running server refuses, and no server
 * starts on a half-seeded folder).
 */
export async function openTarget({ openDatabase, lockDataDir, databaseUrl, dataDir }) {
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, dataDir: null });
    return { ...database, dataDir: null, release: () => {} };
  }
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const release = lockDataDir(folder);
  try {
    const database = await openDatabase({ dataDir: folder });
    return { ...database, dataDir: folder, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** Where the target is, for messages (never the URL's password). */
export function describeTarget({ engine, dataDir }, databaseUrl) {
  if (engine === "pglite") return `PGlite in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

export async function memberCount(db) {
  const result = await db.execute(sql`select count(*)::int as n from users`);
  return result.rows[0].n;
}

/**
 * Every table of the app (not the migrations' own), for TRUNCATE; but the explore poll, which migration
 * 0016 made (its votes go with the members, and its counts are recounted by the seed).
 */
async function appTables(db) {
  const result = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'
        and tablename not in ('polls', 'poll_options') order by tablename`,
  );
  return result.rows.map((row) => `"${row.tablename}"`);
}

/**
 * Refuses a database that already has members, unless `reset`: then empties every table first (in the
 * caller's transaction when `db` is one, so a failed seed leaves the old data in place).
 */
export async function makeRoom(db, { reset, where }) {
  const members = await memberCount(db);
  if (members === 0) return;
  if (!reset) {
    throw new Error(
      `${where} already has ${members.toLocaleString("en-US")} members. ` +
        "Run again with --reset to replace everything in it, or choose another database or --data-dir.",
    );
  }
  await db.execute(sql.raw(`truncate ${(await appTables(db)).join(", ")} cascade`));
  console.log(`  emptied ${where} (--reset: ${members.toLocaleString("en-US")} members removed)`);
}
