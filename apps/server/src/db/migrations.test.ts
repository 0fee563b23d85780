import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrationsDir } from "../platform/paths.js";
import { openTestDatabase } from "../test/database.js";
import { tempDir } from "../test/temp-dir.js";
import type { Database } from "./database.js";
import { migrateWhenBehind, newestMigrationOf } from "./migrations.js";

describe("migrations on start", () => {
  let database: Database;
  const query = (text: string) => database.executeSql(text, []);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("records this build's newest migration once a database is opened (the question a restart asks)", async () => {
    const { rows } = await database.executeSql(
      "select max(created_at) as newest from drizzle.__drizzle_migrations",
    );
    expect(Number((rows[0] as { newest: unknown }).newest)).toBe(newestMigrationOf(migrationsDir));
  });

  it("does not run the migrator on a database at the newest migration", async () => {
    const migrate = vi.fn(async () => {});
    await migrateWhenBehind({ folder: migrationsDir, query, migrate });
    expect(migrate).not.toHaveBeenCalled();
  });

  it("runs it when the newest migration is not applied yet", async () => {
    const migrate = vi.fn(async () => {});
    const newer = journalFolder(newestMigrationOf(migrationsDir) + 1);
    await migrateWhenBehind({ folder: newer, query, migrate });
    expect(migrate).toHaveBeenCalledOnce();
  });

  it("runs it on a database without the record (a new one), and its failure is the start's", async () => {
    const refused = async () => {
      throw new Error('relation "drizzle.__drizzle_migrations" does not exist');
    };
    const migrate = vi.fn(async () => {
      throw new Error("could not migrate");
    });
    await expect(migrateWhenBehind({ folder: migrationsDir, query: refused, migrate })).rejects.toThrow(
      "could not migrate",
    );
    expect(migrate).toHaveBeenCalledOnce();
  });
});

/** A migrations folder whose journal's newest entry is at `when`. */
function journalFolder(when: number): string {
  const folder = tempDir("migrations");
  mkdirSync(join(folder, "meta"));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ entries: [{ when: 1 }, { when }] }));
  return folder;
}
