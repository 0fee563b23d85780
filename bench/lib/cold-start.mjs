// Time from spawning the server to its first 200 on /api/health, for each way Flik starts: a fresh
// embedded database (creates and migrates it), an existing one (opens the seeded data), PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuSnapshot, cpuUsage, waitForQuiet } from "./cpu.mjs";
import { startFlik } from "./flik-server.mjs";
import { median, round } from "./stats.mjs";

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);

/**
 * Never runs while another server uses the same folder: the caller has stopped the measured server.
 * `pgliteDir` is the seeded (copied) PGlite folder when the run is on PGlite.
 */
export async function coldStarts({ serverRoot, pgliteDir, databaseUrl, postgresDataDir, log }) {
  const results = {};
  results.freshPglite = await timeStarts(log, "fresh PGlite", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flik-bench-fresh-"));
    try {
      return await startAndStop({ serverRoot, dataDir: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  results.existingPglite = pgliteDir
    ? await timeStarts(log, "existing PGlite", () => startAndStop({ serverRoot, dataDir: pgliteDir }))
    : { skipped: "measured by a run on PGlite (without DATABASE_URL)" };
  results.postgres = databaseUrl
    ? await timeStarts(log, "PostgreSQL", () =>
        startAndStop({ serverRoot, dataDir: postgresDataDir, databaseUrl }),
      )
    : { skipped: "DATABASE_URL is not set" };
  return results;
}

async function timeStarts(log, label, start) {
  const runs = [];
  let otherCores = 0;
  for (let index = 0; index < RUNS; index++) {
    await waitForQuiet(log);
    const before = cpuSnapshot();
    runs.push(await start());
    otherCores = Math.max(otherCores, cpuUsage(before, cpuSnapshot()).otherCores ?? 0);
  }
  const ms = round(median(runs), 0);
  log(`  ${label}: ${ms} ms (median of ${runs.map((value) => Math.round(value)).join(", ")})`);
  return { ms, runs: runs.map((value) => round(value, 0)), otherCores };
}

async function startAndStop(options) {
  const server = await startFlik(options);
  await server.stop();
  return server.startMs;
}
