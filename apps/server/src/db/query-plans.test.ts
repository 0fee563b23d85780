import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaCleanupQueue } from "../features/media/media.cleanup.js";
import { announcement, factories } from "../test/factories.js";
import { buildTestApp, type SignedIn, statementLog } from "../test/helper.js";
import { mediaCleanup, users } from "./schema.js";

/**
 * Every paged list reads its page from an index in its own order. Each list's statements are explained
 * with sequential scans, bitmap scans and sorts priced out (`enable_* = off` only adds cost, so what is
 * left in the plan is what no index could do): a list whose index is missing, or declared in another
 * order than the query sorts (the DESC NULLS LAST bug of issue 12), shows a Seq Scan or a Sort here on
 * a handful of rows, long before it shows on a community's millions. The benchmark measures the time.
 */
const built = await buildTestApp();
const {
  call,
  persona,
  createPost,
  createFlick,
  follow,
  like,
  comment,
  chatBetween,
  sendMessage,
  makePrivate,
  requestFollow,
  block,
  photoOf,
} = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

let postId = "";
let chatId = "";
let storyId = "";
beforeAll(async () => {
  await follow(bob, alice);
  await follow(bob, carol);
  await follow(alice, bob);
  for (let i = 0; i < 3; i++) {
    const post = await createPost(alice, { caption: `#${i} nice`, tags: "music" });
    postId = post._id;
    await createFlick(carol);
    await like(bob, post);
    await like(carol, post);
    await comment(bob, post, `Nice ${i}`);
  }
  const chat = await chatBetween(bob, alice);
  chatId = chat._id;
  // Stories in bob's strip (of alice and carol, whom he follows), his own, and its viewers.
  for (const member of [alice, alice, carol, bob])
    await call(member, "POST", "/stories", { url: await photoOf(member) });
  storyId = (await call(bob, "GET", "/stories/archive")).json().stories[0]._id;
  await call(alice, "POST", `/stories/${storyId}/view`);
  await call(carol, "POST", `/stories/${storyId}/view`);
  await sendMessage(alice, chat, "Hi Bob");
  await sendMessage(bob, chat, "Hi Alice");
  // Follow requests waiting for bob, and blocks either way (lists leave those members out).
  await makePrivate(bob);
  for (const name of ["dan", "erin", "frank"] as const) await requestFollow(await persona(name), bob);
  await block(bob, await persona("gina"));
  await block(await persona("hank"), bob);
});

/** GET /user is answered from memory once read: a change the database announces makes it read again. */
/** Makes every node forget the post's kept likers and comments, so the next read asks the database. */
async function forgetKeptSummaries(id: string) {
  const announced = announcement(built, `post:${id}`);
  await built.database.db.execute(sql`select pg_notify('flik_changes', ${`post:${id}`})`);
  await announced;
}

async function forgetKeptAccount(member: SignedIn) {
  const announced = announcement(built, `account:${member.userId}`);
  await built.database.db
    .update(users)
    .set({ bio: `Bio ${Math.random()}` })
    .where(eq(users.id, member.userId));
  await announced;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Parent Relationship"?: string;
  Plans?: PlanNode[];
  /** Set here: the node is part of a subplan run per row (a post's likes or comments), not the page. */
  perRow?: boolean;
}

function nodesOf(node: PlanNode, perRow = false): PlanNode[] {
  const inSubPlan = perRow || node["Parent Relationship"] === "SubPlan";
  return [
    { ...node, perRow: inSubPlan },
    ...(node.Plans ?? []).flatMap((child) => nodesOf(child, inSubPlan)),
  ];
}

type Statement = { sql: string; params: unknown[] };

/** A logged statement as SQL text with its parameters written in, for EXPLAIN. */
function inlined({ sql: text, params }: Statement) {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `${literal(`{${value.join(",")}}`)}`;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The plan the engine runs a statement with. PostgreSQL's connections keep one plan per statement for
 * all values (database.ts `KEEP_ONE_PLAN`), made without knowing them: that plan is explained, the
 * statement prepared and run as the app's are. PGlite plans each statement for its values.
 */
async function explain(tx: Pick<typeof built.database.db, "execute">, statement: Statement) {
  if (built.database.engine === "pglite")
    return tx.execute(sql.raw(`explain (format json) ${inlined(statement)}`));
  const name = `plan_check_${randomBytes(4).toString("hex")}`;
  await tx.execute(sql.raw(`prepare ${name} as ${statement.sql}`));
  try {
    const args = statement.params.map(literal);
    return await tx.execute(
      sql.raw(`explain (format json) execute ${name}${args.length > 0 ? `(${args.join(", ")})` : ""}`),
    );
  } finally {
    await tx.execute(sql.raw(`deallocate ${name}`));
  }
}

/**
 * The plans of the reading statements that one request sent (the session lookup included). With
 * `bitmaps`, bitmap scans and sorts stay allowed: a GIN index (full text, trigrams) is only ever read by
 * a bitmap scan, and its matches sorted.
 */
async function plansOf(path: string, { bitmaps = false } = {}) {
  return plansDuring(async () => {
    const response = await call(bob, "GET", path);
    expect(response.statusCode, response.body).toBe(200);
  }, bitmaps);
}

/** The plans of the reading statements sent while `action` ran (see `plansOf`). */
async function plansDuring(action: () => Promise<void>, bitmaps = false, explained = /^(select|with)\b/i) {
  const before = statementLog.length;
  await action();
  const reads = statementLog.slice(before).filter((statement) => explained.test(statement.sql));
  const plans: PlanNode[][] = [];
  for (const statement of reads) {
    plans.push(
      await built.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // A GIN index's matches come unordered: with it, sorting them is the index's plan, not a lack.
        if (!bitmaps) await tx.execute(sql`set local enable_bitmapscan = off`);
        if (!bitmaps) await tx.execute(sql`set local enable_sort = off`);
        const result = (await explain(tx, statement)) as unknown as {
          rows: { "QUERY PLAN": [{ Plan: PlanNode }] }[];
        };
        const plan = result.rows[0]?.["QUERY PLAN"][0].Plan;
        if (!plan) throw new Error(`no plan for ${statement.sql}`);
        return nodesOf(plan);
      }),
    );
  }
  return plans;
}

/**
 * The list's page statement reads `index`; when `ordered`, that statement has no sort at all (the index
 * gives the order). No statement of the request scans a table from end to end.
 */
async function expectServedBy(path: string, index: string, { ordered }: { ordered: boolean }) {
  const plans = await plansOf(path);
  for (const nodes of plans) {
    const scans = nodes
      .filter((node) => node["Node Type"] === "Seq Scan")
      .map((node) => node["Relation Name"]);
    expect(scans, `${path} scans a whole table`).toEqual([]);
  }
  const page = plans.find((nodes) => nodes.some((node) => node["Index Name"] === index));
  expect(page, `${path} does not read ${index}`).toBeDefined();
  if (ordered) {
    // A post's likes and comments come aggregated in their own order: a sort of a few rows per post.
    const sorts = page?.filter(
      (node) => !node.perRow && (node["Node Type"] === "Sort" || node["Node Type"] === "Incremental Sort"),
    );
    expect(sorts, `${path} sorts what ${index} should give in order`).toEqual([]);
  }
}

describe("every list reads its index in its own order", () => {
  it("the feed walks each followed member's posts index (then merges the heads)", async () => {
    await expectServedBy("/posts?limit=20", "posts_user_created_idx", { ordered: false });
  });

  it("a profile's posts", async () => {
    await expectServedBy("/profile/alice/posts?limit=12", "posts_user_created_idx", { ordered: true });
  });

  it("the flicks feed", async () => {
    await expectServedBy("/flicks?limit=10", "posts_video_created_idx", { ordered: true });
  });

  it("a post's newest comments and likers", async () => {
    await forgetKeptSummaries(postId);
    await expectServedBy(`/posts/${postId}`, "post_comments_post_created_idx", { ordered: false });
    await forgetKeptSummaries(postId);
    await expectServedBy(`/posts/${postId}`, "post_likes_post_created_idx", { ordered: false });
  });

  it("a post's newest likers and commenters are walked from their index alone (migration 0018)", async () => {
    // Reading the table per like made the planner prefer reading all of a post's likes and sorting
    // them, which for a post with thousands of likes cost 43 ms instead of 0.5 ms.
    const walked = ["post_likes_post_created_idx", "post_comments_post_created_idx"];
    await forgetKeptSummaries(postId);
    const walks = (await plansOf(`/posts/${postId}`))
      .flat()
      .filter((node) => walked.includes(node["Index Name"] ?? ""));
    expect(new Set(walks.map((node) => node["Index Name"]))).toEqual(new Set(walked));
    for (const walk of walks) expect(walk["Node Type"], walk["Index Name"]).toBe("Index Only Scan");
  });

  it("a post's older comments, from the start and past a cursor, with each commenter's blocks probed", async () => {
    await comment(carol, { _id: postId }, "Older");
    await comment(alice, { _id: postId }, "Newer");
    await expectServedBy(`/posts/${postId}/comments?limit=2`, "post_comments_post_created_idx", {
      ordered: true,
    });
    const { nextCursor } = (await call(bob, "GET", `/posts/${postId}/comments?limit=1`)).json();
    expect(nextCursor).toEqual(expect.any(String));
    await expectServedBy(
      `/posts/${postId}/comments?limit=2&cursor=${nextCursor}`,
      "post_comments_post_created_idx",
      {
        ordered: true,
      },
    );
  });

  it("notifications", async () => {
    await expectServedBy("/notifications?limit=20", "notifications_recipient_created_idx", { ordered: true });
  });

  it("a chat's messages, and the last message of each chat", async () => {
    await expectServedBy(`/chats/${chatId}/messages?limit=30`, "messages_chat_created_idx", {
      ordered: true,
    });
    await expectServedBy("/chats", "messages_chat_created_idx", { ordered: false });
  });

  it("followers and following, and the newest of each on GET /user and a profile", async () => {
    await expectServedBy(`/followers/${carol.userId}`, "follows_followee_created_idx", { ordered: true });
    await expectServedBy(`/following/${bob.userId}`, "follows_follower_created_idx", { ordered: true });
    await forgetKeptAccount(bob);
    await expectServedBy("/user", "follows_follower_created_idx", { ordered: true });
    // A profile's newest of each, as its viewer sees them.
    await expectServedBy("/profile/alice", "follows_followee_created_idx", { ordered: true });
    await forgetKeptAccount(alice);
    await expectServedBy("/profile/alice", "follows_follower_created_idx", { ordered: true });
  });

  it("follow requests waiting for the member, and their count and blocked accounts on GET /user", async () => {
    await expectServedBy("/follow-requests?limit=2", "follow_requests_target_created_idx", { ordered: true });
    await forgetKeptAccount(bob);
    await expectServedBy("/user", "blocks_blocker_created_idx", { ordered: true });
  });

  it("the stories strip walks each followed member's live stories; the archive and viewers their own", async () => {
    await expectServedBy("/stories", "stories_live_user_created_idx", { ordered: false });
    await expectServedBy("/stories/archive?limit=2", "stories_user_created_idx", { ordered: true });
    await expectServedBy(`/stories/${storyId}/viewers`, "story_views_story_created_idx", { ordered: true });
  });

  it("member search leaves out members blocked either way without scanning the blocks", async () => {
    const plans = await plansOf("/user/search?q=a");
    const blockScans = plans.flat().filter((node) => node["Relation Name"] === "blocks");
    expect(blockScans.length).toBeGreaterThan(0);
    for (const node of blockScans) expect(node["Node Type"]).toMatch(/Index/);
  });

  it("member search reads usernames and full names closest first from their trigram indexes", async () => {
    for (const q of ["ali", "alcie"]) {
      const nodes = (await plansOf(`/user/search?q=${q}`)).flat();
      const read = new Set(nodes.map((node) => node["Index Name"]));
      expect(read, q).toContain("users_username_trgm_idx");
      expect(read, q).toContain("users_full_name_trgm_idx");
      expect(
        nodes.filter((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "users"),
      ).toEqual([]);
    }
  });

  it("post search walks the newest posts, then reads its words from the full-text index", async () => {
    await expectServedBy("/posts/search?q=nice", "posts_created_idx", { ordered: false });
    const nodes = (await plansOf("/posts/search?q=nice", { bitmaps: true })).flat();
    expect(nodes.map((node) => node["Index Name"])).toContain("posts_search_idx");
  });

  it("a tag page and an explore topic walk their tags' index; For You its scores' in their order", async () => {
    await expectServedBy("/tags/1/posts", "post_tags_tag_created_idx", { ordered: false });
    await expectServedBy("/explore?tab=music", "post_tags_tag_created_idx", { ordered: false });
    await expectServedBy("/explore?tab=for-you", "explore_posts_score_idx", { ordered: true });
  });

  it("tag search reads the tags' trigram index", async () => {
    const nodes = (await plansOf("/tags/search?q=mus", { bitmaps: true })).flat();
    expect(nodes.map((node) => node["Index Name"])).toContain("tags_name_trgm_idx");
  });

  it("the data download: every list from its member's index, likes and comments in their index's order", async () => {
    await expectServedBy("/user/download-data", "post_likes_user_created_idx", { ordered: true });
    await expectServedBy("/user/download-data", "post_comments_user_created_idx", { ordered: true });
    await expectServedBy("/user/download-data", "stories_user_created_idx", { ordered: true });
  });

  it("the media cleanup reads its due rows in order, then probes each media column's hash index", async () => {
    const url = (n: number) => `/media/image/00000000-0000-4000-8000-00000000000${n}.jpg`;
    await built.database.db.insert(mediaCleanup).values([{ url: url(1) }, { url: url(2) }]);
    const plans = await plansDuring(() => built.jobs.runNow(mediaCleanupQueue, {}, new Date()));
    const nodes = plans.flat();
    expect(
      nodes.filter((node) => node["Node Type"] === "Seq Scan").map((node) => node["Relation Name"]),
    ).toEqual([]);
    const read = new Set(nodes.map((node) => node["Index Name"]));
    for (const index of [
      "media_cleanup_due_idx",
      "posts_image_idx",
      "stories_media_url_idx",
      "highlights_src_idx",
      "users_avatar_idx",
    ])
      expect(read, index).toContain(index);
  });
});

describe("writes find their rows through the partial indexes made for them", () => {
  /** The indexes the statements of `action` matching `explained` read. */
  async function indexesRead(action: () => Promise<void>, explained: RegExp) {
    const nodes = (await plansDuring(action, false, explained)).flat();
    expect(nodes.length, `no statement matched ${explained}`).toBeGreaterThan(0);
    return nodes.map((node) => node["Index Name"]);
  }

  it("marking every notification read walks the member's unread ones only", async () => {
    const read = await indexesRead(async () => {
      const response = await call(alice, "PUT", "/notifications/mark-all");
      expect(response.statusCode, response.body).toBeLessThan(300);
    }, /^update "notifications"/i);
    expect(read).toContain("notifications_recipient_unread_idx");
  });

  it("a declined follow request's notification is found by the index of follow requests", async () => {
    // frank asked to follow bob before all (beforeAll); dan's and erin's requests still wait after.
    const frank = await persona("frank");
    const read = await indexesRead(async () => {
      const response = await call(bob, "POST", `/follow-requests/${frank.userId}/decline`);
      expect(response.statusCode, response.body).toBeLessThan(300);
    }, /^delete from "notifications"/i);
    expect(read).toContain("notifications_follow_request_once");
  });
});

describe("no cascade reads a whole table", () => {
  it("every foreign key has an index that leads with its column", async () => {
    // A post's deletion took its notifications by a scan before migration 0030; a member's deletion
    // cascades through every table that names them. Only the mail queue, whose rows go once mailed, is
    // left to its scans.
    const unindexed = (await built.database.db.execute(sql`
      select c.conrelid::regclass::text || '.' || a.attname as key
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and c.connamespace = (select oid from pg_namespace where nspname = current_schema())
        and not exists (
          select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
        )
      order by key`)) as unknown as { rows: { key: string }[] };
    expect(unindexed.rows.map((row) => row.key)).toEqual([
      "notification_mail_items.actor_id",
      "notification_mail_items.chat_id",
    ]);
  });
});
