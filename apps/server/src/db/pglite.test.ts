import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test/temp-dir.js";
import { openDatabase } from "./database.js";

type Rows<T> = { rows: T[] };

// Runs in the PGlite pass only (vitest.config.ts): these are the embedded engine's own settings.
describe("the embedded database", () => {
  it("does not zero-fill new WAL segments in the server's thread, in a data folder or in memory", async () => {
    for (const dataDir of [tempDir("pglite-wal"), null]) {
      const database = await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        const result = (await database.db.execute(sql`show wal_init_zero`)) as Rows<{
          wal_init_zero: string;
        }>;
        expect(result.rows[0]?.wal_init_zero).toBe("off");
      } finally {
        await database.close();
      }
    }
  });
});
