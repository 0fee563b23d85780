import type { Post } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, fewestQueries, type SignedIn } from "../../test/helper.js";

const built = await buildTestApp();
const {
  call,
  persona,
  newcomer,
  createPost,
  follow,
  like,
  comment,
  makePrivate,
  requestFollow,
  acceptFollow,
  photoOf,
  videoOf,
} = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

describe("POST /posts", () => {
  it("creates a post with spec §3's fields", async () => {
    const response = await call(alice, "POST", "/posts", {
      caption: "  Sunset at the pier  ",
      location: "Brighton",
      tags: "#sunset #sea",
      image: "https://res.cloudinary.com/demo/image/upload/v1/sunset.jpg",
      likesCount: 999,
      userId: bob.userId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().post).toEqual({
      _id: expect.any(String),
      caption: "Sunset at the pier",
      location: "Brighton",
      tags: "#sunset #sea",
      image: "https://res.cloudinary.com/demo/image/upload/v1/sunset.jpg",
      mediaType: "image",
      width: null,
      height: null,
      placeholder: null,
      isReel: false,
      likes: [],
      likesCount: 0,
      isLiked: false,
      comments: [],
      commentsCount: 0,
      commentsCursor: null,
      shares: 0,
      sharesCount: 0,
      isFollowed: false,
      isMyPost: true,
      user: {
        _id: alice.userId,
        username: "alice",
        fullName: "Alice Liddell",
        avatar: "",
        isPrivate: false,
        followersCount: 0,
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("knows a video (this host's by its upload, another host's by its URL), and keeps a flick's flag", async () => {
    for (const clip of [await videoOf(alice), "https://res.cloudinary.com/demo/video/upload/v1/clip.mp4"]) {
      const post = await createPost(alice, { image: clip, isReel: true });
      expect(post).toMatchObject({ mediaType: "video", video: clip, isReel: true });
    }
  });

  it.each([
    ["no media", { caption: "x" }, "image", "Please select a file"],
    ["a script URL", { image: "javascript:alert(1)" }, "image", "Media must be the URL of an uploaded file"],
    ["a number as caption", { image: "/media/image/a.jpg", caption: 5 }, "caption", undefined],
    ["a 1 MB caption", { image: "/media/image/a.jpg", caption: "x".repeat(1_000_000) }, "caption", undefined],
    ["a string as isReel", { image: "/media/image/a.jpg", isReel: "yes" }, "isReel", undefined],
  ])("refuses %s with 400", async (_case, payload, field, message) => {
    const response = await call(alice, "POST", "/posts", payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
    if (message) expect(body.message).toBe(message);
  });

  it("refuses a flick that is not a video", async () => {
    const response = await call(alice, "POST", "/posts", { image: await photoOf(alice), isReel: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "A flick must be a video",
      errors: [{ field: "isReel", message: "A flick must be a video" }],
    });
  });
});

describe("GET /posts/{id}", () => {
  it("shows a post to another member from their point of view", async () => {
    const post = await createPost(alice);
    const response = await call(bob, "GET", `/posts/${post._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().post).toMatchObject({ _id: post._id, isMyPost: false, isFollowed: false });
  });

  it("answers 404 for an unknown post and for an id of no id's form", async () => {
    const unknown = await call(bob, "GET", "/posts/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Post not found" });
    const malformed = await call(bob, "GET", "/posts/42");
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: "Post not found" });
  });

  it("hides a private member's posts from members who do not follow them", async () => {
    const dan = await persona("dan");
    const post = await createPost(dan);
    await makePrivate(dan);

    expect((await call(bob, "GET", `/posts/${post._id}`)).statusCode).toBe(404);
    expect((await call(bob, "POST", `/posts/${post._id}/like`)).statusCode).toBe(404);
    expect((await call(dan, "GET", `/posts/${post._id}`)).statusCode).toBe(200);
    await requestFollow(bob, dan);
    expect((await call(bob, "GET", `/posts/${post._id}`)).statusCode).toBe(404);
    await acceptFollow(dan, bob);
    expect((await call(bob, "GET", `/posts/${post._id}`)).statusCode).toBe(200);
  });
});

describe("PUT and DELETE /posts/{id}", () => {
  it("lets the owner edit a post", async () => {
    const post = await createPost(alice);
    const response = await call(alice, "PUT", `/posts/${post._id}`, { caption: "Edited", location: "Paris" });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Post updated");
    expect(response.json().post).toMatchObject({
      caption: "Edited",
      location: "Paris",
      tags: "",
      image: post.image,
    });
  });

  it("refuses another member's edit and delete with 403, and changes nothing", async () => {
    const post = await createPost(alice, { caption: "Mine" });
    const edit = await call(bob, "PUT", `/posts/${post._id}`, { caption: "Hacked" });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: "Only the post's owner can edit it" });
    const remove = await call(bob, "DELETE", `/posts/${post._id}`);
    expect(remove.statusCode).toBe(403);
    expect((await call(alice, "GET", `/posts/${post._id}`)).json().post.caption).toBe("Mine");
  });

  it("refuses bad edits with 400", async () => {
    const post = await createPost(alice);
    expect((await call(alice, "PUT", `/posts/${post._id}`, { caption: ["x"] })).statusCode).toBe(400);
    expect((await call(alice, "PUT", `/posts/${post._id}`, { isReel: true })).statusCode).toBe(400);
  });

  it("lets the owner delete a post, which is then gone", async () => {
    const post = await createPost(alice);
    const response = await call(alice, "DELETE", `/posts/${post._id}`);
    expect(response.statusCode).toBe(200);
    expect((await call(alice, "GET", `/posts/${post._id}`)).statusCode).toBe(404);
    expect((await call(alice, "DELETE", `/posts/${post._id}`)).statusCode).toBe(404);
  });
});

describe("likes", () => {
  it("likes once per member however often they tap, and unlikes", async () => {
    const post = await createPost(alice);
    const like = () => call(bob, "POST", `/posts/${post._id}/like`);
    await Promise.all([like(), like(), like()]);
    expect((await like()).json()).toEqual({ likes: [bob.userId], isLiked: true, likesCount: 1 });

    const carolLikes = await call(carol, "POST", `/posts/${post._id}/like`);
    expect(carolLikes.json()).toEqual({ likes: [carol.userId, bob.userId], isLiked: true, likesCount: 2 });

    const unlike = await call(bob, "POST", `/posts/${post._id}/unlike`);
    expect(unlike.json()).toEqual({
      message: "Post unliked",
      likes: [carol.userId],
      isLiked: false,
      likesCount: 1,
    });
    expect((await call(bob, "POST", `/posts/${post._id}/unlike`)).json().likesCount).toBe(1);

    const seenByCarol = (await call(carol, "GET", `/posts/${post._id}`)).json().post;
    expect(seenByCarol).toMatchObject({ likesCount: 1, isLiked: true, likes: [carol.userId] });
  });

  it("answers 404 for liking an unknown post", async () => {
    const response = await call(bob, "POST", "/posts/00000000-0000-4000-8000-000000000000/like");
    expect(response.statusCode).toBe(404);
  });
});

describe("comments and shares", () => {
  it("adds a trimmed comment with its author", async () => {
    const post = await createPost(alice);
    const response = await call(bob, "POST", `/posts/${post._id}/comment`, { text: "  Lovely!  " });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      comment: {
        _id: expect.any(String),
        text: "Lovely!",
        createdAt: expect.any(String),
        user: { _id: bob.userId, username: "bob", avatar: "" },
      },
      commentsCount: 1,
    });
    const shown = (await call(alice, "GET", `/posts/${post._id}`)).json().post;
    expect(shown.comments.map((comment: { text: string }) => comment.text)).toEqual(["Lovely!"]);
  });

  it.each([
    ["blank text", { text: "   " }, "Comment cannot be empty"],
    ["no text", {}, "Comment text is required"],
    ["too long a text", { text: "x".repeat(1001) }, "Comment is at most 1000 characters"],
  ])("refuses %s with 400", async (_case, payload, message) => {
    const post = await createPost(alice);
    const response = await call(bob, "POST", `/posts/${post._id}/comment`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("counts shares", async () => {
    const post = await createPost(alice);
    await call(bob, "POST", `/posts/${post._id}/share`);
    const response = await call(carol, "POST", `/posts/${post._id}/share`);
    expect(response.json()).toEqual({ sharesCount: 2 });
  });

  it("counts every share, a member's repeated ones and ones sent at once too", async () => {
    const post = await createPost(alice);
    for (let i = 1; i <= 3; i++) {
      expect((await call(bob, "POST", `/posts/${post._id}/share`)).json()).toEqual({ sharesCount: i });
    }
    const together = await Promise.all(
      Array.from({ length: 5 }, () => call(carol, "POST", `/posts/${post._id}/share`)),
    );
    expect(together.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(together.map((response) => response.json().sharesCount).sort()).toEqual([4, 5, 6, 7, 8]);
    expect((await call(alice, "GET", `/posts/${post._id}`)).json().post.sharesCount).toBe(8);
  });
});

describe("GET /posts (the feed)", () => {
  const feed = (reader: SignedIn, query = "") => call(reader, "GET", `/posts${query}`);

  it("holds the member's own posts and those of members they follow, newest first", async () => {
    const [erin, frank, gina] = await Promise.all([persona("erin"), persona("frank"), persona("gina")]);
    await createPost(erin, { caption: "erin 1" });
    await createPost(frank, { caption: "frank 1" });
    await createPost(gina, { caption: "gina 1" });
    await follow(erin, frank);
    await createPost(frank, { caption: "frank 2" });

    const response = await feed(erin);
    expect(response.statusCode).toBe(200);
    const { posts, nextCursor } = response.json();
    expect(posts.map((p: Post) => p.caption)).toEqual(["frank 2", "frank 1", "erin 1"]);
    expect(posts[0]).toMatchObject({ isFollowed: true, isMyPost: false, user: { followersCount: 1 } });
    expect(nextCursor).toBeNull();
  });

  it("pages by cursor without gaps or repeats", async () => {
    const hank = await persona("hank");
    for (let i = 0; i < 7; i++) await createPost(hank, { caption: `page ${i}` });
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page: { posts: Post[]; nextCursor: string | null } = (await feed(hank, query)).json();
      expect(page.posts.length).toBeLessThanOrEqual(3);
      seen.push(...page.posts.map((p) => p.caption));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(["page 6", "page 5", "page 4", "page 3", "page 2", "page 1", "page 0"]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it.each(["?limit=0", "?limit=51", "?limit=abc", "?cursor=not-a-cursor", `?cursor=${"x".repeat(300)}`])(
    "refuses %s with 400",
    async (query) => {
      const response = await feed(alice, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );

  it("costs the same number of queries for a page of 2 posts and a page of 20", async () => {
    const [reader, followed] = await Promise.all([newcomer("reader"), newcomer("followed")]);
    await follow(reader, followed);
    for (let i = 0; i < 20; i++) {
      const created = await createPost(i % 2 ? reader : followed, { caption: `busy ${i}` });
      await like(carol, created);
      await comment(carol, created, `comment ${i}`);
    }
    const small = await fewestQueries(() => feed(reader, "?limit=2"));
    const large = await fewestQueries(() => feed(reader, "?limit=20"));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(5);
  });
});
