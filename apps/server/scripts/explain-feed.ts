// npm run bench:explain: EXPLAIN (ANALYZE, BUFFERS) of the feed's statements for the seeded `typical` and
// `heavy` members (npm run seed first), on PostgreSQL when DATABASE_URL is set, else the seeded PGlite:
// the page (its posts, authors and the member's own likes: every feed request) and the page's posts'
// newest likers and comments (only when a node has not kept them), and of the hot post's likers and
// comments as its page reads them. Prints each plan and the statement's median time over 50 runs,
// measured after 3 warm-up runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  FEED_COMMENTS_LISTED,
  PAGE_LIKES_LISTED,
  POST_COMMENTS_LISTED,
  POST_LIKES_LISTED,
} from "@flik/shared";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/database.js";
import { feedPageStatement, summariesStatement } from "../src/features/posts/posts.queries.js";
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
    if (typeof value === "number") return String(value);
    const text = Array.isArray(value) ? `{${value.join(",")}}` : String(value);
    return `'${text.replace(/'/g, "''")}'`;
  });
}

async function explain(label: string, text: string) {
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
  console.log(`\n--- ${label}: median ${times[25]?.toFixed(2)} ms over 50 runs (${engine})`);
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
}

const feedListed = { likers: PAGE_LIKES_LISTED, comments: FEED_COMMENTS_LISTED };
try {
  for (const who of ["typical", "heavy"] as const) {
    const page = feedPageStatement(database.db, subjects.members[who].id, 21, undefined);
    await explain(`${who}: the page`, inlined(page.toSQL()));
    const ids = (await page).map((row) => row.post.id);
    await explain(
      `${who}: the page's likers and comments`,
      inlined(summariesStatement(database.db, { ids }, feedListed).toSQL()),
    );
  }
  const postListed = { likers: POST_LIKES_LISTED, comments: POST_COMMENTS_LISTED };
  await explain(
    "the hot post's likers and comments",
    inlined(summariesStatement(database.db, { id: subjects.hotPost.id as string }, postListed).toSQL()),
  );
} finally {
  await database.close();
}
