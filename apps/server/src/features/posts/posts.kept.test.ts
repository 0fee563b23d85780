import type { Post } from "@flik/shared";
import { and, desc, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { follows, postLikes, posts, users } from "../../db/schema.js";
import { announcement, factories, type NamedMember } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";

/**
 * Feed pages and posts are kept per node as their viewers were answered (platform/kept-answers.ts).
 * Whatever changes what one shows, through this node's API, another node or a tool writing to the
 * database, the next read shows the change, and nobody keeps seeing what they lost access to.
 */
const built = await buildTestApp();
const { call, someone, createPost, createFlick, follow, like, comment, block, videoOf } = factories(built);
const { db } = built.database;

let author: NamedMember;
let reader: NamedMember;
beforeEach(async () => {
  author = await someone("kept_author");
  reader = await someone("kept_reader");
  await follow(reader, author);
});

async function feed(viewer: SignedIn): Promise<Post[]> {
  const response = await call(viewer, "GET", "/posts?limit=20");
  expect(response.statusCode).toBe(200);
  return response.json().posts;
}

async function postAsSeen(viewer: SignedIn, postId: string) {
  return call(viewer, "GET", `/posts/${postId}`);
}

/** Reads twice, so the second answer would be the kept one if nothing forgot it. */
async function keptFeed(viewer: SignedIn) {
  await feed(viewer);
  return feed(viewer);
}

describe("kept feed pages", () => {
  it("show a followed member's new post at once, made here", async () => {
    expect(await keptFeed(reader)).toEqual([]);
    const post = await createPost(author);
    expect((await feed(reader)).map((p) => p._id)).toEqual([post._id]);
  });

  it("show a followed member's post made by another node, once the database announces it", async () => {
    expect(await keptFeed(reader)).toEqual([]);
    const announced = announcement(built, `author:${author.userId}`);
    const [made] = await db
      .insert(posts)
      .values({ userId: author.userId, image: "/media/image/elsewhere.jpg", mediaType: "image" })
      .returning({ id: posts.id });
    await announced;
    expect((await feed(reader)).map((p) => p._id)).toEqual([made?.id]);
  });

  it("show a post's new caption and its deletion, made by another node", async () => {
    const post = await createPost(author, { caption: "first words" });
    expect((await keptFeed(reader))[0]?.caption).toBe("first words");
    const edited = announcement(built, `post:${post._id}`);
    await db.update(posts).set({ caption: "second words" }).where(eq(posts.id, post._id));
    await edited;
    expect((await feed(reader))[0]?.caption).toBe("second words");
    const deleted = announcement(built, `post:${post._id}`);
    await db.delete(posts).where(eq(posts.id, post._id));
    await deleted;
    expect(await feed(reader)).toEqual([]);
  });

  it("show likes, edits and shares made here at once", async () => {
    const post = await createPost(author, { caption: "before" });
    expect((await keptFeed(reader))[0]?.likesCount).toBe(0);
    await like(reader, post);
    expect((await feed(reader))[0]).toMatchObject({ likesCount: 1, isLiked: true, likes: [reader.userId] });
    expect((await call(author, "PUT", `/posts/${post._id}`, { caption: "after" })).statusCode).toBe(200);
    expect((await feed(reader))[0]?.caption).toBe("after");
    expect((await call(reader, "POST", `/posts/${post._id}/share`)).statusCode).toBe(200);
    expect((await feed(reader))[0]?.sharesCount).toBe(1);
  });

  it("drop a member's posts once the viewer unfollows them, here or on another node", async () => {
    await createPost(author);
    expect(await keptFeed(reader)).toHaveLength(1);
    expect((await call(reader, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    expect(await feed(reader)).toEqual([]);

    await follow(reader, author);
    expect(await keptFeed(reader)).toHaveLength(1);
    const announced = announcement(built, `account:${reader.userId}`);
    await db
      .delete(follows)
      .where(and(eq(follows.followerId, reader.userId), eq(follows.followeeId, author.userId)));
    await announced;
    expect(await feed(reader)).toEqual([]);
  });

  it("show an author's new name, changed here or by another node", async () => {
    await createPost(author);
    await keptFeed(reader);
    expect((await call(author, "PUT", "/user", { fullName: "Kept Renamed" })).statusCode).toBe(200);
    expect((await feed(reader))[0]?.user.fullName).toBe("Kept Renamed");
    const announced = announcement(built, `member:${author.userId}`);
    await db
      .update(users)
      .set({ username: `${author.username}_renamed` })
      .where(eq(users.id, author.userId));
    await announced;
    expect((await feed(reader))[0]?.user.username).toBe(`${author.username}_renamed`);
  });

  it("bring back a liker the viewer unblocked", async () => {
    const liker = await someone("kept_liker");
    const post = await createPost(author);
    await like(liker, post);
    await block(reader, liker);
    expect((await keptFeed(reader))[0]?.likes).toEqual([]);
    expect((await call(reader, "PUT", "/user/unblock", { userId: liker.userId })).statusCode).toBe(200);
    expect((await feed(reader))[0]?.likes).toEqual([liker.userId]);
  });
});

describe("kept feed pages renewed in part (posts.renewal.ts)", () => {
  /** The reader's whole feed, two posts a page, as their ids newest first. */
  async function wholeFeed(viewer: SignedIn): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(viewer, "GET", `/posts?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.statusCode).toBe(200);
      const page: { posts: Post[]; nextCursor: string | null } = response.json();
      ids.push(...page.posts.map((post) => post._id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  /** The posts of `authors` as the database orders them, newest first (what a feed read whole shows). */
  async function newestOf(authors: SignedIn[]): Promise<string[]> {
    const rows = await db
      .select({ id: posts.id })
      .from(posts)
      .where(
        inArray(
          posts.userId,
          authors.map((member) => member.userId),
        ),
      )
      .orderBy(desc(posts.createdAt), desc(posts.id));
    return rows.map((row) => row.id);
  }

  it("merge followed members' new posts into a kept first page in order, none lost or shown twice", async () => {
    const second = await someone("kept_second");
    const third = await someone("kept_third");
    const fourth = await someone("kept_fourth");
    for (const other of [second, third, fourth]) await follow(reader, other);
    const followed = [author, second, third, fourth];
    for (const member of [author, second, author]) await createPost(member);
    expect(await wholeFeed(reader)).toEqual(await newestOf(followed));
    // One member posts; then two at once; then all four (more than are merged: the page is read whole).
    for (const posting of [[second], [author, third], followed]) {
      await wholeFeed(reader); // every page kept
      for (const member of posting) await createPost(member);
      expect(await wholeFeed(reader)).toEqual(await newestOf(followed));
    }
    // A post of the first page deleted by another node: the page is read whole, and still full.
    const [newest] = await newestOf(followed);
    const deleted = announcement(built, `post:${newest}`);
    await db.delete(posts).where(eq(posts.id, newest as string));
    await deleted;
    expect(await wholeFeed(reader)).toEqual(await newestOf(followed));
  });

  it("read a kept first page whole when a member merged into it also lost posts on it", async () => {
    const second = await someone("kept_second");
    await follow(reader, second);
    const followed = [author, second];
    // The page (two posts, and the one past it) is all the author's; the second member's are next, and
    // newer than the author's oldest.
    await createPost(author);
    for (let i = 0; i < 2; i++) await createPost(second);
    const onPage = [];
    for (let i = 0; i < 3; i++) onPage.push(await createPost(author));
    expect(await wholeFeed(reader)).toEqual(await newestOf(followed));
    // Another node deletes the author's posts on the page; then the author posts here.
    for (const post of onPage) {
      const deleted = announcement(built, `post:${post._id}`);
      await db.delete(posts).where(eq(posts.id, post._id));
      await deleted;
    }
    await createPost(author);
    expect(await wholeFeed(reader)).toEqual(await newestOf(followed));
  });

  /** The reader's first page of 20, as ids. */
  async function firstPage(viewer: SignedIn): Promise<string[]> {
    return (await feed(viewer)).map((post) => post._id);
  }

  it("merge a member's new posts into a kept page of 20 however many they made, and read it whole when one of theirs left it", async () => {
    const second = await someone("kept_second");
    await follow(reader, second);
    const followed = [author, second];
    const newest20 = async () => (await newestOf(followed)).slice(0, 20);
    // The page: the author's eight newest, then the second member's. Older posts of both are off it.
    for (let i = 0; i < 34; i++) await createPost(i < 6 || i >= 26 ? author : second);
    expect(await firstPage(reader)).toEqual(await newest20());
    // Three new ones at once: more than a merge reads beyond the author's posts on the page, which
    // then misses the oldest of them. It was not pushed off: the page is read whole.
    await firstPage(reader);
    for (let i = 0; i < 3; i++) await createPost(author);
    expect(await firstPage(reader)).toEqual(await newest20());
    // One new one, read with the author's posts on the page and an older one, cut off.
    await createPost(author);
    expect(await firstPage(reader)).toEqual(await newest20());
    // One of the author's posts on the page deleted by another node, then a new one made here.
    const theirs = (await newestOf([author]))[2] as string;
    const deleted = announcement(built, `post:${theirs}`);
    await db.delete(posts).where(eq(posts.id, theirs));
    await deleted;
    await createPost(author);
    expect(await firstPage(reader)).toEqual(await newest20());
  });

  it("show a commenter's new name on a kept page, changed by another node", async () => {
    const commenter = await someone("kept_commenter");
    const post = await createPost(author);
    await comment(commenter, post, "First!");
    expect((await keptFeed(reader))[0]?.comments).toMatchObject([{ user: { username: commenter.username } }]);
    const announced = announcement(built, `member:${commenter.userId}`);
    await db
      .update(users)
      .set({ username: `${commenter.username}_new` })
      .where(eq(users.id, commenter.userId));
    await announced;
    expect((await feed(reader))[0]?.comments).toMatchObject([
      { text: "First!", user: { username: `${commenter.username}_new` } },
    ]);
  });

  it("show a like of another node on a kept page, with the viewer's own like", async () => {
    const other = await someone("kept_other_liker");
    const post = await createPost(author);
    await like(reader, post);
    expect((await keptFeed(reader))[0]).toMatchObject({ likesCount: 1, isLiked: true });
    const announced = announcement(built, `post:${post._id}`);
    await db.insert(postLikes).values({ postId: post._id, userId: other.userId, emoji: "❤️" });
    await announced;
    const [seen] = await feed(reader);
    expect(seen).toMatchObject({ likesCount: 2, isLiked: true });
    expect(seen?.likes).toEqual(expect.arrayContaining([reader.userId, other.userId]));
  });
});

describe("kept posts", () => {
  it("are not shown to a viewer the author blocks", async () => {
    const post = await createPost(author);
    await postAsSeen(reader, post._id);
    expect((await postAsSeen(reader, post._id)).statusCode).toBe(200);
    await block(author, reader);
    expect((await postAsSeen(reader, post._id)).statusCode).toBe(404);
    expect(await feed(reader)).toEqual([]);
  });

  it("are not shown once a private author's follower unfollows", async () => {
    expect((await call(author, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    const post = await createPost(author);
    await postAsSeen(reader, post._id);
    expect((await postAsSeen(reader, post._id)).statusCode).toBe(200);
    expect((await call(reader, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    expect((await postAsSeen(reader, post._id)).statusCode).toBe(404);
  });

  it("are not shown to a stranger once the author goes private, here or on another node", async () => {
    const stranger = await someone("kept_stranger");
    const post = await createPost(author);
    await postAsSeen(stranger, post._id);
    expect((await postAsSeen(stranger, post._id)).statusCode).toBe(200);
    expect((await call(author, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    expect((await postAsSeen(stranger, post._id)).statusCode).toBe(404);

    expect((await call(author, "PUT", "/user/privacy", { isPrivate: false })).statusCode).toBe(200);
    expect((await postAsSeen(stranger, post._id)).statusCode).toBe(200);
    const announced = announcement(built, `account:${author.userId}`);
    await db.update(users).set({ isPrivate: true }).where(eq(users.id, author.userId));
    await announced;
    expect((await postAsSeen(stranger, post._id)).statusCode).toBe(404);
  });
});

describe("kept flicks feeds", () => {
  const flickIds = async (viewer: SignedIn) => {
    const response = await call(viewer, "GET", "/flicks?limit=50");
    expect(response.statusCode).toBe(200);
    return (response.json().flicks as { _id: string }[]).map((flick) => flick._id);
  };

  it("show anyone's new flick, made here or by another node", async () => {
    const stranger = await someone("kept_flicker");
    await flickIds(reader);
    const flick = await createFlick(stranger);
    expect(await flickIds(reader)).toContain(flick._id);
    const announced = announcement(built, `author:${stranger.userId}`);
    const [made] = await db
      .insert(posts)
      .values({
        userId: stranger.userId,
        image: "/media/video/elsewhere.mp4",
        mediaType: "video",
        isReel: true,
      })
      .returning({ id: posts.id });
    await announced;
    expect(await flickIds(reader)).toContain(made?.id);
  });

  it("show a photo turned into a video, here or by another node", async () => {
    const photo = await createPost(author);
    const other = await createPost(author);
    await flickIds(reader);
    expect(await flickIds(reader)).not.toContain(photo._id);
    expect(
      (await call(author, "PUT", `/posts/${photo._id}`, { image: await videoOf(author) })).statusCode,
    ).toBe(200);
    expect(await flickIds(reader)).toContain(photo._id);
    const announced = announcement(built, `author:${author.userId}`);
    await db
      .update(posts)
      .set({ image: "/media/video/too.mp4", mediaType: "video" })
      .where(eq(posts.id, other._id));
    await announced;
    expect(await flickIds(reader)).toContain(other._id);
  });

  it("show a private member's flicks once they go public on another node, and hide them again", async () => {
    const shy = await someone("kept_shy");
    expect((await call(shy, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    const flick = await createFlick(shy);
    await flickIds(reader);
    expect(await flickIds(reader)).not.toContain(flick._id);
    const wentPublic = announcement(built, `privacy:${shy.userId}`);
    await db.update(users).set({ isPrivate: false }).where(eq(users.id, shy.userId));
    await wentPublic;
    expect(await flickIds(reader)).toContain(flick._id);
    expect((await call(shy, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    expect(await flickIds(reader)).not.toContain(flick._id);
  });
});

describe("kept profiles", () => {
  const profile = async (viewer: SignedIn, username: string) => {
    const response = await call(viewer, "GET", `/profile/${username}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { user: { postsCount: number; isFollowed: boolean }; posts: Post[] };
  };

  it("show the member's new post and count, made by another node", async () => {
    const name = author.username;
    await profile(reader, name);
    expect((await profile(reader, name)).user.postsCount).toBe(0);
    const announced = announcement(built, `author:${author.userId}`);
    await db
      .insert(posts)
      .values({ userId: author.userId, image: "/media/image/elsewhere.jpg", mediaType: "image" });
    await announced;
    const seen = await profile(reader, name);
    expect(seen.user.postsCount).toBe(1);
    expect(seen.posts).toHaveLength(1);
    const grid = await call(reader, "GET", `/profile/${name}/posts?limit=30`);
    expect(grid.json().posts).toHaveLength(1);
  });

  it("show a private member's posts once their follow request is accepted, and not after an unfollow", async () => {
    const name = author.username;
    await createPost(author);
    expect((await call(author, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    const stranger = await someone("kept_asker");
    await profile(stranger, name);
    expect((await profile(stranger, name)).posts).toEqual([]);
    expect((await call(stranger, "POST", `/follow/${author.userId}`)).statusCode).toBe(200);
    expect((await call(author, "POST", `/follow-requests/${stranger.userId}/accept`)).statusCode).toBe(200);
    const accepted = await profile(stranger, name);
    expect(accepted.posts).toHaveLength(1);
    expect(accepted.user.isFollowed).toBe(true);
    expect((await call(stranger, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    expect((await profile(stranger, name)).posts).toEqual([]);
  });

  it("show the viewer's follow request at once, and its withdrawal", async () => {
    const name = author.username;
    expect((await call(author, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    const asker = await someone("kept_requester");
    const isRequested = async () =>
      ((await call(asker, "GET", `/profile/${name}`)).json() as { user: { isRequested: boolean } }).user
        .isRequested;
    await isRequested();
    expect(await isRequested()).toBe(false);
    expect((await call(asker, "POST", `/follow/${author.userId}`)).statusCode).toBe(200);
    expect(await isRequested()).toBe(true);
    expect((await call(asker, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    expect(await isRequested()).toBe(false);
  });

  it("show the member's post count after they delete a post their first page does not show", async () => {
    const name = author.username;
    const oldest = await createPost(author);
    for (let i = 0; i < 30; i++) await createPost(author);
    await profile(author, name);
    expect((await profile(author, name)).user.postsCount).toBe(31);
    expect((await call(author, "DELETE", `/posts/${oldest._id}`)).statusCode).toBe(200);
    expect((await profile(author, name)).user.postsCount).toBe(30);
  });

  it("are not answered once the member blocks the viewer", async () => {
    const name = author.username;
    await profile(reader, name);
    await profile(reader, name);
    await block(author, reader);
    expect((await call(reader, "GET", `/profile/${name}`)).statusCode).toBe(404);
  });
});
