import type { Chat, Message } from "@flik/shared";
import { describe, expect, it } from "vitest";
import type { Caller } from "../../platform/caller.js";
import { createDomainEvents } from "../../platform/domain-events.js";
import { createKeptAnswers } from "../../platform/kept-answers.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, countQueries, type SignedIn, sqlLog } from "../../test/helper.js";
import { createChatEvents } from "./chats.events.js";
import { createChatsService } from "./chats.service.js";

/**
 * Sends stored together (group commit). Sends started in one go, without awaiting, share one batch:
 * these tests call the chats service beside the app, on its database, so that which sends share a
 * batch does not depend on how fast requests travel; what was stored is read back through the API.
 */
const built = await buildTestApp();
const { call, persona } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
const dan = await persona("dan");

/** A chats service on the app's database, with every `newMessage` it announces. */
function sendingBed(limits: { messagesPerMinute?: number; messagesInFlight?: number } = {}) {
  const events = createChatEvents(built.realtime.io);
  const announced: Message[] = [];
  const chats = createChatsService({
    db: built.database.db,
    events: {
      ...events,
      newMessage: (message, memberIds) => {
        announced.push(message);
        return events.newMessage(message, memberIds);
      },
    },
    domainEvents: createDomainEvents(built.app.log),
    messagesPerMinute: limits.messagesPerMinute ?? 1000,
    messagesInFlight: limits.messagesInFlight ?? 100,
    kept: createKeptAnswers(built.database.announcements, { maxBytes: 1024 * 1024 }),
  });
  return { chats, announced };
}

const callerOf = (member: SignedIn, username: string): Caller => ({
  userId: member.userId,
  sessionId: member.sessionId,
  username,
});
const asAlice = callerOf(alice, "alice");
const asBob = callerOf(bob, "bob");
const asCarol = callerOf(carol, "carol");

/** Each send's answer, or the status and message it was refused with. */
const outcomes = (sends: Promise<Message>[]) =>
  Promise.all(
    sends.map((send) =>
      send.then(
        (message) => ({ ok: message }),
        (error: { statusCode?: number; message: string }) => ({
          refused: error.statusCode ?? 500,
          message: error.message,
        }),
      ),
    ),
  );

const textsOf = async (member: SignedIn, chat: Chat) =>
  (await call(member, "GET", `/chats/${chat._id}/messages?limit=50`))
    .json()
    .messages.map((m: Message) => m.text);

/** A new chat of its own for each test (tests run in random order, so none shares another's chat). */
let chatsMade = 0;
async function newChat(owner: SignedIn, others: SignedIn[]): Promise<Chat> {
  const userIds = others.map((other) => other.userId);
  const response = await call(owner, "POST", "/chats", { userIds, name: `Chat ${++chatsMade}` });
  expect(response.statusCode).toBe(201);
  return response.json().chat;
}

describe("sends started together", () => {
  it("are stored by one batch: 20 sends to 20 chats cost 2 statements, not 40", async () => {
    const { chats, announced } = sendingBed();
    const groups: Chat[] = [];
    for (let i = 0; i < 20; i++) groups.push(await newChat(alice, [bob, carol]));
    let answers: Message[] = [];
    const statements = await countQueries(async () => {
      answers = await Promise.all(
        groups.map((group, i) => chats.send(asAlice, group._id, { text: `Hi ${i}` })),
      );
    });
    // The chats' members, then every message with its chat and the sender's read mark.
    expect(statements).toBe(2);
    expect(answers.map((m) => [m.chat, m.text])).toEqual(groups.map((g, i) => [g._id, `Hi ${i}`]));
    expect(announced.map((m) => m._id)).toEqual(answers.map((m) => m._id));
    const listed = (await call(bob, "GET", "/chats")).json().chats as Chat[];
    for (const [i, group] of groups.entries())
      expect(listed.find((c) => c._id === group._id)?.lastMessage?.text).toBe(`Hi ${i}`);
  });

  it("are stored by one statement whatever the batch's size, so that it is prepared once", async () => {
    const { chats } = sendingBed();
    const chat = await newChat(alice, [bob, carol]);
    const storedBy = async (texts: string[]) => {
      const before = sqlLog.length;
      await Promise.all(texts.map((text) => chats.send(asAlice, chat._id, { text })));
      return sqlLog.slice(before).filter((statement) => /insert into "messages"/.test(statement));
    };
    const one = await storedBy(["Alone"]);
    // Texts an array literal must quote, as a member may write them.
    const texts = ["One", 'Two, "quoted" {braced}', "Three \\ back", "NULL", "  Five  "];
    const five = await storedBy(texts);
    expect(one).toHaveLength(1);
    expect(five).toEqual(one);
    expect(await textsOf(bob, chat)).toEqual(["Alone", ...texts]);
  });

  it("keep the order they were sent in, within each chat", async () => {
    const { chats } = sendingBed();
    const [one, two] = [await newChat(alice, [bob, carol]), await newChat(alice, [bob, carol])];
    const sends = [];
    for (let i = 1; i <= 12; i++) {
      sends.push(chats.send(asAlice, one._id, { text: `One ${i}` }));
      if (i % 3 === 0) sends.push(chats.send(asAlice, two._id, { text: `Two ${i}` }));
      if (i % 4 === 0) sends.push(chats.send(asBob, one._id, { text: `Bob ${i}` }));
    }
    await Promise.all(sends);
    expect(await textsOf(bob, one)).toEqual([
      ...["One 1", "One 2", "One 3", "One 4", "Bob 4", "One 5", "One 6", "One 7", "One 8", "Bob 8"],
      ...["One 9", "One 10", "One 11", "One 12", "Bob 12"],
    ]);
    expect(await textsOf(carol, two)).toEqual(["Two 3", "Two 6", "Two 9", "Two 12"]);
    // Each chat's last message, and what each sender has seen, are their last ones.
    const listed = (await call(carol, "GET", "/chats")).json().chats as Chat[];
    expect(listed.find((c) => c._id === one._id)?.lastMessage?.text).toBe("Bob 12");
    expect(listed.find((c) => c._id === two._id)?.lastMessage?.text).toBe("Two 12");
    expect((await call(alice, "GET", `/chats/${one._id}/messages`)).json().messages.at(-1).readBy).toEqual(
      expect.arrayContaining([alice.userId, bob.userId]),
    );
  });

  it("store one message for one clientId sent twice, answer both with it and announce it once", async () => {
    const { chats, announced } = sendingBed();
    const chat = await newChat(bob, [carol, dan]);
    const [first, copy, other] = await Promise.all([
      chats.send(asBob, chat._id, { text: "Once", clientId: "same" }),
      chats.send(asBob, chat._id, { text: "Once again", clientId: "same" }),
      chats.send(asCarol, chat._id, { text: "Mine", clientId: "same" }),
    ]);
    expect(copy).toEqual(first);
    expect(first).toMatchObject({ text: "Once", clientId: "same" });
    expect(other).toMatchObject({ text: "Mine", sender: { username: "carol" } });
    expect(announced.map((m) => m.text)).toEqual(["Once", "Mine"]);
    expect(await textsOf(carol, chat)).toEqual(["Once", "Mine"]);

    // A later batch retrying it answers the same message, and announces nothing.
    const retried = await chats.send(asBob, chat._id, { text: "Once", clientId: "same" });
    expect(retried._id).toBe(first._id);
    expect(announced).toHaveLength(2);
  });

  it("take one clientId once in each chat: a sender numbering temporary ids per chat is never refused", async () => {
    const { chats, announced } = sendingBed();
    const [here, there] = [await newChat(alice, [bob, dan]), await newChat(bob, [carol, dan])];
    const danCaller = callerOf(dan, "dan");
    const answers = await outcomes([
      chats.send(danCaller, here._id, { text: "Here", clientId: "tmp-1" }),
      chats.send(danCaller, there._id, { text: "There", clientId: "tmp-1" }),
    ]);
    expect(answers).toEqual([
      { ok: expect.objectContaining({ text: "Here", chat: here._id, clientId: "tmp-1" }) },
      { ok: expect.objectContaining({ text: "There", chat: there._id, clientId: "tmp-1" }) },
    ]);
    expect(announced.map((m) => m.text)).toEqual(["Here", "There"]);
    // Retried later, in either chat, each answers its own chat's message and stores nothing more.
    const [again, againThere] = await Promise.all([
      chats.send(danCaller, here._id, { text: "Here", clientId: "tmp-1" }),
      chats.send(danCaller, there._id, { text: "There", clientId: "tmp-1" }),
    ]);
    expect([again._id, againThere._id]).toEqual(
      answers.map((answer) => ("ok" in answer ? answer.ok._id : "")),
    );
    // And in a third chat, over HTTP, after both.
    const third = await newChat(carol, [dan, alice]);
    const response = await call(dan, "POST", `/chats/${third._id}/messages`, {
      text: "Third",
      clientId: "tmp-1",
    });
    expect(response.statusCode).toBe(201);
    expect(await textsOf(bob, here)).toEqual(["Here"]);
    expect(await textsOf(bob, there)).toEqual(["There"]);
    expect(await textsOf(carol, third)).toEqual(["Third"]);
    expect(announced).toHaveLength(2);
  });

  it("store one message for one clientId sent at once through two nodes' batches", async () => {
    const [one, other] = [sendingBed(), sendingBed()];
    const chat = await newChat(bob, [carol, dan]);
    const sends = await Promise.all([
      one.chats.send(asBob, chat._id, { text: "Raced", clientId: "race" }),
      other.chats.send(asBob, chat._id, { text: "Raced", clientId: "race" }),
      one.chats.send(asBob, chat._id, { text: "Raced", clientId: "race" }),
      other.chats.send(asBob, chat._id, { text: "Raced", clientId: "race" }),
    ]);
    expect(new Set(sends.map((message) => message._id)).size).toBe(1);
    expect(await textsOf(carol, chat)).toEqual(["Raced"]);
    expect([...one.announced, ...other.announced].map((m) => m.text)).toEqual(["Raced"]);
  });

  it("refuse a non-member alone: the members' messages are stored", async () => {
    const { chats, announced } = sendingBed();
    const chat = await newChat(alice, [bob, dan]);
    const answers = await outcomes([
      chats.send(asAlice, chat._id, { text: "Hello" }),
      chats.send(asCarol, chat._id, { text: "Let me in" }),
      chats.send(asBob, chat._id, { text: "Hi" }),
      chats.send(asCarol, "00000000-0000-4000-8000-000000000000", { text: "Nowhere" }),
    ]);
    expect(answers).toEqual([
      { ok: expect.objectContaining({ text: "Hello" }) },
      { refused: 404, message: "Chat not found" },
      { ok: expect.objectContaining({ text: "Hi" }) },
      { refused: 404, message: "Chat not found" },
    ]);
    expect(announced.map((m) => m.text)).toEqual(["Hello", "Hi"]);
    expect(await textsOf(bob, chat)).toEqual(["Hello", "Hi"]);
  });

  it("refuse a message the database cannot hold alone: the others are stored, in order", async () => {
    const { chats } = sendingBed();
    const chat = await newChat(carol, [alice, dan]);
    const texts = ["One", "Two", "Bad \u0000", "Four", "Five"];
    const answers = await outcomes(texts.map((text) => chats.send(asCarol, chat._id, { text })));
    expect(answers.map((answer) => ("ok" in answer ? answer.ok.text : answer.refused))).toEqual([
      "One",
      "Two",
      500,
      "Four",
      "Five",
    ]);
    expect(await textsOf(dan, chat)).toEqual(["One", "Two", "Four", "Five"]);
  });

  it("past a sender's allowance are refused with 429, each in the order sent", async () => {
    const { chats } = sendingBed({ messagesPerMinute: 2 });
    const chat = await newChat(bob, [alice, dan]);
    const answers = await outcomes([
      chats.send(asBob, chat._id, { text: "1" }),
      chats.send(asCarol, chat._id, { text: "not a member" }),
      chats.send(asBob, chat._id, { text: "2" }),
      chats.send(asBob, chat._id, { text: "3" }),
    ]);
    expect(answers.map((answer) => ("ok" in answer ? answer.ok.text : answer))).toEqual([
      "1",
      { refused: 404, message: "Chat not found" },
      "2",
      { refused: 429, message: "You're sending messages too fast. Please wait a moment." },
    ]);
  });

  it("past the limit in flight are refused at once as busy, waiting ones included", async () => {
    const { chats } = sendingBed({ messagesInFlight: 3 });
    const chat = await newChat(alice, [bob, carol]);
    const answers = await outcomes(
      [1, 2, 3, 4, 5].map((i) => chats.send(asAlice, chat._id, { text: `Busy ${i}` })),
    );
    const busy = { refused: 503, message: "Flik is busy right now. Please try again in a moment." };
    expect(answers.slice(3)).toEqual([busy, busy]);
    expect(answers.slice(0, 3).every((answer) => "ok" in answer)).toBe(true);
    // Once they are answered, there is room again.
    await expect(chats.send(asAlice, chat._id, { text: "Later" })).resolves.toMatchObject({ text: "Later" });
  });
});

describe("statements per send", () => {
  // Bob and Dan have no socket open and notification e-mails on: one more statement keeps the message
  // for their next notification mail.
  it("one send over HTTP: the session, the chat's members, the message, the offline members' mail", async () => {
    const chat = await newChat(alice, [bob, dan]);
    const before = sqlLog.length;
    const response = await call(alice, "POST", `/chats/${chat._id}/messages`, { text: "Hi" });
    expect(response.statusCode).toBe(201);
    const statements = sqlLog
      .slice(before)
      .filter((statement) => !/^update "sessions" set "last_active_at"/.test(statement));
    expect(statements.length).toBeLessThanOrEqual(4);
  });
});
