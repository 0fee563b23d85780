import type { Chat } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  eventQueue,
  nextEvent,
  realtimeBed,
  roundTrip,
  type SignedIn,
  statementsOf,
} from "../../test/helper.js";

/**
 * Issue 16 item 6: who may message a member, and message requests. A chat from someone the member
 * doesn't follow waits in their requests: readable, not in the unread badge, no presence, typing or
 * seen state shared, until they accept it (or reply).
 */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, newcomer, follow, chatBetween, sendMessage, chatOf, unreadOf, messagesOf } = factories(built);

const setMessagesFrom = (member: SignedIn, messagesFrom: unknown) =>
  call(member, "PUT", "/user/privacy", { messagesFrom });

/**
 * Statements of accepting a request with its button, but the session read: 10 before stop 48, which read
 * the chat and its members twice.
 */
const ACCEPTING = 5;

let made = 0;
/** Two new members: `sender` and a `recipient` who doesn't follow them. */
async function strangers() {
  made += 1;
  return { sender: await newcomer(`sender${made}`), recipient: await newcomer(`recipient${made}`) };
}

/** A member's socket with every presence list it hears from the moment it connects. */
async function presenceOf(member: SignedIn) {
  let heard: ReturnType<typeof eventQueue<"onlineUsers">> | undefined;
  const socket = await socketOf(member, (s) => {
    heard = eventQueue(s, "onlineUsers");
  });
  if (!heard) throw new Error("not subscribed");
  return { socket, heard };
}

describe("a chat from someone the member doesn't follow", () => {
  it("waits in their requests, readable, and out of the unread badge", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient, { accepted: false });
    expect(chat.isRequest).toBe(false);
    await sendMessage(sender, chat, "Hi, we met at the meetup");

    expect(await chatOf(recipient, chat._id)).toMatchObject({ isRequest: true, unreadCount: 1 });
    expect(await chatOf(sender, chat._id)).toMatchObject({ isRequest: false });
    expect(await unreadOf(recipient)).toBe(0);
    expect((await messagesOf(recipient, chat._id)).map((m) => m.text)).toEqual(["Hi, we met at the meetup"]);
  });

  it("goes straight to the inbox when the member follows the sender", async () => {
    const { sender, recipient } = await strangers();
    await follow(recipient, sender);
    const chat = await chatBetween(sender, recipient, { accepted: false });
    await sendMessage(sender, chat, "Hello friend");
    expect(await chatOf(recipient, chat._id)).toMatchObject({ isRequest: false, unreadCount: 1 });
    expect(await unreadOf(recipient)).toBe(1);
  });

  it("is accepted with POST /chats/{id}/accept, once, by its members only", async () => {
    const { sender, recipient } = await strangers();
    const outsider = await newcomer(`outsider${made}`);
    const chat = await chatBetween(sender, recipient, { accepted: false });
    await sendMessage(sender, chat, "Are you there?");

    const accepted = await call(recipient, "POST", `/chats/${chat._id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().chat).toMatchObject({ _id: chat._id, isRequest: false, unreadCount: 1 });
    expect(await unreadOf(recipient)).toBe(1);
    const again = await call(recipient, "POST", `/chats/${chat._id}/accept`);
    expect(again.statusCode).toBe(200);
    expect(again.json().chat.isRequest).toBe(false);

    const notTheirs = await call(outsider, "POST", `/chats/${chat._id}/accept`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe("Chat not found");
    const badId = await call(recipient, "POST", "/chats/not-a-chat/accept");
    expect(badId.statusCode).toBe(404);
    expect(badId.json().message).toBe("Chat not found");
    const signedOut = await built.app.inject({ method: "POST", url: `/api/chats/${chat._id}/accept` });
    expect(signedOut.statusCode).toBe(401);
  });

  it("is accepted by replying", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient, { accepted: false });
    await sendMessage(sender, chat, "Ping");
    await sendMessage(recipient, chat, "Pong");
    expect(await chatOf(recipient, chat._id)).toMatchObject({ isRequest: false });
  });

  // A burst of first replies each accepts a request, one statement after another on the embedded
  // database's single thread: what accepting reads is read once.
  it("is accepted in a fixed number of statements, by the button or by replying", async () => {
    /** The statements of `action` but the caller's session read (kept, or read once a minute). */
    const chatStatements = async (action: () => Promise<unknown>) =>
      (await statementsOf(action)).filter((statement) => !statement.startsWith('select "sessions"'));

    const byButton = await strangers();
    const requested = await chatBetween(byButton.sender, byButton.recipient, { accepted: false });
    await sendMessage(byButton.sender, requested, "Knock knock");
    const accepting = await chatStatements(async () => {
      const response = await call(byButton.recipient, "POST", `/chats/${requested._id}/accept`);
      expect(response.json().chat).toMatchObject({ isRequest: false, unreadCount: 1 });
    });
    // The membership, the acceptance (answering the chat), its participants, last message, unread count.
    expect(accepting).toHaveLength(ACCEPTING);
    expect(new Set(accepting).size).toBe(accepting.length);

    const byReply = await strangers();
    const replied = await chatBetween(byReply.sender, byReply.recipient, { accepted: false });
    await sendMessage(byReply.sender, replied, "Knock knock");
    const replying = await chatStatements(() => sendMessage(byReply.recipient, replied, "Who is there?"));
    const sending = await chatStatements(() => sendMessage(byReply.recipient, replied, "Still me"));
    expect(replying.length - sending.length).toBe(ACCEPTING - 1);
    expect(await chatOf(byReply.recipient, replied._id)).toMatchObject({ isRequest: false });
  });

  it("tells the sender nothing of being read until accepted, then that it was", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient, { accepted: false });
    await sendMessage(sender, chat, "Did you read this?");
    const [senderSocket, recipientSocket] = await Promise.all([socketOf(sender), socketOf(recipient)]);
    const seenEvents = collectEvents(senderSocket, "messagesSeen");
    const readersTabs = collectEvents(recipientSocket, "messagesSeen");

    expect((await call(recipient, "PUT", `/messages/${chat._id}/mark-seen`)).statusCode).toBe(200);
    await Promise.all([roundTrip(senderSocket), roundTrip(recipientSocket)]);
    expect(seenEvents).toEqual([]);
    // The reader's own other tabs hear of it, so their count for it goes too.
    expect(readersTabs).toEqual([expect.objectContaining({ chatId: chat._id, userId: recipient.userId })]);
    expect((await messagesOf(sender, chat._id))[0]?.readBy).toEqual([sender.userId]);

    const seen = nextEvent(senderSocket, "messagesSeen");
    await call(recipient, "POST", `/chats/${chat._id}/accept`);
    expect(await seen).toMatchObject({ chatId: chat._id, userId: recipient.userId });
    expect((await messagesOf(sender, chat._id))[0]?.readBy).toContain(recipient.userId);
  });

  it("shares no presence or typing until accepted", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient, { accepted: false });
    const recipientSide = await presenceOf(recipient);
    expect(await recipientSide.heard.next()).toEqual({ online: [], offline: [] });
    const senderSide = await presenceOf(sender);
    expect(await senderSide.heard.next()).toEqual({ online: [], offline: [] });

    // The recipient may neither join the chat's room (typing) while it is a request nor type into it
    // unjoined. The join asked after the typing is answered after the typing's own check.
    expect(await senderSide.socket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    const typed = collectEvents(senderSide.socket, "typing");
    recipientSide.socket.emit("typing", chat._id);
    expect(await recipientSide.socket.emitWithAck("joinChat", chat._id)).toEqual({
      ok: false,
      error: "Chat not found",
      status: 404,
    });
    await roundTrip(senderSide.socket);
    expect(typed).toEqual([]);
    expect(recipientSide.heard.received.flatMap((e) => e.online)).not.toContain(sender.userId);

    await call(recipient, "POST", `/chats/${chat._id}/accept`);
    await recipientSide.heard.until((e) => e.online.includes(sender.userId));
    await senderSide.heard.until((e) => e.online.includes(recipient.userId));
    expect(await recipientSide.socket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
  });

  it("tells the recipient's other tabs of the new request with its first message, and of its acceptance", async () => {
    const { sender, recipient } = await strangers();
    const outsider = await socketOf(await newcomer(`bystander${made}`));
    const overheard = collectEvents(outsider, "chatUpdated");
    const socket = await socketOf(recipient);
    const updates = eventQueue(socket, "chatUpdated");
    const chat = await chatBetween(sender, recipient, { accepted: false });
    await sendMessage(sender, chat, "Hello there");
    expect((await updates.next()).chat).toMatchObject({ _id: chat._id, isRequest: true });
    await call(recipient, "POST", `/chats/${chat._id}/accept`);
    expect((await updates.next()).chat).toMatchObject({ _id: chat._id, isRequest: false });
    // Nobody else hears of it (an empty list of members once meant every socket).
    await roundTrip(outsider);
    expect(overheard).toEqual([]);
  });

  it("comes back as a request after the member deleted it, when the sender writes again", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient, { accepted: false });
    await sendMessage(sender, chat, "First");
    expect((await call(recipient, "DELETE", `/chats/${chat._id}`)).statusCode).toBe(200);
    expect(await chatOf(recipient, chat._id)).toBeUndefined();
    await sendMessage(sender, chat, "Second");
    expect(await chatOf(recipient, chat._id)).toMatchObject({ isRequest: true });
    expect((await messagesOf(recipient, chat._id)).map((m) => m.text)).toEqual(["Second"]);
  });

  it("in a group: each member who doesn't follow its maker has it as a request", async () => {
    const { sender, recipient } = await strangers();
    const friend = await newcomer(`friend${made}`);
    await follow(friend, sender);
    const group: Chat = (
      await call(sender, "POST", "/chats", { userIds: [recipient.userId, friend.userId], name: "Plans" })
    ).json().chat;
    expect(await chatOf(recipient, group._id)).toMatchObject({ isRequest: true });
    expect(await chatOf(friend, group._id)).toMatchObject({ isRequest: false });
  });
});

describe("who may message you (PUT /user/privacy messagesFrom)", () => {
  it("is everyone by default, and can be only people the member follows", async () => {
    const { sender, recipient } = await strangers();
    expect((await call(recipient, "GET", "/user")).json().user.messagesFrom).toBe("everyone");
    const changed = await setMessagesFrom(recipient, "following");
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.messagesFrom).toBe("following");
    expect((await call(recipient, "GET", "/user")).json().user.messagesFrom).toBe("following");

    const refused = await call(sender, "POST", "/chats", { userId: recipient.userId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This account only accepts messages from people it follows");
    const group = await call(sender, "POST", "/chats", {
      userIds: [recipient.userId, (await newcomer(`other${made}`)).userId],
      name: "Nope",
    });
    expect(group.statusCode).toBe(403);
    // Among several members, the one refused is named.
    expect(group.json().message).toBe(`@recipient${made} only accepts messages from people they follow`);

    await follow(recipient, sender);
    const allowed = await call(sender, "POST", "/chats", { userId: recipient.userId });
    expect(allowed.statusCode).toBe(201);
    await sendMessage(sender, allowed.json().chat, "Thanks for the follow");
    expect(await chatOf(recipient, allowed.json().chat._id)).toMatchObject({ isRequest: false });
  });

  it("closes a request already waiting: the sender can't write in it any more", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient, { accepted: false });
    const sent = await sendMessage(sender, chat, "Before");
    await setMessagesFrom(recipient, "following");

    const refused = await call(sender, "POST", `/chats/${chat._id}/messages`, { text: "After" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This account only accepts messages from people it follows");
    expect((await call(sender, "PUT", `/messages/${sent._id}`, { text: "Edited" })).statusCode).toBe(403);
    const socket = await socketOf(sender);
    expect(await socket.emitWithAck("sendMessage", { chatId: chat._id, text: "By socket" })).toEqual({
      ok: false,
      error: "This account only accepts messages from people it follows",
      status: 403,
    });
    // Accepting opens it again; so does the setting going back to everyone.
    await call(recipient, "POST", `/chats/${chat._id}/accept`);
    expect((await call(sender, "POST", `/chats/${chat._id}/messages`, { text: "Thanks" })).statusCode).toBe(
      201,
    );
  });

  it("keeps chats the member accepted open, and opening them again", async () => {
    const { sender, recipient } = await strangers();
    const chat = await chatBetween(sender, recipient);
    await setMessagesFrom(recipient, "following");
    const opened = await call(sender, "POST", "/chats", { userId: recipient.userId });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().chat._id).toBe(chat._id);
    expect(
      (await call(sender, "POST", `/chats/${chat._id}/messages`, { text: "Still fine" })).statusCode,
    ).toBe(201);
  });

  it("refuses anything but everyone or following", async () => {
    const { recipient } = await strangers();
    for (const value of ["anyone", "", 1, null, "following\u0000", ["everyone"]]) {
      const response = await setMessagesFrom(recipient, value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json().message).toBe("messagesFrom must be everyone or following");
    }
    expect((await call(recipient, "GET", "/user")).json().user.messagesFrom).toBe("everyone");
  });
});
