import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./platform/config.js";
import { lockDataDir } from "./platform/data-dir-lock.js";
import { startJobsOnceAnswering } from "./platform/job-runner-start.js";
import { readyMessage } from "./platform/listening.js";

async function main() {
  const config = loadConfig();
  const unlock = config.dataDir ? lockDataDir(config.dataDir) : () => {};
  // The server keeps the periodic jobs' schedules (story expiry, trends, explore scores); tests build
  // apps without.
  const { app, database, jobs } = await buildApp(config, { runSchedules: true, startJobs: false }).catch(
    (error) => {
      unlock();
      throw error;
    },
  );
  app.addHook("onClose", async () => unlock());

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an uncaught error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
  });

  // The job runner starts a second after the server answers (a restart is back sooner); a runner that
  // cannot start stops the server, as a failed start before listening would.
  const jobsStarted = startJobsOnceAnswering(app, jobs);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.engine,
      realtime: config.redisUrl ? "redis" : "in-process",
      dataDir: config.dataDir,
    },
    readyMessage(app.addresses(), config.publicUrl),
  );
  await jobsStarted;
}

main().catch((error) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Flik could not start: ${message}`);
  process.exit(1);
});
