import type { Chat } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chats, messages } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  eventQueue,
  realtimeBed,
  roundTrip,
  type SignedIn,
  type TestSocket,
} from "../../test/helper.js";

/**
 * Spec §10: a one-to-one chat reaches its other member with its first message, as on Instagram. Until
 * then only the member who opened it has it: not on the other's list, not a request, nowhere in their
 * unread count, no event and no presence. Groups reach everyone at once (chats.test.ts).
 */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, someone, follow, block, sendMessage, chatsOf, chatOf, unreadOf, messagesOf } = factories(built);

/** `sender` opens a one-to-one chat with `recipient` (who follows the sender when `followed`). */
async function opened(options: { followed: boolean }) {
  const sender = await someone("opener");
  const recipient = await someone("opened");
  if (options.followed) await follow(recipient, sender);
  const response = await call(sender, "POST", "/chats", { userId: recipient.userId });
  expect(response.statusCode).toBe(201);
  return { sender, recipient, chat: response.json().chat as Chat };
}

/** Every event a socket hears from now on, by name, in the order heard. */
function everything(socket: TestSocket) {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

describe("a one-to-one chat without a message", () => {
  for (const followed of [true, false])
    it(`is listed for its opener only, and counts nowhere for the other (${followed ? "a follower" : "a stranger"})`, async () => {
      const { sender, recipient, chat } = await opened({ followed });
      expect(chat).toMatchObject({ lastMessage: null, unreadCount: 0, isRequest: false });

      expect(await chatOf(sender, chat._id)).toMatchObject({ _id: chat._id, lastMessage: null });
      expect(await chatsOf(recipient)).toEqual([]);
      expect(await unreadOf(recipient)).toBe(0);

      // Opening it again answers the same chat, still the opener's alone.
      const again = await call(sender, "POST", "/chats", { userId: recipient.userId });
      expect(again.statusCode).toBe(200);
      expect(again.json().chat._id).toBe(chat._id);
      expect(await chatsOf(recipient)).toEqual([]);

      // The first message brings it, as a chat always came: in the inbox or in the requests.
      await sendMessage(sender, chat, "Hi there");
      expect(await chatOf(recipient, chat._id)).toMatchObject({
        isRequest: !followed,
        unreadCount: 1,
        lastMessage: { text: "Hi there" },
      });
      expect(await unreadOf(recipient)).toBe(followed ? 1 : 0);
      expect((await messagesOf(recipient, chat._id)).map((m) => m.text)).toEqual(["Hi there"]);
      expect(await chatOf(sender, chat._id)).toMatchObject({ unreadCount: 0, isRequest: false });
    });

  it("is the other member's as soon as they open it themselves, or accept it by its id", async () => {
    const { sender, recipient, chat } = await opened({ followed: true });
    const theirs = await call(recipient, "POST", "/chats", { userId: sender.userId });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().chat._id).toBe(chat._id);
    expect(await chatOf(recipient, chat._id)).toMatchObject({ lastMessage: null, isRequest: false });

    const requested = await opened({ followed: false });
    const accepted = await call(requested.recipient, "POST", `/chats/${requested.chat._id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().chat).toMatchObject({ _id: requested.chat._id, isRequest: false });
    expect(await chatOf(requested.recipient, requested.chat._id)).toMatchObject({ isRequest: false });
  });

  it("once reached stays, though its only message is deleted", async () => {
    const { sender, recipient, chat } = await opened({ followed: true });
    const message = await sendMessage(sender, chat, "Oops");
    expect((await call(sender, "DELETE", `/messages/${message._id}`)).statusCode).toBe(200);
    expect(await chatOf(recipient, chat._id)).toMatchObject({ lastMessage: null, unreadCount: 0 });
  });

  it("is reached by a first message stored in the very millisecond it was made", async () => {
    const { sender, recipient, chat } = await opened({ followed: true });
    const message = await sendMessage(sender, chat, "Quick");
    // As if the message had been stored in the chat's own millisecond (no reads of it were kept yet).
    const { db } = built.database;
    const [made] = await db.select({ at: chats.createdAt }).from(chats).where(eq(chats.id, chat._id));
    if (!made) throw new Error("no chat");
    await db.update(messages).set({ createdAt: made.at }).where(eq(messages.id, message._id));
    await db.update(chats).set({ lastMessageAt: made.at }).where(eq(chats.id, chat._id));

    expect(await chatOf(recipient, chat._id)).toMatchObject({
      unreadCount: 1,
      lastMessage: { text: "Quick" },
    });
    expect((await messagesOf(recipient, chat._id)).map((m) => m.text)).toEqual(["Quick"]);
    expect(await unreadOf(recipient)).toBe(1);
  });

  it("refuses bad input with a clear 4xx", async () => {
    const { sender, recipient, chat } = await opened({ followed: true });
    const outsider = await someone("outsider");
    const cases: [object, number, string][] = [
      [{ userId: 42 }, 400, ""],
      [{ userId: null }, 400, ""],
      [{ userId: [recipient.userId] }, 400, ""],
      [{ userId: { id: recipient.userId } }, 400, ""],
      [{ userId: chat._id }, 404, "Member not found"],
      [{ userId: sender.userId }, 400, "You cannot start a chat with yourself"],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call(sender, "POST", "/chats", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toEqual(message || expect.any(String));
    }
    // Another member's chat does not exist for an outsider, whatever they try on it.
    for (const [method, path] of [
      ["GET", `/chats/${chat._id}/messages`],
      ["POST", `/chats/${chat._id}/accept`],
      ["POST", `/chats/${chat._id}/messages`],
      ["DELETE", `/chats/${chat._id}`],
      ["PUT", `/messages/${chat._id}/mark-seen`],
    ] as const) {
      const response = await call(outsider, method, path, method === "POST" ? { text: "Hi" } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().message).toBe("Chat not found");
    }
    // A block either way: no new chat, and the empty one takes no message.
    await block(recipient, sender);
    for (const [member, other] of [
      [sender, recipient],
      [recipient, sender],
    ] as const) {
      const refused = await call(member, "POST", "/chats", { userId: other.userId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("You can't message this account");
    }
    // Among a new group's members, one blocked either way is not named: the blocked would learn by whom.
    for (const [member, other] of [
      [sender, recipient],
      [recipient, sender],
    ] as const) {
      const group = await call(member, "POST", "/chats", {
        userIds: [outsider.userId, other.userId],
        name: "Trio",
      });
      expect(group.statusCode).toBe(403);
      expect(group.json().message).toBe("You can't message this account");
    }
    const sent = await call(sender, "POST", `/chats/${chat._id}/messages`, { text: "Still there?" });
    expect(sent.statusCode).toBe(403);
    expect(await chatsOf(recipient)).toEqual([]);
  });
});

describe("live, a one-to-one chat without a message", () => {
  it("tells the other member nothing, then everything with its first message, the chat first", async () => {
    const sender = await someone("live_opener");
    const recipient = await someone("live_opened");
    await follow(recipient, sender);
    const [senderSocket, recipientSocket] = await Promise.all([socketOf(sender), socketOf(recipient)]);
    const heard = everything(recipientSocket);

    const chat: Chat = (await call(sender, "POST", "/chats", { userId: recipient.userId })).json().chat;
    // The opener reads it and types in it: still nothing reaches the other member.
    expect(await senderSocket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    senderSocket.emit("typing", chat._id);
    expect((await call(sender, "PUT", `/messages/${chat._id}/mark-seen`)).statusCode).toBe(200);
    await roundTrip(senderSocket);
    await roundTrip(recipientSocket);
    expect(heard.filter(({ event }) => event !== "onlineUsers")).toEqual([]);
    expect(JSON.stringify(heard)).not.toContain(chat._id);
    expect(JSON.stringify(heard)).not.toContain(sender.userId);

    await sendMessage(sender, chat, "Hello!");
    await roundTrip(recipientSocket);
    const events = heard.filter(({ payload }) => JSON.stringify(payload).includes(chat._id));
    expect(events.map(({ event }) => event)).toEqual(["chatUpdated", "newMessage"]);
    expect(events[0]?.payload).toMatchObject({
      chat: { _id: chat._id, isRequest: false, lastMessage: null, unreadCount: 0 },
    });
    expect(events[1]?.payload).toMatchObject({ message: { text: "Hello!" } });
    // Later messages come alone.
    await sendMessage(sender, chat, "Again");
    await roundTrip(recipientSocket);
    expect(heard.filter(({ event }) => event === "chatUpdated")).toHaveLength(1);
  });

  it("comes to a member who doesn't follow the sender as a request with its first message", async () => {
    const sender = await someone("live_stranger");
    const recipient = await someone("live_requested");
    const recipientSocket = await socketOf(recipient);
    const updates = eventQueue(recipientSocket, "chatUpdated");
    const newMessages = collectEvents(recipientSocket, "newMessage");
    const chat: Chat = (await call(sender, "POST", "/chats", { userId: recipient.userId })).json().chat;
    await roundTrip(recipientSocket);
    expect(updates.received).toEqual([]);

    await sendMessage(sender, chat, "Hello stranger");
    expect((await updates.next()).chat).toMatchObject({ _id: chat._id, isRequest: true });
    await roundTrip(recipientSocket);
    expect(newMessages.map((e) => e.message.text)).toEqual(["Hello stranger"]);
  });

  it("shares no presence until its first message", async () => {
    const sender = await someone("presence_opener");
    const recipient = await someone("presence_opened");
    await follow(recipient, sender);
    await call(sender, "POST", "/chats", { userId: recipient.userId });
    const chat = (await chatsOf(sender))[0];
    if (!chat) throw new Error("no chat");

    /** A member's socket and the presence lists it hears from the moment it connects. */
    const presenceOf = async (member: SignedIn) => {
      let queue: ReturnType<typeof eventQueue<"onlineUsers">> | undefined;
      const socket = await socketOf(member, (s) => {
        queue = eventQueue(s, "onlineUsers");
      });
      if (!queue) throw new Error("not subscribed");
      return { socket, queue };
    };
    const senderSide = await presenceOf(sender);
    expect(await senderSide.queue.next()).toEqual({ online: [], offline: [] });
    // The opener is online: a member the chat has not reached does not hear it, and is not heard of.
    const recipientSide = await presenceOf(recipient);
    expect(await recipientSide.queue.next()).toEqual({ online: [], offline: [] });

    await sendMessage(sender, chat, "Now we talk");
    await recipientSide.queue.until((e) => e.online.includes(sender.userId));
    await senderSide.queue.until((e) => e.online.includes(recipient.userId));
    const again = await presenceOf(recipient);
    expect(await again.queue.next()).toEqual({ online: [sender.userId], offline: [] });
  });
});
