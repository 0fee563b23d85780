// `npm run seed`: the benchmark dataset (dataset.mjs) loaded in one transaction with the counter
// triggers off, counters recounted set-based, statistics refreshed, and the named subjects written out
// for the benchmark.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { planFor, steps } from "./dataset.mjs";
import { loadServerModules } from "./server-modules.mjs";
import { affected } from "./sql.mjs";
import { describeTarget, makeRoom, openTarget } from "./target.mjs";

/** The documented password of every benchmark member. */
export const BENCH_PASSWORD = "flik-bench-42";

const defaultSubjectsDir = fileURLToPath(new URL("../.data/", import.meta.url));
// Tables with counter triggers (migration 0004) and the ones loaded beside them.
const seededTables = [
  "users",
  "follows",
  "posts",
  "post_tags",
  "post_likes",
  "post_comments",
  "notifications",
  "chats",
  "chat_members",
  "messages",
];

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const count = (n) => n.toLocaleString("en-US");
/** One progress line: what, how many rows (when it counts rows), how long. */
const report = (label, since, rows) =>
  console.log(
    `  ${label.padEnd(26)} ${(rows === undefined ? "" : count(rows)).padStart(11)}  ${seconds(since)}`,
  );

export async function seedBenchmark({
  scale,
  dataDir,
  reset,
  anchor,
  databaseUrl,
  subjectsDir = defaultSubjectsDir,
}) {
  const started = performance.now();
  const server = await loadServerModules();
  const plan = planFor(scale, anchor);
  // One argon2id hash for everyone: hashing 10,000 passwords would take minutes and prove nothing.
  const passwordHash = await server.hashPassword(BENCH_PASSWORD);
  const target = await openTarget({
    openDatabase: server.openDatabase,
    lockDataDir: server.lockDataDir,
    databaseUrl,
    dataDir,
  });
  const where = describeTarget(target, databaseUrl);
  console.log(
    `Seeding ${where} at scale ${scale} (${count(plan.users)} members, times up to ${anchor.toISOString()})`,
  );
  report("open, migrate, hash", started);
  try {
    await target.db.transaction(async (tx) => {
      await makeRoom(tx, { reset, where });
      await load(tx, plan, passwordHash, target.engine);
      const recount = performance.now();
      await server.recountCounters(tx);
      // The poll outlives a --reset (target.mjs) while its votes go with the members.
      await tx.execute(
        sql`update poll_options set votes_count = (select count(*) from poll_votes v where v.option_id = poll_options.id)`,
      );
      report("counters", recount);
    });
    const analyze = performance.now();
    // VACUUM as well: it sets the visibility map, so the benchmark's index-only scans see a settled table.
    await target.db.execute(sql`vacuum analyze`);
    report("vacuum analyze", analyze);
    const subjects = await describeSubjects(target, plan);
    const file = writeSubjects(subjects, subjectsDir);
    printTotals(subjects, file, started);
  } finally {
    await target.close();
    target.release();
  }
}

/**
 * Bulk inserts with the tables' user triggers off: the counter triggers would update a member or a post
 * for every row (millions of single-row updates); recountCounters does their work once, set-based, after.
 * Foreign keys and checks stay on. All inside the caller's transaction, so a failure leaves nothing
 * half-loaded and the triggers can never stay off.
 */
async function load(tx, plan, passwordHash, engine) {
  const run = (text) => tx.execute(sql.raw(text));
  if (engine === "postgres") {
    await run("set local synchronous_commit = off");
    await run("set local work_mem = '256MB'");
  }
  for (const table of seededTables) await run(`alter table "${table}" disable trigger user`);
  for (const step of steps(plan, passwordHash)) {
    const since = performance.now();
    let rows = 0;
    for (const statement of [step.sql].flat()) rows += affected(await run(statement));
    report(step.label ?? step.table, since, step.table ? rows : undefined);
  }
  for (const table of seededTables) await run(`alter table "${table}" enable trigger user`);
}

async function describeSubjects(target, plan) {
  const { db } = target;
  const first = async (text) => (await db.execute(sql.raw(text))).rows[0];
  const members = {};
  for (const username of ["typical", "heavy", "celebrity"]) {
    members[username] = await first(`select id, username from users where username = '${username}'`);
  }
  const hotPost = await first("select id from posts order by likes_count desc, id limit 1");
  const typicalChat = await first(
    `select c.id from chats c join chat_members m on m.chat_id = c.id
     where m.user_id = '${members.typical.id}' and not c.is_group_chat
     order by (select count(*) from messages where chat_id = c.id) desc, c.id limit 1`,
  );
  const counts = await first(`select
      (select count(*) from users)::int as users,
      (select count(*) from follows)::int as follows,
      (select count(*) from posts)::int as posts,
      (select count(*) from posts where media_type = 'video')::int as videos,
      (select count(*) from post_likes)::int as likes,
      (select count(*) from post_comments)::int as comments,
      (select count(*) from notifications)::int as notifications,
      (select count(*) from messages)::int as messages`);
  return {
    engine: target.engine,
    scale: plan.scale,
    ...(target.dataDir && { dataDir: target.dataDir }),
    password: BENCH_PASSWORD,
    members,
    hotPost,
    typicalChat,
    counts,
    seededAt: new Date().toISOString(),
  };
}

function writeSubjects(subjects, subjectsDir) {
  mkdirSync(subjectsDir, { recursive: true });
  const file = join(subjectsDir, `subjects-${subjects.engine}.json`);
  writeFileSync(file, `${JSON.stringify(subjects, null, 2)}\n`);
  return file;
}

function printTotals(subjects, file, started) {
  const { counts, members } = subjects;
  console.log(
    `Done in ${seconds(started)}: ${Object.entries(counts)
      .map(([name, n]) => `${count(n)} ${name}`)
      .join(", ")}`,
  );
  console.log(
    `Sign in as ${Object.keys(members).join(", ")} or member00042 (password ${subjects.password}). Subjects: ${file}`,
  );
}
