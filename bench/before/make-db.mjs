// Makes a copy of the seeded database in the schema of the code before issue 12 (migrations 0000-0003,
// commit 843e8aa): the seed runs on the newer schema, and measuring the old code on the new indexes would
// credit it with the fix. The seed itself is left as it is.
//   node bench/before/make-db.mjs                      PGlite: bench/.data/pglite -> bench/.data/pglite-0003
//   DATABASE_URL=postgres://…/flik_bench node bench/before/make-db.mjs    PostgreSQL: flik_bench -> flik_bench_0003
// Then: npm run bench -- --server bench/.before-843e8aa --subjects bench/.data/subjects-<engine>-0003.json
// (on PostgreSQL with DATABASE_URL naming the _0003 database).
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { subjectsFile } from "../lib/subjects.mjs";

// Newest first: 0019, 0018, 0017, 0016, 0015 back to 0009, 0008 back to 0005, then 0004.
const undo = [
  "./undo-0019.sql",
  "./undo-0018.sql",
  "./undo-0017.sql",
  "./undo-0016.sql",
  "./undo-0009-0015.sql",
  "./undo-0005-0008.sql",
  "./undo-0004.sql",
]
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");
// Migrations 0000-0019 applied: a database a newer build has migrated further cannot be undone by this.
const EXPECTED_MIGRATIONS = 20;
const countMigrations = `select count(*)::int as n from "drizzle"."__drizzle_migrations"`;
// VACUUM FULL rewrites the two tables that lost columns, so their rows are as narrow as the old schema's.
const compact = ["VACUUM FULL users", "VACUUM FULL posts", "VACUUM FULL chat_members", "ANALYZE"];

const databaseUrl = process.env.DATABASE_URL || undefined;
const engine = databaseUrl ? "postgres" : "pglite";
const subjects = JSON.parse(readFileSync(subjectsFile(engine), "utf8"));
const outFile = subjectsFile(`${engine}-0003`);

if (databaseUrl) {
  const url = await copyPostgres(databaseUrl);
  writeFileSync(outFile, `${JSON.stringify({ ...subjects, schema: "0003", databaseUrl: url }, null, 2)}\n`);
  console.log(`${url} has the 0003 schema. Subjects: ${outFile}`);
} else {
  const dataDir = `${subjects.dataDir}-0003`;
  await copyPglite(subjects.dataDir, dataDir);
  writeFileSync(outFile, `${JSON.stringify({ ...subjects, schema: "0003", dataDir }, null, 2)}\n`);
  console.log(`${dataDir} has the 0003 schema. Subjects: ${outFile}`);
}

async function copyPglite(from, to) {
  if (existsSync(join(from, "server.lock"))) throw new Error(`${from} is in use by a server (server.lock)`);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(join(to, "db"), { extensions: { pg_trgm } });
  assertMigrations((await db.query(countMigrations)).rows[0].n);
  await db.transaction((tx) => tx.exec(undo));
  for (const statement of compact) await db.exec(statement);
  await db.close();
}

/** CREATE DATABASE … TEMPLATE copies the seeded database file by file (no other session may be on it). */
async function copyPostgres(sourceUrl) {
  const { default: pg } = await import("pg");
  const check = new pg.Client({ connectionString: sourceUrl });
  await check.connect();
  assertMigrations((await check.query(countMigrations)).rows[0].n);
  await check.end();
  const source = new URL(sourceUrl);
  const name = source.pathname.slice(1);
  const target = new URL(sourceUrl);
  target.pathname = `/${name}_0003`;
  const maintenance = new URL(sourceUrl);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}_0003"`);
  await admin.query(`CREATE DATABASE "${name}_0003" TEMPLATE "${name}"`);
  await admin.end();
  const db = new pg.Client({ connectionString: target.href });
  await db.connect();
  await db.query(`BEGIN; ${undo} COMMIT;`);
  for (const statement of compact) await db.query(statement);
  await db.end();
  return target.href;
}

function assertMigrations(applied) {
  if (applied !== EXPECTED_MIGRATIONS)
    throw new Error(
      `the seeded database has ${applied} migrations applied, not ${EXPECTED_MIGRATIONS} (0000-0019): seed again`,
    );
}
