// node --test bench/seed.test.mjs (after `npm run build`): seeds a small PGlite dataset twice and checks
// what the benchmark relies on: exact counts, the named subjects, counters that match the rows, triggers
// back on, one password for everyone, and the same rows on every run.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { BENCH_PASSWORD, seedBenchmark } from "./lib/bulk-seed.mjs";
import { planFor } from "./lib/dataset.mjs";
import { serverDist } from "./lib/server-modules.mjs";

const scale = 0.02;
const anchor = new Date("2026-01-01T00:00:00Z");
const plan = planFor(scale, anchor);
const folders = [mkdtempSync(join(tmpdir(), "flik-seed-a-")), mkdtempSync(join(tmpdir(), "flik-seed-b-"))];
// The subjects go to a folder of the test's own, never over the ones a real seed wrote.
const subjectsDir = mkdtempSync(join(tmpdir(), "flik-seed-subjects-"));
let db;

const one = async (text) => (await db.query(text)).rows[0];
/** Digests of whole tables, to compare two runs row for row. */
async function fingerprint(database) {
  const digests = [
    "select md5(string_agg(follower_id::text || followee_id || created_at, ',' order by follower_id, followee_id)) as d from follows",
    "select md5(string_agg(post_id::text || user_id || emoji || created_at, ',' order by post_id, user_id)) as d from post_likes",
    "select md5(string_agg(id::text || sender_id || text || created_at, ',' order by id)) as d from messages",
  ];
  const out = [];
  for (const text of digests) out.push((await database.query(text)).rows[0].d);
  return out;
}

before(async () => {
  for (const dataDir of folders) await seedBenchmark({ scale, anchor, dataDir, reset: false, subjectsDir });
  db = new PGlite(join(folders[0], "db"), { extensions: { pg_trgm } });
});

after(async () => {
  await db?.close();
  for (const folder of [...folders, subjectsDir]) rmSync(folder, { recursive: true, force: true });
});

describe("the benchmark seed", () => {
  it("makes the planned counts, exactly where the plan is exact", async () => {
    const counts = await one(`select (select count(*) from posts)::int as posts,
      (select count(*) from post_likes)::int as likes, (select count(*) from post_comments)::int as comments,
      (select count(*) from messages)::int as messages, (select count(*) from follows)::int as follows,
      (select count(*) from posts where media_type = 'video' and is_reel and image like '%.mp4')::int as videos`);
    assert.equal(counts.posts, plan.posts);
    assert.equal(counts.likes, plan.likes);
    assert.equal(counts.comments, plan.comments);
    assert.equal(counts.messages, plan.messages);
    assert.equal(counts.videos, plan.posts * 0.15);
    // A tiny community is dense, so a few drawn follows repeat; at scale 0.1 and up the total is exact.
    assert.ok(counts.follows <= plan.follows && counts.follows > plan.follows * 0.95, `${counts.follows}`);
  });

  it("has the named subjects the benchmark asks for", async () => {
    const subjects = JSON.parse(readFileSync(join(subjectsDir, "subjects-pglite.json"), "utf8"));
    assert.equal(subjects.engine, "pglite");
    assert.equal(subjects.password, BENCH_PASSWORD);
    const following = async (username) =>
      (await one(`select following_count as n from users where username = '${username}'`)).n;
    assert.equal(await following("typical"), plan.typicalFollowing);
    assert.equal(await following("heavy"), plan.heavyFollowing);
    const top = await one("select username from users order by followers_count desc limit 1");
    assert.equal(top.username, "celebrity");
    const hot = await one(
      "select p.id, u.username from posts p join users u on u.id = p.user_id order by likes_count desc limit 1",
    );
    assert.deepEqual(hot, { id: subjects.hotPost.id, username: "celebrity" });
    const chat = await one(
      `select count(*)::int as n from messages where chat_id = '${subjects.typicalChat.id}'`,
    );
    assert.ok(chat.n > 0);
  });

  it("keeps the counters equal to the rows, and the counter triggers on afterwards", async () => {
    const wrong = await one(`select count(*)::int as n from users u
      where followers_count <> (select count(*) from follows where followee_id = u.id)
         or posts_count <> (select count(*) from posts where user_id = u.id)`);
    assert.equal(wrong.n, 0);
    const before = await one("select id, likes_count from posts order by likes_count limit 1");
    await db.query(`insert into post_likes (post_id, user_id)
      select '${before.id}', id from users
      where id not in (select user_id from post_likes where post_id = '${before.id}') limit 1`);
    const afterLike = await one(`select likes_count from posts where id = '${before.id}'`);
    assert.equal(afterLike.likes_count, before.likes_count + 1);
  });

  it("tags every post as the server would, counts each tag, and fills the search vocabulary", async () => {
    const tagged = await one(
      `select count(*)::int as n, count(distinct post_id)::int as posts from post_tags`,
    );
    assert.ok(tagged.n > 0 && tagged.posts > plan.posts / 2, JSON.stringify(tagged));
    const wrongTags = await one(`select count(*)::int as n from posts p
      where array(select tag from post_tags where post_id = p.id order by tag)
         <> array(select t from flik_tags_of(p.caption, p.tags) t order by t)`);
    assert.equal(wrongTags.n, 0);
    const wrongCounts = await one(`select count(*)::int as n from tags t
      where posts_count <> (select count(*) from post_tags where tag = t.name)`);
    assert.equal(wrongCounts.n, 0);
    const words = await one("select count(*)::int as n from search_terms where term in ('coffee', 'travel')");
    assert.equal(words.n, 2);
    const poll = await one("select count(*)::int as n from poll_options");
    assert.equal(poll.n, 4);
  });

  it("gives every member the documented password", async () => {
    const { verifyPassword } = await import(`${serverDist}features/auth/password.js`);
    const hashes = await one(
      "select count(distinct password_hash)::int as n, min(password_hash) as hash from users",
    );
    assert.equal(hashes.n, 1);
    assert.equal(await verifyPassword(hashes.hash, BENCH_PASSWORD), true);
  });

  it("makes the same rows on every run", async () => {
    const other = new PGlite(join(folders[1], "db"), { extensions: { pg_trgm } });
    try {
      const [a, b] = await Promise.all([fingerprint(db), fingerprint(other)]);
      assert.deepEqual(a.rows, b.rows);
    } finally {
      await other.close();
    }
  });
});
