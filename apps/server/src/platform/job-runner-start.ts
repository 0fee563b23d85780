import type { FastifyInstance } from "fastify";
import type { Jobs } from "./jobs.js";

/**
 * How long after the server starts answering its job runner starts. Loading the runner (pg-boss) and
 * checking its tables and queues keeps the server's thread busy for 0.05 to 0.3 s; on PGlite its
 * statements run on that thread too. Started at once, it held up the first requests after a restart:
 * the first answer came 60 ms after the server listened, or up to 290 ms, against 7 to 25 ms (issue 12,
 * stop 49). Jobs sent meanwhile wait for the runner (`Jobs.send`); scheduled ones run a second later.
 */
export const JOB_RUNNER_START_DELAY_MS = 1_000;

/**
 * Starts `jobs` once the server has been listening for `delayMs`, unless it closes first. Settles when
 * the runner has started or the server closed before it did. A runner that cannot start stops the
 * server, as a failed start before listening would, and the promise rejects with its error.
 * Call before `listen` (Fastify takes no hooks after).
 */
export function startJobsOnceAnswering(
  app: FastifyInstance,
  jobs: Pick<Jobs, "start">,
  delayMs = JOB_RUNNER_START_DELAY_MS,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let failed = false;
    const start = () => {
      jobs.start().then(resolve, async (error: unknown) => {
        failed = true;
        app.log.fatal({ err: error }, "the job runner could not start");
        await app.close().catch((closeError: unknown) => {
          app.log.error({ err: closeError }, "the server did not close cleanly");
        });
        reject(error);
      });
    };
    // A server listens once and never after it closed, so the timer is set at most once.
    app.addHook("onListen", async () => {
      timer = setTimeout(start, delayMs);
    });
    // preClose: before any of the app's own closing (its job runner's stop, the database's close).
    app.addHook("preClose", async () => {
      clearTimeout(timer);
      // A runner started (or starting) is stopped by the app's own close; this waits no longer. A failed
      // start closes the server itself, and rejects once closed.
      if (!failed) resolve();
    });
  });
}
