import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Where drizzle's migrator records the migrations it applied, each by its journal time. */
const APPLIED = "drizzle.__drizzle_migrations";

/** The journal time of the newest migration in `folder` (drizzle's `meta/_journal.json`). */
export function newestMigrationOf(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Applies the pending migrations, asking first in one statement whether any are pending. Drizzle's
 * migrator applies those newer than the newest it recorded, so a database already at this build's
 * newest (every restart) has none; the migrator itself reads and hashes every migration file and sends
 * four statements before it finds that out, about 60 ms of a restart of the embedded database (issue 12).
 * A database where the question cannot be asked (a new one, without the record) is migrated.
 */
export async function migrateWhenBehind(options: {
  folder: string;
  query: (text: string) => Promise<{ rows: unknown[] }>;
  migrate: () => Promise<void>;
}): Promise<void> {
  const newestApplied = await options
    .query(`select max(created_at) as newest from ${APPLIED}`)
    .then(({ rows }) => Number((rows[0] as { newest: unknown } | undefined)?.newest ?? 0))
    .catch(() => 0);
  if (newestApplied >= newestMigrationOf(options.folder)) return;
  await options.migrate();
}
