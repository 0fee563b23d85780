import { POST_COMMENTS_LISTED, type Post, type PostComment } from "@flik/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postComments } from "../../db/schema.js";
import { announcement, factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";

/** GET /posts/{id}/comments: a post's comments past those it lists (the newest POST_COMMENTS_LISTED). */
const built = await buildTestApp();
const { call, persona, someone, createPost, createFlick, comment, follow, makePrivate, block } =
  factories(built);
const alice = await persona("alice");
const bob = await persona("bob");

/**
 * `count` comments by `author` on the post, written straight into the table a millisecond apart, three
 * at a time in the same millisecond (ids order those): the oldest first. Done once the database has
 * announced them, so no node keeps the post as it was.
 */
async function commentsOn(post: { _id: string }, author: SignedIn, count: number) {
  const start = Date.parse("2025-01-01T12:00:00.000Z");
  const rows = Array.from({ length: count }, (_, i) => ({
    postId: post._id,
    userId: author.userId,
    text: `Comment ${i}`,
    createdAt: new Date(start + Math.floor(i / 3)),
  }));
  const announced = announcement(built, `post:${post._id}`);
  await built.database.db.insert(postComments).values(rows);
  await announced;
}

async function postOf(member: SignedIn, id: string): Promise<Post> {
  const response = await call(member, "GET", `/posts/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().post;
}

async function pageOf(member: SignedIn, id: string, query: string) {
  const response = await call(member, "GET", `/posts/${id}/comments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { comments: PostComment[]; nextCursor: string | null };
}

/** Every comment the member reaches from the post's cursor on, `limit` a page, oldest first. */
async function olderThanListed(member: SignedIn, post: Post, limit: number) {
  const older: PostComment[][] = [];
  let cursor = post.commentsCursor ?? null;
  while (cursor) {
    const page = await pageOf(member, post._id, `?limit=${limit}&cursor=${cursor}`);
    expect(page.comments.length).toBeLessThanOrEqual(limit);
    older.unshift(page.comments);
    cursor = page.nextCursor;
  }
  return older.flat();
}

const texts = (comments: PostComment[]) => comments.map((c) => c.text);

describe("GET /posts/{id}/comments", () => {
  it("pages every comment older than those the post lists, in the post's order, to the end", async () => {
    const post = await createPost(alice);
    const total = POST_COMMENTS_LISTED + 23;
    await commentsOn(post, bob, total);

    const read = await postOf(alice, post._id);
    expect(read.commentsCount).toBe(total);
    expect(read.comments).toHaveLength(POST_COMMENTS_LISTED);
    expect(read.commentsCursor).toEqual(expect.any(String));

    const older = await olderThanListed(alice, read, 5);
    const all = [...older, ...read.comments];
    // Every one once, oldest first: by time, then by id among those of the same millisecond.
    expect(new Set(all.map((c) => c._id)).size).toBe(total);
    expect(texts(all).sort()).toEqual(Array.from({ length: total }, (_, i) => `Comment ${i}`).sort());
    const order = all.map((c) => `${c.createdAt} ${c._id}`);
    expect(order).toEqual(order.toSorted());
    expect(older[0]).toEqual({
      _id: expect.any(String),
      text: expect.stringMatching(/^Comment [012]$/),
      createdAt: "2025-01-01T12:00:00.000Z",
      user: { _id: bob.userId, username: "bob", avatar: "" },
    });
  });

  it("starts at the newest without a cursor, and a post that lists all its comments has no cursor", async () => {
    const post = await createPost(alice);
    await comment(bob, post, "First");
    await comment(alice, post, "Second");
    await comment(bob, post, "Third");
    const first = await pageOf(bob, post._id, "?limit=2");
    expect(texts(first.comments)).toEqual(["Second", "Third"]);
    const rest = await pageOf(bob, post._id, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest).toEqual({ comments: [expect.objectContaining({ text: "First" })], nextCursor: null });
    expect((await postOf(bob, post._id)).commentsCursor).toBeNull();
  });

  it("goes on past a feed card's comments, from the cursor the feed's copy carries", async () => {
    const reader = await someone("feed_reader");
    await follow(reader, alice);
    const post = await createPost(alice);
    for (const text of ["One", "Two", "Three", "Four"]) await comment(bob, post, text);
    const feed: Post[] = (await call(reader, "GET", "/posts?limit=1")).json().posts;
    const card = feed.find((p) => p._id === post._id);
    expect(card?.comments.length).toBeLessThan(4);
    const older = card ? await olderThanListed(reader, card, 50) : [];
    expect(texts([...older, ...(card?.comments ?? [])])).toEqual(["One", "Two", "Three", "Four"]);
  });

  it("never skips a comment of the same millisecond as the one a cursor starts past (migration 0024)", async () => {
    const post = await createPost(alice);
    // Times finer than a cursor's millisecond, as PostgreSQL's now() gives them.
    const announced = announcement(built, `post:${post._id}`);
    await built.database.db.execute(sql`insert into post_comments (post_id, user_id, text, created_at)
      values (${post._id}, ${bob.userId}, 'Earlier', '2025-01-01T12:00:00.0002Z'),
             (${post._id}, ${bob.userId}, 'Later', '2025-01-01T12:00:00.0004Z')`);
    await announced;
    const first = await pageOf(alice, post._id, "?limit=1");
    const second = await pageOf(alice, post._id, `?limit=1&cursor=${first.nextCursor}`);
    expect(texts([...second.comments, ...first.comments]).sort()).toEqual(["Earlier", "Later"]);
  });

  it("serves a flick's comments too (a flick is a post)", async () => {
    const flick = await createFlick(alice);
    await comment(bob, flick, "Great wave");
    expect(texts((await pageOf(bob, flick._id, "")).comments)).toEqual(["Great wave"]);
  });

  it("leaves out comments by members blocked either way with the viewer, as the post does", async () => {
    const post = await createPost(alice);
    const blocked = await someone("blocked_commenter");
    const blocker = await someone("blocking_commenter");
    await comment(blocked, post, "From the blocked");
    await comment(blocker, post, "From the blocker");
    await comment(bob, post, "From bob");
    const viewer = await someone("viewer");
    await block(viewer, blocked);
    await block(blocker, viewer);

    expect(texts((await pageOf(viewer, post._id, "")).comments)).toEqual(["From bob"]);
    expect(texts((await postOf(viewer, post._id)).comments)).toEqual(["From bob"]);
    expect(texts((await pageOf(bob, post._id, "")).comments)).toEqual([
      "From the blocked",
      "From the blocker",
      "From bob",
    ]);
  });

  it("offers no older comments where all those left are by members blocked either way", async () => {
    const post = await createPost(alice);
    const blocked = await someone("older_blocked_commenter");
    const viewer = await someone("older_viewer");
    await follow(viewer, alice);
    await block(viewer, blocked);
    for (const text of ["Blocked one", "Blocked two"]) await comment(blocked, post, text);
    for (const text of ["Bob one", "Bob two"]) await comment(bob, post, text);

    const read = await postOf(viewer, post._id);
    expect(read).toMatchObject({ commentsCount: 4, commentsCursor: null });
    expect(texts(read.comments)).toEqual(["Bob one", "Bob two"]);
    const feed: Post[] = (await call(viewer, "GET", "/posts")).json().posts;
    expect(feed.find((p) => p._id === post._id)).toMatchObject({ commentsCount: 4, commentsCursor: null });
    // Bob sees them all on the post; a feed card lists two, so older ones are offered.
    expect((await postOf(bob, post._id)).commentsCursor).toBeNull();
    await follow(bob, alice);
    const bobsFeed: Post[] = (await call(bob, "GET", "/posts")).json().posts;
    const card = bobsFeed.find((p) => p._id === post._id);
    expect(card ? texts(await olderThanListed(bob, card, 50)) : []).toEqual(["Blocked one", "Blocked two"]);
  });

  it("answers 404 as GET /posts/{id} does where the post is not there for the caller", async () => {
    const author = await someone("private_author");
    const hidden = await createPost(author);
    await comment(author, hidden, "Only for followers");
    await makePrivate(author);
    const blocksBob = await someone("blocks_bob");
    const postOfOneBlockingBob = await createPost(blocksBob);
    await block(blocksBob, bob);
    const blockedByBob = await someone("blocked_by_bob");
    const postOfOneBobBlocked = await createPost(blockedByBob);
    await block(bob, blockedByBob);

    for (const id of [
      hidden._id,
      postOfOneBlockingBob._id,
      postOfOneBobBlocked._id,
      "00000000-0000-4000-8000-000000000000",
      "not-an-id",
    ]) {
      for (const path of [`/posts/${id}`, `/posts/${id}/comments`]) {
        const response = await call(bob, "GET", path);
        expect(response.statusCode, path).toBe(404);
        expect(response.json(), path).toEqual({ message: "Post not found" });
      }
    }
    // The author, and a follower, read them.
    expect(texts((await pageOf(author, hidden._id, "")).comments)).toEqual(["Only for followers"]);
  });

  it("refuses a cursor no page gave out, of another kind of list or garbage, and a bad limit, with 400", async () => {
    const post = await createPost(alice);
    const cursor = (text: string) => Buffer.from(text).toString("base64url");
    for (const query of [
      "?cursor=nope",
      "?cursor=%00",
      `?cursor=${cursor("2025-01-01T00:00:00.000Z|not-an-id")}`,
      // A ranked list's cursor (For You's score and id).
      `?cursor=${cursor(JSON.stringify([12.5, post._id]))}`,
      "?limit=0",
      "?limit=51",
      "?limit=ten",
    ]) {
      const response = await call(bob, "GET", `/posts/${post._id}/comments${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
    const garbage = await call(bob, "GET", `/posts/${post._id}/comments?cursor=nope`);
    expect(garbage.json()).toEqual({
      message: "cursor is not valid",
      errors: [{ field: "cursor", message: "cursor is not valid" }],
    });
  });
});
