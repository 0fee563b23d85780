import { randomUUID } from "node:crypto";
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

describe("a pooled PostgreSQL connection's prepared statements", () => {
  it("are planned once and that plan kept for every value, arrays of any length too", async () => {
    const database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: null });
    try {
      // PostgreSQL's default plans a run for its values whenever that is priced below the kept plan: an
      // array parameter is priced at ten elements, so a run given fewer was planned anew every time.
      const runs = [1, 2, 3, 1, 2, 3, 1, 2].map((length) => {
        const ids = Array.from({ length }, () => randomUUID()).join(",");
        return `execute by_ids('{${ids}}')`;
      });
      const script = [
        "prepare by_ids as select id from users where id = any($1)",
        ...runs,
        "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'by_ids'",
      ].join(";\n");
      const answers = (await database.executeSql(script)) as unknown as Rows<{
        generic: number;
        custom: number;
      }>[];
      expect(answers.at(-1)?.rows).toEqual([{ generic: 8, custom: 0 }]);
    } finally {
      await database.close();
    }
  });
});

describe("a new pooled PostgreSQL connection", () => {
  it("takes the kept-plan setting before its asker's first statement, never asked two at once", async () => {
    const watch = watchConnectionsAsked();
    try {
      const database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: null });
      try {
        // Ten at once, so that most wait for a connection new to the pool.
        const answers = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const { rows } = (await database.db.execute(
              sql`select current_setting('plan_cache_mode') as mode, pg_backend_pid() as pid`,
            )) as unknown as Rows<{ mode: string; pid: number }>;
            return rows[0];
          }),
        );
        expect(new Set(answers.map((answer) => answer?.pid)).size).toBeGreaterThan(1);
        expect(answers.map((answer) => answer?.mode)).toEqual(Array(10).fill("force_generic_plan"));
        // node-postgres queues such a statement behind the one running, warns that it is deprecated,
        // and pg@9 refuses it.
        expect(watch.askedWhileAnswering).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      watch.stop();
    }
  });
});

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** Notes every statement asked of a connection while it was still answering another one. */
function watchConnectionsAsked() {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const answering = new WeakMap<pg.Client, number>();
  const askedWhileAnswering: string[] = [];
  const textOf = (config: unknown) => String((config as { text?: unknown } | null)?.text);
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const running = answering.get(this) ?? 0;
    if (running > 0) askedWhileAnswering.push(typeof args[0] === "string" ? args[0] : textOf(args[0]));
    answering.set(this, running + 1);
    const answered = () => answering.set(this, (answering.get(this) ?? 1) - 1);
    const callback = args.at(-1);
    if (typeof callback === "function") {
      // The pool's own `query` answers through a callback, and releases the connection in it.
      args[args.length - 1] = (...results: unknown[]) => {
        answered();
        return callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(answered, answered);
    else answered();
    return result;
  };
  return {
    askedWhileAnswering,
    stop: () => {
      prototype.query = original;
    },
  };
}

describe("the connection that hears change announcements", () => {
  it("when lost, says nothing heard may be trusted, and listens again on a new one", async () => {
    const database = await openDatabase({ databaseUrl: testDatabaseUrl, dataDir: null });
    const heard: (string | null)[] = [];
    const waiters: { until: (heard: (string | null)[]) => boolean; resolve: () => void }[] = [];
    database.announcements.subscribe((announcement) => {
      heard.push(announcement);
      for (const waiter of waiters.filter((candidate) => candidate.until(heard))) waiter.resolve();
    });
    const when = (until: (heard: (string | null)[]) => boolean) =>
      new Promise<void>((resolve) => {
        if (until(heard)) resolve();
        else waiters.push({ until, resolve });
      });
    try {
      expect(database.announcements.live).toBe(true);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN flik_changes' and datname = current_database() and pid <> pg_backend_pid()`,
      );
      // Lost (null, not live), then listening again (null once more, live).
      await when((list) => list.filter((announcement) => announcement === null).length >= 2);
      expect(database.announcements.live).toBe(true);
      await database.db.execute(sql`select pg_notify('flik_changes', 'session:after-reconnect')`);
      await when((list) => list.includes("session:after-reconnect"));
      expect(heard.at(-1)).toBe("session:after-reconnect");
    } finally {
      await database.close();
    }
  });
});
