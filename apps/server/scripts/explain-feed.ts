// npm run bench:explain: EXPLAIN (ANALYZE, BUFFERS) of the feed page statement for the seeded `typical`
// and `heavy` members (npm run seed first), on PostgreSQL when DATABASE_URL is set, else the seeded PGlite.
// Prints each plan and the statement's median time over 50 runs, measured after 3 warm-up runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FEED_COMMENTS_LISTED, PAGE_LIKES_LISTED } from "@flik/shared";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/database.js";
import { feedPageStatement } from "../src/features/posts/posts.queries.js";
import { serverRoot } from "../src/platform/paths.js";

const databaseUrl = process.env.DATABASE_URL || undefined;
const engine = databaseUrl ? "postgres" : "pglite";
const subjects = JSON.parse(
  readFileSync(join(serverRoot, "..", "..", "bench", ".data", `subjects-${engine}.json`), "utf8"),
);
const database = await openDatabase({ databaseUrl, dataDir: subjects.dataDir ?? null });

/** The statement with its parameters written in, as EXPLAIN takes it. */
function inlined({ sql: text, params }: { sql: string; params: unknown[] }) {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

try {
  for (const who of ["typical", "heavy"] as const) {
    const text = inlined(
      feedPageStatement(database.db, subjects.members[who].id, 21, undefined, {
        likers: PAGE_LIKES_LISTED,
        comments: FEED_COMMENTS_LISTED,
      }).toSQL(),
    );
    for (let i = 0; i < 3; i++) await database.db.execute(sql.raw(text));
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await database.db.execute(sql.raw(text));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const plan = (await database.db.execute(sql.raw(`explain (analyze, buffers) ${text}`))) as unknown as {
      rows: { "QUERY PLAN": string }[];
    };
    console.log(`\n--- ${who}: median ${times[25]?.toFixed(2)} ms over 50 runs (${engine})`);
    console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
} finally {
  await database.close();
}
