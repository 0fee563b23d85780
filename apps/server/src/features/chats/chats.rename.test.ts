import { BROKEN_CHARACTER_MESSAGE, NUL_CHARACTER_MESSAGE } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, collectEvents, nextEvent, realtimeBed, roundTrip } from "../../test/helper.js";

const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, persona, chatBetween, groupOf, sendMessage, chatsOf } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
const dan = await persona("dan");

const rename = (member: typeof alice, chatId: string, body: object) =>
  call(member, "PATCH", `/chats/${chatId}`, body);
const listed = async (member: typeof alice, chatId: string) =>
  (await chatsOf(member)).find((chat) => chat._id === chatId);

describe("PATCH /chats/{id}", () => {
  it("lets any member rename the group: answered as GET /chats shows it, and stored", async () => {
    const group = await groupOf(alice, [bob, carol], "Book club");
    await sendMessage(carol, group, "Who has chapter 3?");
    const before = await listed(bob, group._id);

    const response = await rename(bob, group._id, { name: "Reading circle" });

    expect(response.statusCode).toBe(200);
    const { chat } = response.json();
    expect(chat).toEqual({ ...before, name: "Reading circle" });
    for (const member of [alice, bob, carol])
      expect((await listed(member, group._id))?.name).toBe("Reading circle");
  });

  it("takes ten renames a minute from a member, then answers 429: each is told to every member", async () => {
    const erin = await persona("erin");
    const group = await groupOf(erin, [bob, carol], "Renamed often");
    const answers: number[] = [];
    for (let at = 1; at <= 11; at++)
      answers.push((await rename(erin, group._id, { name: `Name ${at}` })).statusCode);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    expect((await listed(erin, group._id))?.name).toBe("Name 10");
  });

  it("refuses a member the group still waits for (a request) until they accept it (403)", async () => {
    const [frank, gina] = [await persona("frank"), await persona("gina")];
    // Made by a stranger and not accepted (the factory's groupOf accepts for everyone).
    const group = (
      await call(frank, "POST", "/chats", { userIds: [gina.userId, bob.userId], name: "Strangers" })
    ).json().chat;
    expect((await listed(gina, group._id))?.isRequest).toBe(true);

    const refused = await rename(gina, group._id, { name: "Mine now" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Accept the group to rename it" });
    expect((await listed(frank, group._id))?.name).toBe("Strangers");

    expect((await call(gina, "POST", `/chats/${group._id}/accept`)).statusCode).toBe(200);
    expect((await rename(gina, group._id, { name: "Friends now" })).statusCode).toBe(200);
  });

  it("tells every member's sockets, each with the group as they see it", async () => {
    const group = await groupOf(alice, [bob, carol], "Runners");
    await sendMessage(alice, group, "Sunday 8am?");
    const [aliceSocket, bobSocket, carolSocket] = await Promise.all([
      socketOf(alice),
      socketOf(bob),
      socketOf(carol),
    ]);
    const heard = [aliceSocket, bobSocket, carolSocket].map((socket) => nextEvent(socket, "chatUpdated"));

    expect((await rename(carol, group._id, { name: "Sunday runners" })).statusCode).toBe(200);

    const [forAlice, forBob, forCarol] = (await Promise.all(heard)).map((event) => event.chat);
    for (const chat of [forAlice, forBob, forCarol])
      expect(chat).toMatchObject({ _id: group._id, name: "Sunday runners", isGroupChat: true });
    // As each member sees it: Alice sent the message, so only the others have it unread.
    expect(forAlice).toEqual(await listed(alice, group._id));
    expect(forBob).toEqual(await listed(bob, group._id));
    expect(forBob?.unreadCount).toBe(1);
    expect(forAlice?.unreadCount).toBe(0);
  });

  it("keeps the group's place in every list: a new name is no activity", async () => {
    const renamed = await groupOf(alice, [bob, carol], "Older");
    const newer = await groupOf(alice, [bob, carol], "Newer");
    const order = async () => (await chatsOf(bob)).map((chat) => chat._id);
    const before = await order();
    expect(before.indexOf(newer._id)).toBeLessThan(before.indexOf(renamed._id));
    const updatedAt = (await listed(bob, renamed._id))?.updatedAt;

    expect((await rename(alice, renamed._id, { name: "Older, renamed" })).statusCode).toBe(200);

    expect(await order()).toEqual(before);
    expect((await listed(bob, renamed._id))?.updatedAt).toBe(updatedAt);
  });

  it("does not bring the group back to a member who deleted it", async () => {
    const group = await groupOf(alice, [bob, carol], "Quiet");
    expect((await call(carol, "DELETE", `/chats/${group._id}`)).statusCode).toBe(200);
    const [aliceSocket, carolSocket] = await Promise.all([socketOf(alice), socketOf(carol)]);
    const carolHeard = collectEvents(carolSocket, "chatUpdated");
    const aliceHears = nextEvent(aliceSocket, "chatUpdated");

    expect((await rename(bob, group._id, { name: "Loud" })).statusCode).toBe(200);

    expect((await aliceHears).chat.name).toBe("Loud");
    await roundTrip(carolSocket);
    expect(carolHeard.filter((event) => event.chat._id === group._id)).toEqual([]);
    expect(await listed(carol, group._id)).toBeUndefined();
  });

  it("answers the same name with the group as it is, and tells nobody", async () => {
    const group = await groupOf(alice, [bob, carol], "Same");
    const bobSocket = await socketOf(bob);
    const bobHeard = collectEvents(bobSocket, "chatUpdated");

    const response = await rename(alice, group._id, { name: "  Same " });

    expect(response.statusCode).toBe(200);
    expect(response.json().chat).toEqual(await listed(alice, group._id));
    await roundTrip(bobSocket);
    expect(bobHeard).toEqual([]);
  });

  it("refuses a one-to-one chat (400) and a chat the caller is not in, left or that is none (404)", async () => {
    const direct = await chatBetween(alice, dan);
    const group = await groupOf(alice, [bob, carol], "Not Dan's");
    const left = await groupOf(alice, [bob, carol], "Carol left");
    expect((await call(carol, "POST", `/chats/${left._id}/leave`)).statusCode).toBe(200);
    const cases: [typeof alice, string, number, string][] = [
      [alice, direct._id, 400, "Only a group can be renamed"],
      [dan, direct._id, 400, "Only a group can be renamed"],
      [dan, group._id, 404, "Chat not found"],
      [carol, left._id, 404, "Chat not found"],
      [alice, crypto.randomUUID(), 404, "Chat not found"],
      [alice, "not-a-chat", 404, "Chat not found"],
    ];
    for (const [member, chatId, status, message] of cases) {
      const response = await rename(member, chatId, { name: "Mine now" });
      expect({ chatId, status: response.statusCode, message: response.json().message }).toEqual({
        chatId,
        status,
        message,
      });
    }
    expect((await listed(alice, group._id))?.name).toBe("Not Dan's");
    expect((await listed(alice, left._id))?.name).toBe("Carol left");
    expect((await listed(alice, direct._id))?.name).toBe("");
  });

  it("refuses a name a new group could not have (400, the field named), and keeps the old one", async () => {
    const group = await groupOf(alice, [bob, carol], "Kept");
    const cases: [object, string][] = [
      [{ name: "" }, "Group name is required"],
      [{ name: "   " }, "Group name is required"],
      // Invisible alone: a zero-width space and a direction override.
      [{ name: "\u200b\u202e" }, "Group name is required"],
      [{ name: "x".repeat(61) }, "Group name is at most 60 characters"],
      [{ name: "Nul\u0000byte" }, NUL_CHARACTER_MESSAGE],
      [{ name: "Half \ud83d" }, BROKEN_CHARACTER_MESSAGE],
      [{ name: 7 }, "name must be text"],
      [{ name: null }, "Group name is required"],
      [{}, "Group name is required"],
    ];
    for (const [payload, message] of cases) {
      const response = await rename(bob, group._id, payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: { message, errors: [{ field: "name", message }] },
      });
    }
    expect((await listed(alice, group._id))?.name).toBe("Kept");
  });

  it("stores the name as a new group's: one line, direction overrides stripped before it is measured", async () => {
    const group = await groupOf(alice, [bob, carol], "Plain");
    const cases: [string, string][] = [
      ["\u202eBook\u202c club\u2066", "Book club"],
      ["  Two\n  lines\tjoined  ", "Two lines joined"],
      [`\u202e${"x".repeat(60)}\u202c`, "x".repeat(60)],
    ];
    for (const [sent, stored] of cases) {
      const response = await rename(bob, group._id, { name: sent });
      expect(response.statusCode, JSON.stringify(sent)).toBe(200);
      expect(response.json().chat.name).toBe(stored);
      expect((await listed(carol, group._id))?.name).toBe(stored);
    }
  });
});
