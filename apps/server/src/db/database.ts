import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../platform/paths.js";
import { type ChangeAnnouncements, listenOnPglite, listenOnPostgres } from "./change-announcements.js";
import { migrateWhenBehind } from "./migrations.js";
import { createPglite } from "./pglite-options.js";
import { readPgliteTemplate } from "./pglite-template.js";
import * as schema from "./schema.js";

/** What every query module receives: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /**
   * Whether the database can take queries, from the driver's own state (no query sent): the embedded
   * database is open; the pool is open and its last connection attempt did not fail.
   */
  isReady(): boolean;
  /** Committed changes that invalidate what nodes keep in memory (sessions), from any node. */
  announcements: ChangeAnnouncements;
  /**
   * Raw SQL, for a library that brings its own statements (the job runner): with `values`, one
   * statement with parameters; without, any number of statements (a migration script).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** node-postgres when set, else embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; `null` keeps the database in memory. */
  dataDir: string | null;
  /** Sees every SQL statement sent, with its parameters (tests count them and explain their plans). */
  onQuery?: (sql: string, params: unknown[]) => void;
  /**
   * Hears a pooled PostgreSQL connection that fails while idle (a restart, a network cut). Without a
   * listener node-postgres would throw it as an uncaught exception and take the process down.
   */
  onConnectionError?: (error: Error) => void;
}

/**
 * Each connection plans a prepared statement once and keeps that plan for every value. By default
 * PostgreSQL plans a statement's first five runs for their values and then keeps one plan only if it
 * is priced no higher; it prices an array parameter at ten elements, so a statement given a few ids
 * (a feed page's posts, a batch of messages' chats) was planned anew on every run, and planning took
 * longer than running it (issue 12, stop 45: 1 ms of 1.2 for the chats of a batch of messages). Every
 * list's kept plan reads its index (query-plans.test.ts explains them as kept).
 */
const KEEP_ONE_PLAN = "set plan_cache_mode = force_generic_plan";

/** How old the last readiness probe of a PostgreSQL pool may be before an ask starts another. */
const PROBE_INTERVAL_MS = 5000;

/** Opens the database and applies pending migrations before anything reads it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { onQuery } = options;
  const drizzleConfig = {
    schema,
    casing: "snake_case",
    ...(onQuery && { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } }),
  } as const;
  if (options.databaseUrl) {
    // Loaded only here: the embedded database's start does not wait for the PostgreSQL driver.
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Awaited before the new connection is handed to whoever asked for it, so no statement of the
      // app runs with the default, and none is queued behind the setting (node-postgres deprecates a
      // query asked of a connection still answering another; pg@9 refuses it). A connection that
      // refuses the setting is closed, and its asker gets the error.
      onConnect: (client) => client.query(KEEP_ONE_PLAN),
    });
    // Readiness without a query per ask: a lost connection marks the pool unready until a new one is
    // made, and asking starts one probe (never more at once) while unready or when the last is older
    // than PROBE_INTERVAL_MS, so an outage with no connection open is noticed too, at one query per
    // interval however often a load balancer asks.
    let connected = true;
    let closed = false;
    let probing = false;
    let probedAt = Date.now();
    pool.on("connect", () => {
      connected = true;
    });
    pool.on("error", (error) => {
      connected = false;
      options.onConnectionError?.(error);
    });
    const probe = () => {
      if (probing || closed) return;
      probing = true;
      probedAt = Date.now();
      pool
        .query("select 1")
        .then(
          () => {
            connected = true;
          },
          () => {
            connected = false;
          },
        )
        .finally(() => {
          probing = false;
        });
    };
    const db = drizzleNodePg(pool, drizzleConfig);
    try {
      await migrateWhenBehind({
        folder: migrationsDir,
        query: (text) => pool.query(text),
        migrate: () => migrateNodePg(db, { migrationsFolder: migrationsDir }),
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    const announcements = await listenOnPostgres(options.databaseUrl, (error) =>
      options.onConnectionError?.(error),
    );
    return {
      db,
      engine: "postgres",
      isReady: () => {
        if (!connected || Date.now() - probedAt > PROBE_INTERVAL_MS) probe();
        return connected && !closed;
      },
      announcements,
      async executeSql(text, values) {
        if (values && values.length > 0) return pool.query(text, values);
        // A script that fails inside its own BEGIN leaves its connection in the aborted transaction:
        // rolled back here, on that connection, before it goes back to the pool.
        const connection = await pool.connect();
        try {
          return await connection.query(text);
        } catch (error) {
          await connection.query("rollback").catch(() => {});
          throw error;
        } finally {
          connection.release();
        }
      },
      close: async () => {
        closed = true;
        await announcements.close();
        await pool.end();
      },
    };
  }
  const client = options.dataDir ? openDataFolder(join(options.dataDir, "db")) : createPglite();
  const db = drizzlePglite(client, drizzleConfig);
  await migrateWhenBehind({
    folder: migrationsDir,
    query: (text) => client.query(text),
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
  });
  const announcements = await listenOnPglite(client);
  return {
    db,
    engine: "pglite",
    isReady: () => !client.closed,
    announcements,
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // The simple protocol runs a script of several statements; its last one answers. It runs inside
      // PGlite's transaction lock, so that a script failing inside its own BEGIN is rolled back before
      // any other statement reaches the (only) connection; the script's own BEGIN and COMMIT then only
      // draw PostgreSQL's warnings.
      return client.transaction(async (tx) => {
        const results = await tx.exec(text);
        return results.at(-1) ?? { rows: [] };
      });
    },
    close: async () => {
      await announcements.close();
      await client.close();
    },
  };
}

/** An existing data folder, or a new one unpacked from the build's template when there is one. */
function openDataFolder(folder: string) {
  const template = existsSync(folder) ? undefined : readPgliteTemplate();
  return createPglite(folder, template && { loadDataDir: template });
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}
