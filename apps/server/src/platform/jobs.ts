import type { FastifyBaseLogger } from "fastify";
import type PgBoss from "pg-boss";
import { type Database, pgErrorOf } from "../db/database.js";
import { type Clock, systemClock } from "./clock.js";

/**
 * The one job runner of the project (design.md: background work on PGlite and PostgreSQL alike, at most
 * once across nodes, surviving restarts): pg-boss, on the app's own database connection. Jobs are rows
 * in the `pgboss` schema, claimed with `FOR UPDATE SKIP LOCKED`, retried with backoff, and a job of a
 * node that died is expired and retried by another node's supervisor. The README says why pg-boss and
 * why its version 10.
 */

/** A kind of job: its name and how its jobs are run. Features declare theirs beside their handler. */
export interface JobQueue<Data extends object> {
  name: string;
  /**
   * pg-boss's queue policy: "stately" keeps at most one waiting and one running job per singleton key
   * (a member's next digest); "standard" any number.
   */
  policy: "standard" | "stately";
  /** Tries after the first failure, `retryDelaySeconds` apart, doubling each time (backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A running job not done by then counts as failed (its node died) and is retried. */
  expireInSeconds: number;
  /**
   * For a periodic queue: when its job is queued, as a cron expression in UTC (its jobs carry no data).
   * The schedule is a row of the runner's tables, so it outlives restarts; every node that keeps the
   * schedules (`schedules`) watches them, but one at a time (pg-boss takes the turn in its own table),
   * and each time is sent once (a singleton per minute), so several nodes queue one job, which one of
   * them runs.
   */
  cron?: string;
  /** Jobs of this queue run at once on each node (default 1). */
  workers?: number;
  /** Only for typing `Data`; never set. */
  readonly data?: Data;
}

/** `now` is the app's clock when the job runs; tests run a handler directly with a time of their own. */
export type JobHandler<Data> = (data: Data, context: { now: Date }) => Promise<void>;

export interface SendOptions {
  /** Not before this time (a Date), or this many seconds from now by the database's clock. */
  startAfter?: Date | number;
  /** With a "stately" queue: while a job of this key waits, sending another is a no-op. */
  singletonKey?: string;
}

export interface Jobs {
  /** Registers the handler of a queue; before `start`. */
  define<Data extends object>(queue: JobQueue<Data>, handler: JobHandler<Data>): void;
  /**
   * Queues a job; answers its id, or null when a waiting job of the same singleton key made it a no-op.
   * A job sent before the runner has started (the server answers before it starts it) waits for it.
   */
  send<Data extends object>(queue: JobQueue<Data>, data: Data, options?: SendOptions): Promise<string | null>;
  /** Runs a queue's handler at once, outside the queue: for tests with their own clock (default: the app's). */
  runNow<Data extends object>(queue: JobQueue<Data>, data: Data, now?: Date): Promise<void>;
  /** Creates the runner's tables (first start) and queues, and starts working when `work` is on. */
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish (a little while), and hands back the rest. */
  stop(): Promise<void>;
}

/** How often an idle node asks for due jobs, per queue (a node that finds one asks again at once). */
const POLLING_INTERVAL_SECONDS = 2;
/** duplicate_object, duplicate_table, unique_violation: what a concurrent install of the tables makes. */
const ALREADY_EXISTS = new Set(["42710", "42P07", "23505"]);
/** How long a stopping node waits for its running jobs before handing them back for a retry. */
const STOP_TIMEOUT_MS = 5_000;

export function createJobs(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    /** Run handlers on this node (an app built only to answer requests still queues jobs). */
    work: boolean;
    /**
     * Keep the periodic queues' schedules on this node (pg-boss's cron monitor), and queue each of
     * their jobs once as it starts. The server's start turns it on; apps built by tests leave it off
     * and run those jobs themselves (`runNow`), so nothing runs behind their back.
     */
    schedules?: boolean;
    /** The time handlers are given as `now`. */
    clock?: Clock;
  },
): Jobs {
  const clock = options.clock ?? systemClock;
  const schedules = options.schedules ?? false;
  // The embedded database runs each statement on the server's own thread, tens of milliseconds each as
  // the runner starts (its tables not yet cached): each of the runner's statements lets waiting requests
  // in first, so a restarted server answers while the runner starts behind it.
  const runnerSql =
    database.engine === "pglite"
      ? async (text: string, values?: unknown[]) => {
          await new Promise((resolve) => setImmediate(resolve));
          return database.executeSql(text, values);
        }
      : database.executeSql;
  // pg-boss is loaded as the runner starts, after the server answers (main.ts).
  const makeBoss = async () => {
    const { default: PgBoss } = await import("pg-boss");
    const made = new PgBoss({
      db: { executeSql: (text, values) => runnerSql(text, values) as Promise<{ rows: never[] }> },
      schema: "pgboss",
      // Periodic queues (`cron`): pg-boss's cron and clock-skew monitors, on nodes that keep the schedules.
      schedule: schedules,
      // Completed jobs move to the archive after an hour; the archive keeps them a week to look at.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 7,
    });
    made.on("error", (error) => log.error({ err: error }, "job runner error"));
    return made;
  };
  let boss: PgBoss | undefined;
  const handlers = new Map<string, { queue: JobQueue<object>; handler: JobHandler<object> }>();
  let started = false;
  let starting: Promise<void> | undefined;
  // Settled once by `start`: what a job sent before then waits for (its tables may not exist yet).
  let markStarted!: (outcome: { error?: unknown }) => void;
  const whenStarted = new Promise<{ error?: unknown }>((resolve) => {
    markStarted = resolve;
  });
  const untilStarted = async () => {
    const { error } = await whenStarted;
    if (error) throw error;
  };

  return {
    define(queue, handler) {
      if (started) throw new Error(`job queue ${queue.name} defined after the runner started`);
      handlers.set(queue.name, {
        queue: queue as JobQueue<object>,
        handler: handler as JobHandler<object>,
      });
    },

    async send(queue, data, sendOptions = {}) {
      if (!started) await untilStarted();
      return runner().send(queue.name, data, {
        ...(sendOptions.startAfter !== undefined && { startAfter: sendOptions.startAfter }),
        ...(sendOptions.singletonKey !== undefined && { singletonKey: sendOptions.singletonKey }),
      });
    },

    async runNow(queue, data, now = new Date(clock())) {
      const defined = handlers.get(queue.name);
      if (!defined) throw new Error(`no handler for job queue ${queue.name}`);
      await defined.handler(data, { now });
    },

    start() {
      starting ??= startRunner().then(
        () => markStarted({}),
        (error: unknown) => {
          markStarted({ error });
          throw error;
        },
      );
      return starting;
    },

    async stop() {
      // A stop during the start (a signal as the server starts) lets the start end first.
      await starting?.catch(() => {});
      if (!started) return;
      started = false;
      await runner().stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };

  /** The started runner. */
  function runner(): PgBoss {
    if (!boss) throw new Error("the job runner has not started");
    return boss;
  }

  async function startRunner() {
    boss = await makeBoss();
    try {
      await boss.start();
    } catch (error) {
      // Two nodes starting at once on a new database both install pg-boss's tables; the second one's
      // install fails on what the first made. They are there now: a new runner finds them installed.
      if (!ALREADY_EXISTS.has(pgErrorOf(error)?.code ?? "")) throw error;
      log.info("job runner tables were installed by another node meanwhile; starting again");
      boss = await makeBoss();
      await boss.start();
    }
    const pgBoss = boss;
    // Making a queue that exists already costs a fifth of a second on PGlite (pg-boss checks its
    // partition): only the missing ones are made, and only changed settings written.
    const made = new Map((await pgBoss.getQueues()).map((found) => [found.name, found]));
    for (const { queue, handler } of handlers.values()) {
      const settings = {
        name: queue.name,
        policy: queue.policy,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
      };
      const current = made.get(queue.name);
      if (!current) {
        // Nodes making the same queue at once may deadlock (each attaches a partition to pg-boss's job
        // table): the loser tries again and finds the queue made (a no-op then).
        await retriedOnDeadlock(() => pgBoss.createQueue(queue.name, settings));
      }
      // Given this version's settings (another node may have made it with an older version's).
      if (!current || !sameSettings(current, settings)) await pgBoss.updateQueue(queue.name, settings);
      if (queue.cron) {
        // Kept (or changed) as this version says; the same row whichever node writes it.
        await pgBoss.schedule(queue.name, queue.cron, {}, { tz: "UTC" });
        // The first run need not wait for the first tick ("stately": one waiting, whoever sends it).
        if (schedules) await pgBoss.send(queue.name, {});
      }
      if (!options.work) continue;
      // Each worker takes one job at a time.
      for (let worker = 0; worker < (queue.workers ?? 1); worker++) {
        await pgBoss.work(queue.name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS }, async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data as object, { now: new Date(clock()) });
          } catch (error) {
            log.warn({ err: error, queue: queue.name, jobId: job.id }, "job failed; it is retried later");
            throw error;
          }
        });
      }
    }
    started = true;
  }
}

/** Whether a queue as pg-boss has it already carries these settings. */
function sameSettings(current: PgBoss.QueueResult, settings: PgBoss.Queue) {
  return (
    current.policy === settings.policy &&
    current.retryLimit === settings.retryLimit &&
    current.retryDelay === settings.retryDelay &&
    current.retryBackoff === settings.retryBackoff &&
    current.expireInSeconds === settings.expireInSeconds
  );
}

async function retriedOnDeadlock(action: () => Promise<void>, attempts = 3): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (pgErrorOf(error)?.code !== "40P01" || attempts <= 1) throw error;
    await retriedOnDeadlock(action, attempts - 1);
  }
}
