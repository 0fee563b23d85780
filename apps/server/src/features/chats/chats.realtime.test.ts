import type { Chat } from "@flik/shared";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  collectEvents,
  connect,
  eventually,
  listen,
  nextEvent,
  personas,
  roundTrip,
  type SignedIn,
  signUpAndIn,
  type TestSocket,
} from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const baseUrl = await listen(built);
const alice = await signUpAndIn(built, personas.alice);
const bob = await signUpAndIn(built, personas.bob);
const carol = await signUpAndIn(built, personas.carol);
const sockets: TestSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

const socketOf = (member: SignedIn) =>
  connect(baseUrl, { token: member.token, userId: member.userId }, sockets);
async function chatWith(member: SignedIn, other: SignedIn): Promise<Chat> {
  return (
    await app.inject({
      method: "POST",
      url: "/api/chats",
      headers: member.headers,
      payload: { userId: other.userId },
    })
  ).json().chat;
}

describe("two members chatting live", () => {
  it("exchange messages, typing and seen state", async () => {
    const chat = await chatWith(alice, bob);
    const [aliceSocket, bobSocket] = await Promise.all([socketOf(alice), socketOf(bob)]);
    expect(await aliceSocket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    expect(await bobSocket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });

    const typing = nextEvent(bobSocket, "typing");
    aliceSocket.emit("typing", chat._id);
    expect(await typing).toEqual({ chatId: chat._id, userId: alice.userId, username: "alice" });
    const stopped = nextEvent(bobSocket, "stopTyping");
    aliceSocket.emit("stopTyping", chat._id);
    expect(await stopped).toEqual({ chatId: chat._id, userId: alice.userId });

    const arrived = nextEvent(bobSocket, "newMessage");
    const echoed = nextEvent(aliceSocket, "newMessage");
    const ack = await aliceSocket.emitWithAck("sendMessage", {
      chatId: chat._id,
      text: "Hi Bob!",
      clientId: "tmp-1",
    });
    expect(ack).toMatchObject({ ok: true, message: { text: "Hi Bob!", clientId: "tmp-1", chat: chat._id } });
    expect((await arrived).message).toMatchObject({
      text: "Hi Bob!",
      sender: { username: "alice" },
      readBy: [alice.userId],
    });
    expect((await echoed).message.clientId).toBe("tmp-1");

    const seen = nextEvent(aliceSocket, "messagesSeen");
    expect(await bobSocket.emitWithAck("messagesSeen", chat._id)).toEqual({ ok: true });
    expect(await seen).toEqual({ chatId: chat._id, userId: bob.userId, seenAt: expect.any(String) });

    const message = ack.ok ? (ack.message as { _id: string }) : { _id: "" };
    const edited = nextEvent(bobSocket, "messageEdited");
    expect(
      await aliceSocket.emitWithAck("messageEdited", { messageId: message._id, text: "Hi Bob!!" }),
    ).toMatchObject({ ok: true });
    expect((await edited).message).toMatchObject({ text: "Hi Bob!!", editedAt: expect.any(String) });

    const deleted = nextEvent(bobSocket, "messageDeleted");
    expect(await aliceSocket.emitWithAck("messageDeleted", { messageId: message._id })).toEqual({ ok: true });
    expect(await deleted).toEqual({ chatId: chat._id, messageId: message._id, lastMessage: null });
  });

  it("a message sent twice with one clientId arrives once", async () => {
    const chat = await chatWith(alice, carol);
    const [aliceSocket, carolSocket] = await Promise.all([socketOf(alice), socketOf(carol)]);
    const received = collectEvents(carolSocket, "newMessage");
    const payload = { chatId: chat._id, text: "Once", clientId: "retry-me" };
    const [first, second] = [
      await aliceSocket.emitWithAck("sendMessage", payload),
      await aliceSocket.emitWithAck("sendMessage", payload),
    ];
    expect(
      first.ok &&
        second.ok &&
        (first.message as { _id: string })._id === (second.message as { _id: string })._id,
    ).toBe(true);
    await roundTrip(carolSocket);
    expect(received).toHaveLength(1);
  });

  it("a new chat reaches the other member as chatUpdated", async () => {
    const erin = await signUpAndIn(built, { ...personas.dan, username: "erin", email: "erin@example.com" });
    const erinSocket = await socketOf(erin);
    const told = nextEvent(erinSocket, "chatUpdated");
    const chat = await chatWith(bob, erin);
    expect((await told).chat).toMatchObject({ _id: chat._id, unreadCount: 0, isGroupChat: false });
  });
});

describe("a non-member's socket", () => {
  it("can neither join, send, type into, mark seen, edit nor delete", async () => {
    const chat = await chatWith(alice, bob);
    const bobSocket = await socketOf(bob);
    await bobSocket.emitWithAck("joinChat", chat._id);
    const sent = await (await socketOf(alice)).emitWithAck("sendMessage", {
      chatId: chat._id,
      text: "Private",
    });
    const messageId = sent.ok ? (sent.message as { _id: string })._id : "";

    const intruder = await socketOf(carol);
    const overheard = collectEvents(bobSocket, "typing");
    const bobMessages = collectEvents(bobSocket, "newMessage");
    expect(await intruder.emitWithAck("joinChat", chat._id)).toEqual({ ok: false });
    intruder.emit("typing", chat._id);
    expect(await intruder.emitWithAck("sendMessage", { chatId: chat._id, text: "Let me in" })).toEqual({
      ok: false,
      error: "Chat not found",
    });
    expect(await intruder.emitWithAck("messagesSeen", chat._id)).toEqual({
      ok: false,
      error: "Chat not found",
    });
    expect(await intruder.emitWithAck("messageEdited", { messageId, text: "Mine" })).toEqual({
      ok: false,
      error: "Message not found",
    });
    expect(await intruder.emitWithAck("messageDeleted", { messageId })).toEqual({
      ok: false,
      error: "Message not found",
    });
    expect(await intruder.emitWithAck("sendMessage", { chatId: "nope", text: "x" })).toEqual({
      ok: false,
      error: "Chat not found",
    });
    expect(await intruder.emitWithAck("sendMessage", { chatId: chat._id, text: "   " })).toMatchObject({
      ok: false,
    });
    await roundTrip(bobSocket);
    expect(overheard).toEqual([]);
    expect(bobMessages).toEqual([]);
  });
});

describe("onlineUsers", () => {
  type Presence = { online: string[]; offline: string[] };
  async function presenceOf(member: SignedIn) {
    const heard: Presence[] = [];
    const socket = await connect(baseUrl, { token: member.token, userId: member.userId }, sockets, (s) =>
      s.on("onlineUsers", (event) => heard.push(event)),
    );
    return { socket, heard };
  }

  it("tells a member which partners are online, and partners when they come and go", async () => {
    const dan = await signUpAndIn(built, personas.dan);
    const frank = await signUpAndIn(built, {
      ...personas.dan,
      username: "frank",
      email: "frank@example.com",
    });
    await chatWith(dan, frank);
    const danSide = await presenceOf(dan);
    await eventually(() => danSide.heard.length === 1, "dan's list on connect");
    expect(danSide.heard[0]).toEqual({ online: [], offline: [] });

    const frankSide = await presenceOf(frank);
    await eventually(() => frankSide.heard.length === 1, "frank's list on connect");
    expect(frankSide.heard[0]).toEqual({ online: [dan.userId], offline: [] });
    await eventually(() => danSide.heard.length === 2, "frank online");
    expect(danSide.heard[1]).toEqual({ online: [frank.userId], offline: [] });

    frankSide.socket.close();
    await eventually(() => danSide.heard.length === 3, "frank offline");
    expect(danSide.heard[2]).toEqual({ online: [], offline: [frank.userId] });

    // Nobody outside their chats hears of them.
    const outsider = await presenceOf(carol);
    await presenceOf(frank);
    await eventually(() => danSide.heard.length === 4, "frank back");
    await roundTrip(outsider.socket);
    expect(outsider.heard.flatMap((e) => [...e.online, ...e.offline])).not.toContain(frank.userId);
  });

  it("tells both members of a new chat whether the other is online", async () => {
    const gina = await signUpAndIn(built, { ...personas.dan, username: "gina", email: "gina@example.com" });
    const hank = await signUpAndIn(built, { ...personas.dan, username: "hank", email: "hank@example.com" });
    const ginaSide = await presenceOf(gina);
    const hankSide = await presenceOf(hank);
    await eventually(() => ginaSide.heard.length === 1 && hankSide.heard.length === 1, "lists on connect");
    await chatWith(gina, hank);
    await eventually(
      () => ginaSide.heard.some((e) => e.online.includes(hank.userId)),
      "hank online for gina",
    );
    await eventually(
      () => hankSide.heard.some((e) => e.online.includes(gina.userId)),
      "gina online for hank",
    );
  });
});
