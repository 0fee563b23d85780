import type { Chat, Message, Notification, Post } from "@flik/shared";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import type { ChangeAnnouncements } from "./db/change-announcements.js";
import { openTestDatabase } from "./test/database.js";
import { factories, type NamedMember } from "./test/factories.js";
import { type SignedIn, testConfig } from "./test/helper.js";

/**
 * A member reads their own change at once on the node that made it, before the database's announcement
 * of it comes back (platform/kept-answers.ts): here the announcements are held back while each change
 * is made and read, so only what the node forgets by itself can make the read right.
 */
function heldAnnouncements(heard: ChangeAnnouncements) {
  const listeners = new Set<(announcement: string | null) => void>();
  let held: (string | null)[] | null = null;
  heard.subscribe((announcement) => {
    if (held) held.push(announcement);
    else for (const listener of listeners) listener(announcement);
  });
  return {
    get live() {
      return heard.live;
    },
    subscribe(listener: (announcement: string | null) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close: () => heard.close(),
    hold() {
      held = [];
    },
    release() {
      const late = held ?? [];
      held = null;
      for (const announcement of late) for (const listener of listeners) listener(announcement);
    },
  };
}

const database = await openTestDatabase();
const announcements = heldAnnouncements(database.announcements);
const built = await buildApp(testConfig(), { database: { ...database, announcements } });
afterAll(async () => {
  await built.app.close();
  await database.close();
});
const { call, someone, createPost, createFlick, follow, chatBetween, sendMessage, videoOf } =
  factories(built);

let author: NamedMember;
let reader: NamedMember;
beforeEach(async () => {
  author = await someone("here_author");
  reader = await someone("here_reader");
  await follow(reader, author);
  announcements.hold();
});
afterEach(() => announcements.release());

async function json<T>(member: SignedIn, path: string): Promise<T> {
  const response = await call(member, "GET", path);
  expect(response.statusCode).toBe(200);
  return response.json();
}
const feed = async (member: SignedIn) => (await json<{ posts: Post[] }>(member, "/posts?limit=20")).posts;
const flickIds = async (member: SignedIn) =>
  (await json<{ flicks: { _id: string }[] }>(member, "/flicks?limit=50")).flicks.map((f) => f._id);
const profile = (member: SignedIn, name: string) =>
  json<{ user: { postsCount: number; isRequested: boolean } }>(member, `/profile/${name}`);

describe("with the database's announcements held back, a member reads their own change", () => {
  it("a post, a like, a comment, an edit and a share", async () => {
    await feed(author);
    const post = await createPost(author);
    expect((await feed(author)).map((p) => p._id)).toEqual([post._id]);
    await feed(reader);
    expect((await call(reader, "POST", `/posts/${post._id}/like`)).statusCode).toBe(200);
    expect((await feed(reader))[0]).toMatchObject({ isLiked: true, likesCount: 1 });
    expect((await call(reader, "POST", `/posts/${post._id}/comment`, { text: "Mine" })).statusCode).toBe(201);
    expect((await feed(reader))[0]?.comments.map((c) => c.text)).toEqual(["Mine"]);
    expect((await call(author, "PUT", `/posts/${post._id}`, { caption: "Edited" })).statusCode).toBe(200);
    expect((await json<{ post: Post }>(author, `/posts/${post._id}`)).post.caption).toBe("Edited");
    expect((await call(reader, "POST", `/posts/${post._id}/share`)).statusCode).toBe(200);
    expect((await feed(reader))[0]?.sharesCount).toBe(1);
  });

  it("a new name, on their comments too", async () => {
    const post = await createPost(author);
    expect((await call(reader, "POST", `/posts/${post._id}/comment`, { text: "Hi" })).statusCode).toBe(201);
    await feed(reader);
    expect((await call(reader, "PUT", "/user", { username: `${reader.username}_renamed` })).statusCode).toBe(
      200,
    );
    expect((await feed(reader))[0]?.comments[0]?.user.username).toBe(`${reader.username}_renamed`);
  });

  it("an unfollow, a follow request and its withdrawal", async () => {
    await createPost(author);
    expect(await feed(reader)).toHaveLength(1);
    expect((await call(reader, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    expect(await feed(reader)).toEqual([]);
    expect((await call(author, "PUT", "/user/privacy", { isPrivate: true })).statusCode).toBe(200);
    const name = author.username;
    expect((await profile(reader, name)).user.isRequested).toBe(false);
    expect((await call(reader, "POST", `/follow/${author.userId}`)).statusCode).toBe(200);
    expect((await profile(reader, name)).user.isRequested).toBe(true);
    expect((await call(reader, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    expect((await profile(reader, name)).user.isRequested).toBe(false);
  });

  it("a photo turned into a video, and a deleted post's count", async () => {
    const photo = await createPost(author);
    const older = await createFlick(author);
    for (let i = 0; i < 30; i++) await createPost(author);
    const name = author.username;
    expect((await profile(author, name)).user.postsCount).toBe(32);
    expect(await flickIds(author)).not.toContain(photo._id);
    expect(
      (await call(author, "PUT", `/posts/${photo._id}`, { image: await videoOf(author) })).statusCode,
    ).toBe(200);
    expect(await flickIds(author)).toContain(photo._id);
    expect((await call(author, "DELETE", `/flicks/${older._id}`)).statusCode).toBe(200);
    expect((await profile(author, name)).user.postsCount).toBe(31);
  });

  it("a notification read, a chat message, its reading and its edit", async () => {
    const post = await createPost(author);
    expect((await call(reader, "POST", `/posts/${post._id}/like`)).statusCode).toBe(200);
    const notifications = () =>
      json<{ notifications: Notification[]; unreadCount: number }>(author, "/notifications");
    // The reader's follow and like.
    expect((await notifications()).unreadCount).toBe(2);
    expect((await call(author, "PUT", "/notifications/mark-all")).statusCode).toBe(200);
    expect((await notifications()).unreadCount).toBe(0);

    const chat = await chatBetween(author, reader);
    const chats = async () => (await json<{ chats: Chat[] }>(reader, "/chats")).chats;
    const texts = async () =>
      (await json<{ messages: Message[] }>(author, `/chats/${chat._id}/messages?limit=30`)).messages.map(
        (m) => m.text,
      );
    await texts();
    await chats();
    const message = await sendMessage(author, chat, "Hello");
    expect(await texts()).toEqual(["Hello"]);
    expect((await chats())[0]?.unreadCount).toBe(1);
    expect((await call(reader, "PUT", `/messages/${chat._id}/mark-seen`)).statusCode).toBe(200);
    expect((await chats())[0]?.unreadCount).toBe(0);
    expect((await call(author, "PUT", `/messages/${message._id}`, { text: "Hello!" })).statusCode).toBe(200);
    expect(await texts()).toEqual(["Hello!"]);
  });
});
