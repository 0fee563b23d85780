import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tempDir } from "../test/temp-dir.js";
import { openDatabase } from "./database.js";

type Rows<T> = { rows: T[] };

// Runs in the PGlite pass only (vitest.config.ts): these are the embedded engine's own settings.
describe("the embedded database", () => {
  it("does not zero-fill new WAL segments, nor set up a large page cache, in a data folder or in memory", async () => {
    for (const dataDir of [tempDir("pglite-wal"), null]) {
      const database = await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        const result = (await database.db.execute(sql`show wal_init_zero`)) as Rows<{
          wal_init_zero: string;
        }>;
        expect(result.rows[0]?.wal_init_zero).toBe("off");
        // Every start sets all of it up in the server's thread (pglite-options.ts); PostgreSQL's own default is 128MB.
        const cache = (await database.db.execute(sql`show shared_buffers`)) as Rows<{
          shared_buffers: string;
        }>;
        expect(cache.rows[0]?.shared_buffers).toBe("16MB");
      } finally {
        await database.close();
      }
    }
  });
});
