import type { Chat, Message } from "@flik/shared";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { chatMembers, messages, users } from "../../db/schema.js";
import { announcement, factories, type NamedMember } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";

/**
 * Chat lists and messages are kept per node as their members were answered
 * (platform/kept-answers.ts). Whatever changes one, through this node's API, another node or a tool
 * writing to the database, the next read shows it.
 */
const built = await buildTestApp();
const { call, someone, chatBetween, sendMessage } = factories(built);
const { db } = built.database;

let ann: NamedMember;
let ben: NamedMember;
let chat: Chat;
beforeEach(async () => {
  ann = await someone("kept_ann");
  ben = await someone("kept_ben");
  chat = await chatBetween(ann, ben);
});

async function chatList(member: SignedIn): Promise<Chat[]> {
  const response = await call(member, "GET", "/chats");
  expect(response.statusCode).toBe(200);
  return response.json().chats;
}

async function texts(member: SignedIn, chatId = chat._id): Promise<string[]> {
  const response = await call(member, "GET", `/chats/${chatId}/messages?limit=30`);
  expect(response.statusCode).toBe(200);
  return (response.json().messages as Message[]).map((message) => message.text);
}

describe("kept chats and messages", () => {
  it("show a message sent here at once, in the chat and in both lists", async () => {
    await texts(ben);
    expect(await texts(ben)).toEqual([]);
    await chatList(ben);
    await sendMessage(ann, chat, "Hello Ben");
    expect(await texts(ben)).toEqual(["Hello Ben"]);
    const [listed] = await chatList(ben);
    expect(listed).toMatchObject({ unreadCount: 1, lastMessage: { text: "Hello Ben" } });
    expect((await chatList(ann))[0]?.lastMessage?.text).toBe("Hello Ben");
  });

  it("show reading, editing and deleting made here at once", async () => {
    const message = await sendMessage(ann, chat, "Typo hre");
    expect((await chatList(ben))[0]?.unreadCount).toBe(1);
    expect((await call(ben, "PUT", `/messages/${chat._id}/mark-seen`)).statusCode).toBe(200);
    expect((await chatList(ben))[0]?.unreadCount).toBe(0);
    await texts(ben);
    expect((await call(ann, "PUT", `/messages/${message._id}`, { text: "Typo here" })).statusCode).toBe(200);
    expect(await texts(ben)).toEqual(["Typo here"]);
    expect((await call(ann, "DELETE", `/messages/${message._id}`)).statusCode).toBe(200);
    expect(await texts(ben)).toEqual([]);
  });

  it("show a message another node stored, and its deletion there", async () => {
    await texts(ben);
    expect((await chatList(ben))[0]?.lastMessage).toBeNull();
    const stored = announcement(built, `chat:${chat._id}`);
    const [made] = await db
      .insert(messages)
      .values({ chatId: chat._id, senderId: ann.userId, text: "From elsewhere" })
      .returning({ id: messages.id });
    await stored;
    expect(await texts(ben)).toEqual(["From elsewhere"]);
    expect((await chatList(ben))[0]?.lastMessage?.text).toBe("From elsewhere");
    const deleted = announcement(built, `chat:${chat._id}`);
    await db.delete(messages).where(eq(messages.id, made?.id ?? ""));
    await deleted;
    expect(await texts(ben)).toEqual([]);
  });

  it("show a chat another node started with the member", async () => {
    const cat = await someone("kept_cat");
    expect((await chatList(cat)).map((c) => c._id)).toEqual([]);
    expect(await chatList(cat)).toEqual([]);
    const joined = announcement(built, `chats:${cat.userId}`);
    await db.insert(chatMembers).values({ chatId: chat._id, userId: cat.userId, acceptedAt: new Date() });
    await joined;
    expect((await chatList(cat)).map((c) => c._id)).toEqual([chat._id]);
  });

  it("stop answering a member removed from the chat by another node", async () => {
    await sendMessage(ann, chat, "Still here?");
    expect(await texts(ben)).toEqual(["Still here?"]);
    const left = announcement(built, `chat:${chat._id}`);
    await db
      .delete(chatMembers)
      .where(and(eq(chatMembers.chatId, chat._id), eq(chatMembers.userId, ben.userId)));
    await left;
    expect((await call(ben, "GET", `/chats/${chat._id}/messages?limit=30`)).statusCode).toBe(404);
    expect(await chatList(ben)).toEqual([]);
  });

  it("show a member's new name", async () => {
    await sendMessage(ann, chat, "Hi");
    await chatList(ben);
    expect((await chatList(ben))[0]?.lastMessage?.sender.username).toBe(ann.username);
    const renamed = announcement(built, `member:${ann.userId}`);
    await db
      .update(users)
      .set({ username: `${ann.username}_renamed` })
      .where(eq(users.id, ann.userId));
    await renamed;
    expect((await chatList(ben))[0]?.lastMessage?.sender.username).toBe(`${ann.username}_renamed`);
  });
});
