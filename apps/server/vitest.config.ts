import { defineConfig, type ViteUserConfig } from "vitest/config";
import { testDatabaseUrl } from "./src/test/database.js";

/** True when the PostgreSQL server for the suite's second pass answers. */
async function postgresAnswers(): Promise<boolean> {
  const { default: pg } = await import("pg");
  // Generous: a local server that is up answers at once, even on a busy machine.
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 15_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default defineConfig(async (): Promise<ViteUserConfig> => {
  const withPostgres = process.env.TEST_DB !== "pglite" && (await postgresAnswers());
  if (!withPostgres)
    console.warn(`[server tests] PostgreSQL at ${testDatabaseUrl} does not answer: PGlite only`);
  const engines = withPostgres ? ["pglite", "postgres"] : ["pglite"];
  return {
    test: {
      // Limits for a hung test, not for a slow machine: no test waits on a clock, only on what it awaits.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // Files and the tests in each run in random order (the seed is printed), so none may lean on
      // another's data: repeat an order with `--sequence.seed=N`.
      sequence: { shuffle: { files: true, tests: true } },
      projects: engines.map((engine) => ({
        extends: true,
        test: {
          name: engine,
          include: ["src/**/*.test.ts"],
          // Tests that never touch the database run once, in the PGlite pass.
          exclude:
            engine === "postgres"
              ? ["src/main.test.ts", "src/platform/**", "src/db/pglite.test.ts"]
              : // Whole server processes share one database: PostgreSQL's job, not in-memory PGlite's.
                ["src/db/database.test.ts", "src/realtime/cluster.test.ts"],
          env: { TEST_DB: engine },
        },
      })),
    },
  };
});
