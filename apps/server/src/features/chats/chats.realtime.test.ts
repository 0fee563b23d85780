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
} from "../../test/helper.js";

const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, persona, newcomer, someone, chatBetween, sendMessage } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

type Socket = Awaited<ReturnType<typeof socketOf>>;

/** Alice's `typing` and `stopTyping` in the chat reach `listener` as the spec's events, hers. */
async function expectTypingRelayed(aliceSocket: Socket, listener: Socket, chatId: string) {
  const typing = nextEvent(listener, "typing");
  aliceSocket.emit("typing", chatId);
  expect(await typing).toEqual({ chatId, userId: alice.userId, username: "alice" });
  const stopped = nextEvent(listener, "stopTyping");
  aliceSocket.emit("stopTyping", chatId);
  expect(await stopped).toEqual({ chatId, userId: alice.userId });
}

describe("two members chatting live", () => {
  it("exchange messages, typing and seen state", async () => {
    const chat = await chatBetween(alice, bob);
    const [aliceSocket, bobSocket] = await Promise.all([socketOf(alice), socketOf(bob)]);
    expect(await aliceSocket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });
    expect(await bobSocket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });

    await expectTypingRelayed(aliceSocket, bobSocket, chat._id);

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

  it("a member who cleared the chat hears no edit of what they cleared, and loses it again with what brought it back", async () => {
    const [dora, eli] = await Promise.all([someone("dora"), someone("eli")]);
    const chat = await chatBetween(dora, eli);
    const before = await sendMessage(eli, chat, "From before");
    expect((await call(dora, "DELETE", `/chats/${chat._id}`)).statusCode).toBe(200);
    const after = await sendMessage(eli, chat, "From after");
    const [doraSocket, eliSocket] = await Promise.all([socketOf(dora), socketOf(eli)]);
    const dorasEdits = collectEvents(doraSocket, "messageEdited");
    const dorasDeletes = collectEvents(doraSocket, "messageDeleted");
    const dorasRemovals = collectEvents(doraSocket, "chatDeleted");
    const elisDeletes = collectEvents(eliSocket, "messageDeleted");

    expect((await call(eli, "PUT", `/messages/${before._id}`, { text: "Edited before" })).statusCode).toBe(
      200,
    );
    // The later one goes first: the last message left is one she cleared, so none is hers to list.
    expect((await call(eli, "DELETE", `/messages/${after._id}`)).statusCode).toBe(200);
    expect((await call(eli, "DELETE", `/messages/${before._id}`)).statusCode).toBe(200);
    await Promise.all([roundTrip(doraSocket), roundTrip(eliSocket)]);

    expect(dorasEdits).toEqual([]);
    // The message that brought the chat back to her list took it away again, and the cleared one's
    // delete is not hers to hear.
    expect(dorasDeletes).toEqual([]);
    expect(dorasRemovals).toEqual([{ chatId: chat._id }]);
    expect(elisDeletes).toEqual([
      { chatId: chat._id, messageId: after._id, lastMessage: expect.objectContaining({ _id: before._id }) },
      { chatId: chat._id, messageId: before._id, lastMessage: null },
    ]);
    expect((await call(dora, "GET", "/chats")).json().chats).toEqual([]);
  });

  it("a message sent twice with one clientId arrives once", async () => {
    const chat = await chatBetween(alice, carol);
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

  it("a message emitted twice at once with one clientId is stored and arrives once", async () => {
    // Members of their own, so that no other test sees them as partners online.
    const [ivy, jon] = [await newcomer("ivy"), await newcomer("jon")];
    const chat = await chatBetween(ivy, jon);
    const [ivySocket, jonSocket] = await Promise.all([socketOf(ivy), socketOf(jon)]);
    const received = collectEvents(jonSocket, "newMessage");
    const payload = { chatId: chat._id, text: "Twice at once", clientId: "at-once" };
    const [first, second] = await Promise.all([
      ivySocket.emitWithAck("sendMessage", payload),
      ivySocket.emitWithAck("sendMessage", payload),
    ]);
    const idOf = (ack: typeof first) => (ack.ok ? (ack.message as { _id: string })._id : ack.error);
    expect(idOf(second)).toBe(idOf(first));
    await roundTrip(jonSocket);
    const inChat = received.filter((event) => event.message.chat === chat._id);
    expect(inChat.map((event) => event.message.text)).toEqual(["Twice at once"]);
  });

  it("refuses a bad field with the status HTTP gives: 400 for a clientId, 404 for an id that is none", async () => {
    const chat = await chatBetween(alice, bob);
    const socket = await socketOf(alice);
    const tooLong = { chatId: chat._id, text: "Hi", clientId: "x".repeat(65) };
    expect(await socket.emitWithAck("sendMessage", tooLong)).toEqual({
      ok: false,
      error: "clientId is at most 64 characters",
      status: 400,
    });
    expect(await socket.emitWithAck("sendMessage", { chatId: "nope", text: "Hi" })).toMatchObject({
      status: 404,
    });
    // An id of the wrong type names no chat or message either: the message and the status agree.
    for (const chatId of [42, ["x"], { id: chat._id }, "", null, undefined]) {
      expect(await socket.emitWithAck("sendMessage", { chatId, text: "Hi" }), String(chatId)).toEqual({
        ok: false,
        error: "Chat not found",
        status: 404,
      });
    }
    for (const [event, payload] of [
      ["messageEdited", { messageId: 7, text: "Hi" }],
      ["messageDeleted", { messageId: ["x"] }],
    ] as const) {
      expect(await socket.emitWithAck(event, payload), event).toEqual({
        ok: false,
        error: "Message not found",
        status: 404,
      });
    }
    // A payload that is no object is told so, as an HTTP body is, not in zod's words.
    for (const event of ["sendMessage", "messageEdited", "messageDeleted"] as const)
      for (const payload of ["Hi", null])
        expect(await socket.emitWithAck(event, payload as never), event).toEqual({
          ok: false,
          error: "The event must carry an object",
          status: 400,
        });
  });

  it("relays typing from a member who has not sent joinChat to the members who did", async () => {
    const chat = await chatBetween(alice, carol);
    const [aliceSocket, carolSocket] = await Promise.all([socketOf(alice), socketOf(carol)]);
    expect(await carolSocket.emitWithAck("joinChat", chat._id)).toEqual({ ok: true });

    await expectTypingRelayed(aliceSocket, carolSocket, chat._id);
  });

  it("a new one-to-one chat reaches the other member as chatUpdated with its first message", async () => {
    const erin = await persona("erin");
    const erinSocket = await socketOf(erin);
    const told = nextEvent(erinSocket, "chatUpdated");
    const chat: Chat = (await call(bob, "POST", "/chats", { userId: erin.userId })).json().chat;
    await sendMessage(bob, chat, "Hi Erin");
    expect((await told).chat).toMatchObject({ _id: chat._id, unreadCount: 0, isGroupChat: false });
  });
});

describe("a non-member's socket", () => {
  it("can neither join, send, type into, mark seen, edit nor delete", async () => {
    const chat = await chatBetween(carol, bob);
    const bobSocket = await socketOf(bob);
    await bobSocket.emitWithAck("joinChat", chat._id);
    const sent = await (await socketOf(carol)).emitWithAck("sendMessage", {
      chatId: chat._id,
      text: "Private",
    });
    const messageId = sent.ok ? (sent.message as { _id: string })._id : "";

    const intruder = await socketOf(alice);
    const overheard = collectEvents(bobSocket, "typing");
    const bobMessages = collectEvents(bobSocket, "newMessage");
    expect(await intruder.emitWithAck("joinChat", chat._id)).toEqual({
      ok: false,
      error: "Chat not found",
      status: 404,
    });
    intruder.emit("typing", chat._id);
    expect(await intruder.emitWithAck("sendMessage", { chatId: chat._id, text: "Let me in" })).toEqual({
      ok: false,
      error: "Chat not found",
      status: 404,
    });
    expect(await intruder.emitWithAck("messagesSeen", chat._id)).toEqual({
      ok: false,
      error: "Chat not found",
      status: 404,
    });
    expect(await intruder.emitWithAck("messageEdited", { messageId, text: "Mine" })).toEqual({
      ok: false,
      error: "Message not found",
      status: 404,
    });
    expect(await intruder.emitWithAck("messageDeleted", { messageId })).toEqual({
      ok: false,
      error: "Message not found",
      status: 404,
    });
    expect(await intruder.emitWithAck("sendMessage", { chatId: "nope", text: "x" })).toEqual({
      ok: false,
      error: "Chat not found",
      status: 404,
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
  /** A member's socket, and every presence list it hears from the moment it connects. */
  async function presenceOf(member: SignedIn) {
    let heard: ReturnType<typeof eventQueue<"onlineUsers">> | undefined;
    const socket = await socketOf(member, (s) => {
      heard = eventQueue(s, "onlineUsers");
    });
    if (!heard) throw new Error("not subscribed");
    return { socket, heard };
  }

  it("tells a member which partners are online, and partners when they come and go", async () => {
    const dan = await persona("dan");
    const frank = await persona("frank");
    await chatBetween(dan, frank);
    const danSide = await presenceOf(dan);
    expect(await danSide.heard.next()).toEqual({ online: [], offline: [] });

    const frankSide = await presenceOf(frank);
    expect(await frankSide.heard.next()).toEqual({ online: [dan.userId], offline: [] });
    expect(await danSide.heard.next()).toEqual({ online: [frank.userId], offline: [] });

    frankSide.socket.close();
    expect(await danSide.heard.next()).toEqual({ online: [], offline: [frank.userId] });

    // Nobody outside their chats hears of them.
    const outsider = await presenceOf(carol);
    await presenceOf(frank);
    await danSide.heard.next(); // frank back
    await roundTrip(outsider.socket);
    expect(outsider.heard.received.flatMap((e) => [...e.online, ...e.offline])).not.toContain(frank.userId);
  });

  it("tells both members of a new chat whether the other is online", async () => {
    const gina = await persona("gina");
    const hank = await persona("hank");
    const ginaSide = await presenceOf(gina);
    const hankSide = await presenceOf(hank);
    await Promise.all([ginaSide.heard.next(), hankSide.heard.next()]); // the lists on connect
    await chatBetween(gina, hank);
    // Each hears of the other only, never of themselves.
    expect(await ginaSide.heard.next()).toEqual({ online: [hank.userId], offline: [] });
    expect(await hankSide.heard.next()).toEqual({ online: [gina.userId], offline: [] });
  });
});
