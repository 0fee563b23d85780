import type { Post } from "@flik/shared";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postLikes, users } from "../../db/schema.js";
import { announcement, factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";

/**
 * Posts' newest likers and comments are kept per node (posts.summaries-cache.ts). Whatever changes them,
 * through this node, another node or a tool writing to the database, the next read shows the change,
 * and what one viewer may not see never reaches them from what another's read kept.
 */
const built = await buildTestApp();
const { call, persona, newcomer, createPost, createFlick, follow, like, comment, block } = factories(built);
const { db } = built.database;

let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
beforeAll(async () => {
  alice = await persona("alice");
  bob = await persona("bob");
  carol = await persona("carol");
  await follow(bob, alice);
  await follow(carol, alice);
});

async function shown(viewer: SignedIn, postId: string): Promise<Post> {
  const response = await call(viewer, "GET", "/posts?limit=50");
  expect(response.statusCode).toBe(200);
  const post = (response.json().posts as Post[]).find((found) => found._id === postId);
  if (!post) throw new Error(`post ${postId} is not in the feed`);
  return post;
}

describe("kept likers and comments", () => {
  it("show a like and a comment made through the API at once, to everyone", async () => {
    const post = await createPost(alice);
    expect((await shown(bob, post._id)).likes).toEqual([]);
    await like(carol, post);
    await comment(carol, post, "Lovely");
    for (const viewer of [bob, carol]) {
      const seen = await shown(viewer, post._id);
      expect(seen.likes).toEqual([carol.userId]);
      expect(seen.comments.map((c) => c.text)).toEqual(["Lovely"]);
      expect(seen.commentsCount).toBe(1);
    }
  });

  it("show a like another node or a tool wrote, once the database announces it", async () => {
    const post = await createPost(alice);
    expect((await shown(bob, post._id)).likes).toEqual([]);
    const announced = announcement(built, `post:${post._id}`);
    await db.insert(postLikes).values({ postId: post._id, userId: carol.userId });
    await announced;
    const seen = await shown(bob, post._id);
    expect(seen.likes).toEqual([carol.userId]);
    expect(seen.likesCount).toBe(1);
  });

  it("show a changed reaction, the count unchanged, changed here or by another node", async () => {
    const flick = await createFlick(alice);
    const reactions = async () =>
      (await call(bob, "GET", "/flicks?limit=50"))
        .json()
        .flicks.find((f: { _id: string }) => f._id === flick._id).reactionByUser as {
        user: { _id: string };
        emoji: string;
      }[];
    await call(carol, "POST", `/flicks/${flick._id}/like`, { emoji: "🔥" });
    expect((await reactions()).map((r) => r.emoji)).toEqual(["🔥"]);
    await call(carol, "POST", `/flicks/${flick._id}/like`, { emoji: "😂" });
    expect((await reactions()).map((r) => r.emoji)).toEqual(["😂"]);
    // Changed by another node: the counts cannot tell, the announcement does.
    const announced = announcement(built, `post:${flick._id}`);
    await db.update(postLikes).set({ emoji: "😍" }).where(eq(postLikes.postId, flick._id));
    await announced;
    expect((await reactions()).map((r) => r.emoji)).toEqual(["😍"]);
  });

  it("show a liker's and a commenter's new name and picture", async () => {
    const dora = await newcomer("dora_kept");
    await follow(dora, alice);
    const post = await createPost(alice);
    await like(dora, post);
    await comment(dora, post, "Hi");
    expect((await shown(bob, post._id)).comments[0]?.user.username).toBe("dora_kept");
    const renamed = announcement(built, `member:${dora.userId}`);
    await db
      .update(users)
      .set({ username: "dora_renamed", avatar: "/media/image/dora.jpg" })
      .where(eq(users.id, dora.userId));
    await renamed;
    const seen = await shown(bob, post._id);
    expect(seen.comments[0]?.user).toMatchObject({
      username: "dora_renamed",
      avatar: "/media/image/dora.jpg",
    });
  });

  it("never show a viewer the likes and comments of members blocked either way, kept or not", async () => {
    const erin = await newcomer("erin_kept");
    await follow(erin, alice);
    const post = await createPost(alice);
    await like(erin, post);
    await comment(erin, post, "From erin");
    // Carol's read keeps erin's like and comment…
    expect((await shown(carol, post._id)).likes).toEqual([erin.userId]);
    await block(bob, erin);
    // …bob, who blocked erin, reads the same kept summaries without them; carol still sees them.
    const forBob = await shown(bob, post._id);
    expect(forBob.likes).toEqual([]);
    expect(forBob.comments).toEqual([]);
    expect(forBob.likesCount).toBe(1);
    expect((await shown(carol, post._id)).likes).toEqual([erin.userId]);
    // Blocked the other way round too.
    await block(erin, carol);
    expect((await shown(carol, post._id)).likes).toEqual([]);
  });

  it("still list the newest likers a viewer may see when many of the newest are blocked", async () => {
    const post = await createPost(alice);
    const likers: SignedIn[] = [];
    for (let i = 0; i < 14; i++) {
      const member = await newcomer(`liker_kept_${i}`);
      await follow(member, alice);
      await like(member, post);
      likers.push(member);
    }
    const newestFirst = [...likers].reverse();
    expect((await shown(carol, post._id)).likes).toEqual(newestFirst.slice(0, 10).map((m) => m.userId));
    const viewer = await newcomer("many_blocks");
    await follow(viewer, alice);
    for (const member of newestFirst.slice(0, 7)) await block(viewer, member);
    expect((await shown(viewer, post._id)).likes).toEqual(newestFirst.slice(7).map((m) => m.userId));
  });

  it("are forgotten with a deleted member's likes", async () => {
    const fay = await newcomer("fay_kept");
    await follow(fay, alice);
    const post = await createPost(alice);
    await like(fay, post);
    expect((await shown(bob, post._id)).likes).toEqual([fay.userId]);
    const announced = announcement(built, `post:${post._id}`);
    await db.execute(sql`delete from users where id = ${fay.userId}`);
    await announced;
    const seen = await shown(bob, post._id);
    expect(seen.likes).toEqual([]);
    expect(seen.likesCount).toBe(0);
  });
});
