// npm run bench:explain-search: EXPLAIN (ANALYZE, BUFFERS) of every statement a member search and a post
// search (issue 18) send, as the seeded `typical` member asks them of the real app (npm run seed first),
// on PostgreSQL when DATABASE_URL is set, else the seeded PGlite. Prints each plan and each statement's
// median time over 30 runs after 3 warm-up runs (planning included: each is sent with its values).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/app.js";
import { openDatabase } from "../src/db/database.js";
import { loadConfig } from "../src/platform/config.js";
import { serverRoot } from "../src/platform/paths.js";

const databaseUrl = process.env.DATABASE_URL || undefined;
const engine = databaseUrl ? "postgres" : "pglite";
const subjects = JSON.parse(
  readFileSync(join(serverRoot, "..", "..", "bench", ".data", `subjects-${engine}.json`), "utf8"),
);
const statements: { sql: string; params: unknown[] }[] = [];
const database = await openDatabase({
  databaseUrl,
  dataDir: subjects.dataDir ?? null,
  onQuery: (text, params) => statements.push({ sql: text, params }),
});
const { db } = database;
const dataDir = mkdtempSync(join(tmpdir(), "flik-explain-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SEARCH_RATE_LIMIT: "100000" });
const { app } = await buildApp(config, { database });

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return literal(`{${value.join(",")}}`);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}
const inlined = ({ sql: text, params }: { sql: string; params: unknown[] }) =>
  text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));

const signIn = await app.inject({
  method: "POST",
  url: "/api/auth/signin",
  payload: { identifier: subjects.members.typical.username, password: subjects.password },
});
const headers = { authorization: `Bearer ${signIn.json().token}` };

/** Asks the app, then explains and times every statement the request sent (but the session's touch). */
async function explain(url: string) {
  await app.inject({ method: "GET", url, headers }); // the session is looked up once, then kept
  const before = statements.length;
  const response = await app.inject({ method: "GET", url, headers });
  const sent = statements
    .slice(before)
    .filter((statement) => !/^update "sessions"/.test(statement.sql))
    .map(inlined);
  console.log(`\n=== GET ${url}: ${response.statusCode}, ${sent.length} statements`);
  for (const [index, text] of sent.entries()) {
    for (let i = 0; i < 3; i++) await db.execute(sql.raw(text));
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await db.execute(sql.raw(text));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const plan = (await db.execute(sql.raw(`explain (analyze, buffers) ${text}`))) as unknown as {
      rows: { "QUERY PLAN": string }[];
    };
    console.log(`--- statement ${index + 1}: median ${times[15]?.toFixed(2)} ms (${engine})`);
    console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
}

try {
  for (const q of ["mira", "ma", "sterlng", "member0042", "membr00042"])
    await explain(`/api/user/search?q=${encodeURIComponent(q)}`);
  for (const q of ["coffee", "cofee", "#sunset", "golden hour", "lisbon coffee", "lisbon", "zebra"])
    await explain(`/api/posts/search?q=${encodeURIComponent(q)}&limit=20`);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
