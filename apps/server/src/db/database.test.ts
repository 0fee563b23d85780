import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/database.js";
import { openDatabase } from "./database.js";

type Rows<T> = { rows: T[] };

// Runs in the PostgreSQL pass only (vitest.config.ts): PGlite has no server connections to lose.
describe("a pooled PostgreSQL connection", () => {
  it("that the server ends while idle is reported, not thrown, and the pool goes on", async () => {
    const errors: Error[] = [];
    let reported: () => void = () => {};
    const firstReport = new Promise<void>((resolve) => (reported = resolve));
    const database = await openDatabase({
      databaseUrl: testDatabaseUrl,
      dataDir: null,
      onConnectionError: (error) => {
        errors.push(error);
        reported();
      },
    });
    try {
      const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
        pid: number;
      }>;
      const [row] = rows;
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [row?.pid]);
      await admin.end();
      await firstReport;
      expect(errors).toHaveLength(1);
      // Health answers from this: unready once a connection is lost, ready again once one is made.
      expect(database.isReady()).toBe(false);
      const again = ((await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>)
        .rows[0];
      expect(again?.one).toBe(1);
      expect(database.isReady()).toBe(true);
    } finally {
      await database.close();
    }
  });
});
