import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../db/database.js";

/** The PostgreSQL server the suite's second pass runs on (design.md: the local one by default). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * on the PostgreSQL server that is dropped again when the file is done.
 */
export async function openTestDatabase(
  onQuery?: (sql: string, params: unknown[]) => void,
): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({ dataDir: null, onQuery });
  const name = `flik_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: null,
    onQuery,
    // Dropping the database at the end ends its connections; that is expected, anything else is not.
    onConnectionError: (error) => {
      if ((error as { code?: string }).code !== "57P01") throw error;
    },
  });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** An empty database on the PostgreSQL server for whole server processes to share; drop it when done. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `flik_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
