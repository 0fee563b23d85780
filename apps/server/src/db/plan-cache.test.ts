import { randomBytes } from "node:crypto";
import { is, Placeholder } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { followerIdsStatement } from "../features/follows/follows.queries.js";
import {
  likeSummaryStatement,
  postsByIdsStatement,
  summariesStatement,
} from "../features/posts/posts.queries.js";
import { factories } from "../test/factories.js";
import { buildTestApp } from "../test/helper.js";
import { placeholder } from "./prepared.js";

/**
 * The statements every like, renewed feed page and post page send are planned once per connection, as
 * prepared statements are meant to be. PostgreSQL plans a prepared statement's first five runs for
 * their values, then keeps one plan for all values when it costs no more than those did. It prices an
 * array parameter (`id = any($1)`) at ten ids, so a statement asked for one post that way was planned
 * anew on every run: 1 ms of PostgreSQL's time for a statement that runs in 0.2 ms (issue 12, the
 * 90/10 mix). Each statement here is prepared and run as the app runs it, on one connection; the
 * database then tells how it planned them. Since stop 45 the app's PostgreSQL connections keep one plan
 * from the first run whatever the statement (database.ts KEEP_ONE_PLAN, database.test.ts), so the
 * statements' own form is checked here by the PGlite pass, which plans with PostgreSQL's default.
 */
const built = await buildTestApp();
const { persona, createPost, like, comment, follow } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
let postId = "";

beforeAll(async () => {
  await follow(bob, alice);
  for (let i = 0; i < 3; i++) {
    const post = await createPost(alice, { caption: `#${i}` });
    postId = post._id;
    await like(bob, post);
    await comment(bob, post, `Nice ${i}`);
  }
});

/** A value as an SQL literal: the statements here take ids, numbers and short texts. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** How the database planned `runs` runs of the statement on one connection. */
async function plansOf(
  statement: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
  runs = 8,
): Promise<{ generic: number; custom: number }> {
  const { sql, params } = statement.toSQL();
  const args = params.map((param) => literal(is(param, Placeholder) ? values[param.name] : param));
  const name = `plan_test_${randomBytes(4).toString("hex")}`;
  // One script, so every statement of it runs on the same connection (the one the statement lives on).
  const script = [
    `prepare ${name} as ${sql}`,
    ...Array.from({ length: runs }, () => `execute ${name}(${args.join(", ")})`),
    `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = '${name}'`,
  ].join(";\n");
  const result: unknown = await built.database.executeSql(script);
  // node-postgres answers a script with every statement's result; PGlite with its last one's.
  const last = (Array.isArray(result) ? result.at(-1) : result) as {
    rows: { generic: number; custom: number }[];
  };
  const [row] = last.rows;
  if (!row) throw new Error(`${name} was not prepared`);
  return row;
}

/** Planned for its values at most on the first five runs; every later run takes the kept plan. */
function plannedOnce(plans: { generic: number; custom: number }) {
  expect(plans.custom).toBeLessThanOrEqual(5);
  expect(plans.generic + plans.custom).toBe(8);
}

describe("statements asked for one post are planned once per connection", () => {
  it("a post's likes, as a like or an unlike answers them", async () => {
    const db = built.database.db;
    plannedOnce(await plansOf(likeSummaryStatement(db), { postId, viewerId: bob.userId, likersListed: 3 }));
  });

  it("one post read by id, as a renewed page or a post's page reads it", async () => {
    const db = built.database.db;
    const statement = postsByIdsStatement(db, { id: placeholder<string>("id") });
    plannedOnce(await plansOf(statement, { id: postId, viewerId: bob.userId }));
  });

  it("one post's newest likers and comments", async () => {
    const db = built.database.db;
    const depth = { likers: placeholder<number>("likers"), comments: placeholder<number>("comments") };
    const statement = summariesStatement(db, { id: placeholder<string>("id") }, depth);
    plannedOnce(await plansOf(statement, { id: postId, likers: 8, comments: 4 }));
  });

  it("a member's followers, whom a new post is announced to", async () => {
    const db = built.database.db;
    plannedOnce(await plansOf(followerIdsStatement(db), { userId: alice.userId }));
  });
});
