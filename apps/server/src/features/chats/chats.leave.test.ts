import { rooms } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chats } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  countQueries,
  nextEvent,
  realtimeBed,
  roundTrip,
} from "../../test/helper.js";

const built = await buildTestApp();
const { socketOf, isInRoom } = await realtimeBed(built);
const { call, persona, newcomer, chatBetween, groupOf, sendMessage, chatsOf, unreadOf } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
const dan = await persona("dan");

const leave = (member: typeof alice, chatId: string) => call(member, "POST", `/chats/${chatId}/leave`);
const usernames = (chat: { participants: { username: string }[] }) =>
  chat.participants.map((p) => p.username).sort();

describe("POST /chats/{id}/leave", () => {
  it("takes the member out of the group: off their list, and the others see it without them", async () => {
    const group = await groupOf(alice, [bob, carol], "Book club");
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([
      socketOf(alice),
      socketOf(bob),
      socketOf(carol),
    ]);
    const aliceHears = nextEvent(aliceSocket, "chatUpdated");
    const carolHears = nextEvent(carolSocket, "chatUpdated");
    const bobsOtherTabs = nextEvent(bobSocket, "chatDeleted");

    const response = await leave(bob, group._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "You left the group" });

    expect((await chatsOf(bob)).some((c) => c._id === group._id)).toBe(false);
    expect(await bobsOtherTabs).toEqual({ chatId: group._id });
    const [forAlice, forCarol] = [(await aliceHears).chat, (await carolHears).chat];
    expect(forAlice).toMatchObject({ _id: group._id, name: "Book club", isGroupChat: true });
    expect(usernames(forAlice)).toEqual(["alice", "carol"]);
    expect(usernames(forCarol)).toEqual(["alice", "carol"]);
    const listed = (await chatsOf(carol)).find((c) => c._id === group._id);
    expect(listed && usernames(listed)).toEqual(["alice", "carol"]);
    // Nothing of it is theirs any more.
    expect((await call(bob, "GET", `/chats/${group._id}/messages`)).statusCode).toBe(404);
  });

  it("the member who left gets no more messages, typing, seen marks or unread counts of it", async () => {
    const group = await groupOf(alice, [bob, dan], "Runners");
    const [aliceSocket, bobSocket, danSocket] = await Promise.all([
      socketOf(alice),
      socketOf(bob),
      socketOf(dan),
    ]);
    for (const socket of [aliceSocket, bobSocket, danSocket])
      expect(await socket.emitWithAck("joinChat", group._id)).toEqual({ ok: true });
    expect(isInRoom(bobSocket, rooms.chat(group._id))).toBe(true);
    const unreadBefore = await unreadOf(bob);

    expect((await leave(bob, group._id)).statusCode).toBe(200);
    await roundTrip(bobSocket);
    expect(isInRoom(bobSocket, rooms.chat(group._id))).toBe(false);

    const bobHeard = {
      newMessage: collectEvents(bobSocket, "newMessage"),
      typing: collectEvents(bobSocket, "typing"),
      messagesSeen: collectEvents(bobSocket, "messagesSeen"),
      chatUpdated: collectEvents(bobSocket, "chatUpdated"),
    };
    const danGetsMessage = nextEvent(danSocket, "newMessage");
    const danSeesTyping = nextEvent(danSocket, "typing");
    const danSeesSeen = nextEvent(danSocket, "messagesSeen");
    await sendMessage(alice, group, "Still running Sunday?");
    aliceSocket.emit("typing", group._id);
    expect((await call(alice, "PUT", `/messages/${group._id}/mark-seen`)).statusCode).toBe(200);
    expect((await danGetsMessage).message.text).toBe("Still running Sunday?");
    await danSeesTyping;
    await danSeesSeen;
    await roundTrip(bobSocket);

    expect(bobHeard).toEqual({ newMessage: [], typing: [], messagesSeen: [], chatUpdated: [] });
    expect(await unreadOf(bob)).toBe(unreadBefore);
    // A new message does not bring it back either, and Bob can no longer join or write.
    expect((await chatsOf(bob)).some((c) => c._id === group._id)).toBe(false);
    expect(await bobSocket.emitWithAck("joinChat", group._id)).toMatchObject({ ok: false, status: 404 });
    expect((await call(bob, "POST", `/chats/${group._id}/messages`, { text: "Hi?" })).statusCode).toBe(404);
  });

  it("tells only the members who have the group on their list (a deleted one stays deleted)", async () => {
    const group = await groupOf(alice, [bob, carol], "Quiet");
    expect((await call(carol, "DELETE", `/chats/${group._id}`)).statusCode).toBe(200);
    const [aliceSocket, carolSocket] = await Promise.all([socketOf(alice), socketOf(carol)]);
    const carolHeard = collectEvents(carolSocket, "chatUpdated");
    const aliceHears = nextEvent(aliceSocket, "chatUpdated");

    expect((await leave(bob, group._id)).statusCode).toBe(200);
    expect(usernames((await aliceHears).chat)).toEqual(["alice", "carol"]);
    await roundTrip(carolSocket);
    expect(carolHeard.filter((event) => event.chat._id === group._id)).toEqual([]);
    expect((await chatsOf(carol)).some((c) => c._id === group._id)).toBe(false);
  });

  it("tells each member the group as their own list shows it, in the same number of queries for 3 members or 8", async () => {
    const costOfLeaving = async (size: number) => {
      const [founder, ...others] = await Promise.all(
        Array.from({ length: size }, (_, i) => newcomer(`leave${size}m${i}`)),
      );
      if (!founder) throw new Error("no founder");
      const group = await groupOf(founder, others, `Group of ${size}`);
      await sendMessage(founder, group, "Welcome");
      const leaving = others[0];
      if (!leaving) throw new Error("no one to leave");
      return countQueries(() => leave(leaving, group._id));
    };
    expect(await costOfLeaving(8)).toBe(await costOfLeaving(3));

    const group = await groupOf(alice, [bob, carol, dan], "Each as they see it");
    await sendMessage(alice, group, "First");
    await sendMessage(bob, group, "Second");
    const [aliceSocket, carolSocket] = await Promise.all([socketOf(alice), socketOf(carol)]);
    const aliceHears = nextEvent(aliceSocket, "chatUpdated");
    const carolHears = nextEvent(carolSocket, "chatUpdated");
    expect((await leave(dan, group._id)).statusCode).toBe(200);
    const [forAlice, forCarol] = [(await aliceHears).chat, (await carolHears).chat];
    expect(forAlice).toEqual((await chatsOf(alice)).find((c) => c._id === group._id));
    expect(forCarol).toEqual((await chatsOf(carol)).find((c) => c._id === group._id));
    expect([forAlice.unreadCount, forCarol.unreadCount]).toEqual([1, 2]);
    expect(forCarol.lastMessage?.text).toBe("Second");
  });

  it("deletes the group when its last member leaves", async () => {
    const group = await groupOf(alice, [bob, carol], "Short-lived");
    await sendMessage(alice, group, "Bye all");
    for (const member of [alice, bob]) expect((await leave(member, group._id)).statusCode).toBe(200);
    const stored = () => built.database.db.select().from(chats).where(eq(chats.id, group._id));
    expect(await stored()).toHaveLength(1);
    expect((await leave(carol, group._id)).statusCode).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it("refuses a one-to-one chat (400) and a chat the caller is not in or that is none (404)", async () => {
    const direct = await chatBetween(alice, dan);
    const group = await groupOf(alice, [bob, carol], "Not Dan's");
    const cases: [typeof alice, string, number, string][] = [
      [alice, direct._id, 400, "Only a group can be left"],
      [dan, group._id, 404, "Chat not found"],
      [alice, crypto.randomUUID(), 404, "Chat not found"],
      [alice, "not-a-chat", 404, "Chat not found"],
    ];
    for (const [member, chatId, status, message] of cases) {
      const response = await leave(member, chatId);
      expect({ chatId, status: response.statusCode, message: response.json().message }).toEqual({
        chatId,
        status,
        message,
      });
    }
    // Leaving twice: the second time the group is none of theirs.
    expect((await leave(bob, group._id)).statusCode).toBe(200);
    expect((await leave(bob, group._id)).statusCode).toBe(404);
    expect((await chatsOf(alice)).some((c) => c._id === direct._id)).toBe(true);
  });
});
