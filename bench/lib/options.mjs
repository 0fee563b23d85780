// Command line and environment of `npm run bench`; see the README's Benchmarks section.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { CONNECTIONS } from "./load.mjs";
import { UsageError } from "./subjects.mjs";

export const SECTIONS = ["calls", "peak60", "mix", "scripts", "chat", "cold", "media", "transcode", "soak"];
/** Sections a plain `npm run bench` runs; the minutes-long soak runs only when asked for. */
const DEFAULT_SECTIONS = SECTIONS.filter((section) => section !== "soak" && section !== "transcode");
export const CALL_IDS = [
  "health",
  "user",
  "user-celebrity",
  "feed",
  "feed-heavy",
  "flicks",
  "profile",
  "profile-grid",
  "hot-post",
  "notifications",
  "notifications-celebrity",
  "chats",
  "messages",
  "search-members",
  "search-posts",
];

const HELP = `npm run bench [-- options]
  --only a,b,...        run only these sections (${SECTIONS.join(", ")}) and/or calls (${CALL_IDS.join(", ")});
                        every section but soak and transcode (minutes each) runs by default
  --json file           write the result here instead of bench/results/<engine>-<date>.json
  --server dir          measure the build in dir (holding apps/server/dist and apps/web/dist), default this checkout
  --subjects file       the seeded database to measure, default bench/.data/subjects-<engine>.json
  --in-place            PGlite: run on the seeded folder itself instead of a fresh copy of it
  --compare a.json b.json   print two results side by side and exit
  --print a.json        print the tables of a saved result and exit
env: DATABASE_URL (PostgreSQL, else PGlite), BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10),
     BENCH_CHAT_SOCKETS (1000), BENCH_CHAT_RATES (200,1000), BENCH_CHAT_SECONDS (10), BENCH_CHAT_GRACE (10),
     BENCH_COLD_RUNS (3), BENCH_SOAK_MEMBERS (500), BENCH_SOAK_RATE (50), BENCH_SOAK_SECONDS (180), BENCH_START_TIMEOUT (300 s), BENCH_QUIET_WAIT (600 s: the longest wait for other
     processes to leave the CPUs before a round), CHROMIUM_PATH (/usr/bin/chromium)`;

export function readOptions(argv, repoRoot) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      only: { type: "string" },
      json: { type: "string" },
      server: { type: "string" },
      subjects: { type: "string" },
      "in-place": { type: "boolean", default: false },
      compare: { type: "boolean", default: false },
      print: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return { help: HELP };
  if (values.print) return { print: resolve(values.print) };
  if (values.compare) {
    if (positionals.length !== 2)
      throw new UsageError("--compare takes two result files: --compare before.json after.json");
    return { compare: positionals.map((file) => resolve(file)) };
  }
  const { sections, calls } = selection(values.only);
  return {
    sections,
    calls,
    jsonPath: values.json && resolve(values.json),
    serverRoot: resolve(values.server ?? repoRoot),
    subjectsPath: values.subjects && resolve(values.subjects),
    inPlace: values["in-place"],
    databaseUrl: process.env.DATABASE_URL || undefined,
    seconds: positive("BENCH_SECONDS", 5),
    rounds: positive("BENCH_ROUNDS", 3),
    connections: CONNECTIONS,
    chat: {
      sockets: positive("BENCH_CHAT_SOCKETS", 1000),
      seconds: positive("BENCH_CHAT_SECONDS", 10),
      rates: (process.env.BENCH_CHAT_RATES ?? "200,1000")
        .split(",")
        .map(Number)
        .filter((rate) => rate > 0),
    },
    soak: {
      members: positive("BENCH_SOAK_MEMBERS", 500),
      rate: positive("BENCH_SOAK_RATE", 50),
      seconds: positive("BENCH_SOAK_SECONDS", 180),
    },
  };
}

/** `--only` names sections, calls, or both; naming only calls runs just those calls. */
function selection(only) {
  if (!only) return { sections: new Set(DEFAULT_SECTIONS), calls: new Set(CALL_IDS) };
  const names = only
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !SECTIONS.includes(name) && !CALL_IDS.includes(name));
  if (unknown.length) throw new UsageError(`--only: unknown ${unknown.join(", ")}\n${HELP}`);
  const sections = new Set(names.filter((name) => SECTIONS.includes(name)));
  let calls = new Set(names.filter((name) => CALL_IDS.includes(name)));
  if (calls.size > 0) sections.add("calls");
  else if (sections.has("calls")) calls = new Set(CALL_IDS);
  return { sections, calls };
}

function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new UsageError(`${name} must be a positive number`);
  return value;
}
