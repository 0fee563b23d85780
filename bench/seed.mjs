// npm run seed [-- --scale 0.1] [--data-dir DIR] [--reset] [--at ISO-TIME]
//   The benchmark dataset of issue 12 (10,000 members ... at scale 1): PostgreSQL when DATABASE_URL is set,
//   otherwise PGlite in --data-dir (default bench/.data/pglite). Writes bench/.data/subjects-<engine>.json.
// npm run seed -- --demo [--data-dir DIR] [--reset]
//   A small, good-looking community in the embedded default (./data), made through the real HTTP API.
// Both run after `npm run build` (they use the server's own modules) and refuse a database that already
// has members unless --reset is given.
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const usage = `Usage:
  npm run seed [-- --scale N] [--data-dir DIR] [--reset] [--at ISO-TIME]
  npm run seed -- --demo [--data-dir DIR] [--reset]

  --scale N       fraction of the full dataset (1 = 10,000 members, 500,000 follows, 200,000 posts,
                  2,000,000 likes, 300,000 comments, ~2.8 M notifications, 100,000 messages); default 1
  --data-dir DIR  PGlite folder (default bench/.data/pglite; with --demo ./data); ignored with DATABASE_URL
  --reset         empty a database that already has members first
  --at ISO-TIME   the moment the dataset ends (default: the start of the current hour), for identical reruns
  --demo          a small demo community through the real API instead of the benchmark dataset`;

function parse(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: "string", default: "1" },
      "data-dir": { type: "string" },
      reset: { type: "boolean", default: false },
      at: { type: "string" },
      demo: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 10))
    throw new Error(`--scale must be a number above 0 and at most 10, not ${values.scale}`);
  const anchor = values.at ? new Date(values.at) : startOfHour(new Date());
  if (Number.isNaN(anchor.getTime())) throw new Error(`--at must be a date and time, not ${values.at}`);
  return { ...values, scale, anchor, dataDir: values["data-dir"] };
}

function startOfHour(now) {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

async function main() {
  const options = parse(process.argv.slice(2));
  if (options.help) {
    console.log(usage);
    return;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (options.demo) {
    const { seedDemo } = await import("./lib/demo/demo-seed.mjs");
    await seedDemo({ dataDir: options.dataDir, reset: options.reset, databaseUrl });
    return;
  }
  const { seedBenchmark } = await import("./lib/bulk-seed.mjs");
  await seedBenchmark({
    scale: options.scale,
    anchor: options.anchor,
    reset: options.reset,
    databaseUrl,
    dataDir: options.dataDir ?? fileURLToPath(new URL(".data/pglite", import.meta.url)),
  });
}

main().catch((error) => {
  console.error(`Seed failed: ${error.message}`);
  process.exitCode = 1;
});
