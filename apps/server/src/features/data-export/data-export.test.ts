import { describe, expect, it } from "vitest";
import { notifications, oneTimeCodes, postLikes, posts } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, statementLog } from "../../test/helper.js";
import { DOWNLOADS_PER_HOUR } from "./data-export.routes.js";
import { EXPORT_PAGE_SIZE } from "./data-export.service.js";

const built = await buildTestApp();
const {
  call,
  persona,
  newcomer,
  createPost,
  follow,
  like,
  comment,
  chatBetween,
  sendMessage,
  block,
  photoOf,
} = factories(built);

const download = (member: { headers: { authorization: string } }) =>
  built.app.inject({ method: "GET", url: "/api/user/download-data", headers: member.headers });

describe("GET /user/download-data", () => {
  it("is a user-data.json attachment with everything the member owns, and no secret", async () => {
    const alice = await persona("alice");
    const bob = await persona("bob");
    const carol = await persona("carol");
    const sunrise = await createPost(alice, { caption: "Sunrise over the bay" });
    await createPost(alice, { caption: "Second coffee" });
    const bobsPost = await createPost(bob, { caption: "Bob's garden" });
    await like(alice, bobsPost);
    await comment(alice, bobsPost, "Lovely roses");
    await like(bob, sunrise);
    await follow(alice, bob);
    await follow(carol, alice);
    const chat = await chatBetween(alice, bob);
    await sendMessage(alice, chat, "Are we still on for Friday?");
    // Whom alice blocked, and follow requests both ways (a private member and one who asks her).
    const pest = await newcomer("pest");
    await block(alice, pest);
    const hidden = await newcomer("hidden");
    await call(hidden, "PUT", "/user/privacy", { isPrivate: true });
    await call(alice, "POST", `/follow/${hidden.userId}`);
    const asker = await newcomer("asker");
    await call(alice, "PUT", "/user/privacy", { isPrivate: true });
    await call(asker, "POST", `/follow/${alice.userId}`);
    await sendMessage(bob, chat, "Bob's own words, only his");
    await call(alice, "POST", "/highlights", { name: "Trips", type: "image", src: await photoOf(alice) });
    await call(alice, "POST", "/support", { message: "Where is the dark mode?" });
    await call(alice, "POST", "/stories", { url: "https://cdn.example.com/v/morning.mp4" });
    // A code waiting for alice: stored as a hash, which must never leave.
    await built.database.db.insert(oneTimeCodes).values({
      userId: alice.userId,
      purpose: "email_change",
      codeHash: "$argon2id$v=19$m=19456,t=2,p=1$secret-code-hash",
      expiresAt: new Date(Date.now() + 600_000),
    });

    const response = await download(alice);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="user-data.json"');
    expect(response.headers["content-length"]).toBeUndefined(); // streamed, not measured first
    const data = JSON.parse(response.body);

    expect(data.profile).toMatchObject({ id: alice.userId, username: "alice", email: "alice@example.com" });
    expect(data.posts.map((post: { caption: string }) => post.caption)).toEqual([
      "Sunrise over the bay",
      "Second coffee",
    ]);
    expect(data.posts[0]).toMatchObject({ id: sunrise._id, likesCount: 1, commentsCount: 0 });
    expect(data.comments).toEqual([expect.objectContaining({ postId: bobsPost._id, text: "Lovely roses" })]);
    expect(data.likes).toEqual([expect.objectContaining({ postId: bobsPost._id, emoji: "❤️" })]);
    expect(data.following).toEqual([expect.objectContaining({ id: bob.userId, username: "bob" })]);
    expect(data.blockedAccounts).toEqual([{ id: pest.userId, username: "pest", since: expect.any(String) }]);
    expect(data.followRequestsSent).toEqual([
      { id: hidden.userId, username: "hidden", since: expect.any(String) },
    ]);
    expect(data.followRequestsReceived).toEqual([
      { id: asker.userId, username: "asker", since: expect.any(String) },
    ]);
    expect(data.followers).toEqual([expect.objectContaining({ id: carol.userId, username: "carol" })]);
    expect(data.highlights).toEqual([expect.objectContaining({ name: "Trips", type: "image" })]);
    expect(data.stories).toEqual([
      {
        id: expect.any(String),
        mediaType: "video",
        mediaUrl: "https://cdn.example.com/v/morning.mp4",
        viewersCount: 0,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0]).toMatchObject({
      id: chat._id,
      isGroupChat: false,
      participants: [
        { id: alice.userId, username: "alice" },
        { id: bob.userId, username: "bob" },
      ],
    });
    // The messages she sent; what bob wrote to her is his.
    expect(data.chats[0].messagesSent).toEqual([
      expect.objectContaining({ text: "Are we still on for Friday?" }),
    ]);
    expect(response.body).not.toContain("Bob's own words");
    expect(data.notifications.map((n: { type: string }) => n.type).sort()).toEqual([
      "follow",
      "follow_request",
      "like",
    ]);
    expect(data.notifications).toContainEqual(
      expect.objectContaining({ type: "follow", from: { id: carol.userId, username: "carol" } }),
    );
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sessions).toContainEqual(
      expect.objectContaining({
        id: alice.sessionId,
        device: expect.any(String),
        browser: expect.any(String),
      }),
    );
    expect(data.supportRequests).toEqual([expect.objectContaining({ message: "Where is the dark mode?" })]);

    // No secret, under any name.
    expect(response.body).not.toMatch(/password|passwordHash|password_hash|code_?hash|argon2|token/i);
    expect(response.body).not.toContain("secret-code-hash");
    expect(response.body).not.toContain(alice.token);
    expect(response.body).not.toContain(alice.token.split(".")[2]);
  });

  it("holds empty lists for a member with nothing yet, and still parses", async () => {
    const dan = await persona("dan");
    const data = JSON.parse((await download(dan)).body);
    expect(data).toMatchObject({
      format: "flik-user-data",
      profile: { username: "dan" },
      posts: [],
      comments: [],
      likes: [],
      followers: [],
      following: [],
      followRequestsReceived: [],
      followRequestsSent: [],
      blockedAccounts: [],
      highlights: [],
      stories: [],
      chats: [],
      notifications: [],
      supportRequests: [],
    });
  });

  it("holds a chat someone opened with the member only once its first message reached them", async () => {
    const [opener, other] = [await newcomer("opener_x"), await newcomer("other_x")];
    const chat = await chatBetween(opener, other, { accepted: false });
    const chatIds = async (member: typeof other) =>
      JSON.parse((await download(member)).body).chats.map((listed: { id: string }) => listed.id);
    expect(await chatIds(opener)).toEqual([chat._id]);
    expect(await chatIds(other)).toEqual([]);
    await sendMessage(opener, chat, "Hello");
    expect(await chatIds(other)).toEqual([chat._id]);
  });

  it("holds no notification from a member blocked either way, however it was stored", async () => {
    const reader = await newcomer("reader");
    const [blocker, blocked, friend] = [
      await newcomer("blocker_x"),
      await newcomer("blocked_x"),
      await newcomer("friend_x"),
    ];
    const post = await createPost(reader);
    for (const other of [blocker, blocked, friend]) await comment(other, post, `From ${other.userId}`);
    await block(blocker, reader);
    await block(reader, blocked);
    // A block deletes them; put back behind the API's back, as a comment racing the block could leave them.
    await built.database.db.insert(notifications).values(
      [blocker, blocked].map((other) => ({
        recipientId: reader.userId,
        senderId: other.userId,
        type: "comment",
        postId: post._id,
        comment: `From ${other.userId}`,
      })),
    );
    const listed = JSON.parse((await download(reader)).body).notifications;
    expect(listed.map((n: { from: { id: string } }) => n.from.id)).toEqual([friend.userId]);
  });

  it(`reads a long list in pages of ${EXPORT_PAGE_SIZE} and writes every row once, ties in time included`, async () => {
    const erin = await persona("erin");
    const author = await newcomer("prolific");
    const count = 2 * EXPORT_PAGE_SIZE + 200;
    const made = await built.database.db
      .insert(posts)
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId: author.userId,
          image: `/media/image/p${i}.jpg`,
          mediaType: "image",
          caption: `Post ${i}`,
        })),
      )
      .returning({ id: posts.id });
    // All at one moment: only the post ids tell the likes apart, across the pages' borders too.
    const at = new Date("2026-01-02T03:04:05.678Z");
    await built.database.db
      .insert(postLikes)
      .values(made.map(({ id }) => ({ postId: id, userId: erin.userId, createdAt: at })));

    const before = statementLog.length;
    const response = await download(erin);
    expect(response.statusCode).toBe(200);
    const likes: { postId: string }[] = JSON.parse(response.body).likes;
    expect(likes).toHaveLength(count);
    expect(new Set(likes.map((like) => like.postId))).toEqual(new Set(made.map(({ id }) => id)));
    const likePages = statementLog
      .slice(before)
      .filter((statement) => /from "post_likes"/.test(statement.sql));
    expect(likePages).toHaveLength(3);
    expect(likePages.every((page) => page.params.includes(EXPORT_PAGE_SIZE))).toBe(true);
  });

  it(`is allowed ${DOWNLOADS_PER_HOUR} times an hour per member, then 429`, async () => {
    const frank = await persona("frank");
    for (let i = 0; i < DOWNLOADS_PER_HOUR; i++) expect((await download(frank)).statusCode).toBe(200);
    const refused = await download(frank);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(`^You can download your data ${DOWNLOADS_PER_HOUR} times an hour\\. Please try again in `),
    );
    // Another member's downloads are their own.
    expect((await download(await persona("gina"))).statusCode).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const response = await built.app.inject({ method: "GET", url: "/api/user/download-data" });
    expect(response.statusCode).toBe(401);
  });
});
