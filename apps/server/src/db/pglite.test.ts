import { setFlagsFromString } from "node:v8";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { tempDir } from "../test/temp-dir.js";
import { openDatabase } from "./database.js";
import { WASM_TIERING_BUDGET } from "./pglite-options.js";

vi.mock("node:v8", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:v8")>();
  return { ...actual, setFlagsFromString: vi.fn(actual.setFlagsFromString) };
});

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

  it("asks V8 to leave starting PostgreSQL to its baseline WebAssembly code", async () => {
    vi.mocked(setFlagsFromString).mockClear();
    const database = await openDatabase({ databaseUrl: undefined, dataDir: tempDir("pglite-tiering") });
    try {
      expect(setFlagsFromString).toHaveBeenCalledWith(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
      expect(((await database.db.execute(sql`select 1 as one`)) as Rows<{ one: number }>).rows).toEqual([
        { one: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});
