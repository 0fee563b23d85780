import type { Chat, Message } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, countQueries, type Method, type SignedIn, statementsOf } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { call, persona, newcomer, chatBetween, sendMessage, chatsOf, unreadOf } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");
const dan = await persona("dan");

const messagesOf = async (member: SignedIn, chatId: string, query = "") =>
  (await call(member, "GET", `/chats/${chatId}/messages${query}`)).json();

describe("POST /chats", () => {
  it("makes one one-to-one chat per pair and answers the existing one after", async () => {
    const made = await call(alice, "POST", "/chats", { userId: bob.userId });
    expect(made.statusCode).toBe(201);
    const chat: Chat = made.json().chat;
    expect(chat).toEqual({
      _id: expect.any(String),
      participants: expect.arrayContaining([
        { _id: alice.userId, username: "alice", fullName: "Alice Liddell", avatar: "" },
        { _id: bob.userId, username: "bob", fullName: "Bob Marley", avatar: "" },
      ]),
      isGroupChat: false,
      name: "",
      lastMessage: null,
      unreadCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      isRequest: false,
    });
    let again = await call(bob, "POST", "/chats", { userId: alice.userId });
    // The existing chat, and what it shows is read once.
    const statements = await statementsOf(async () => {
      again = await call(bob, "POST", "/chats", { userId: alice.userId });
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().chat).toMatchObject({ _id: chat._id, participants: chat.participants });
    expect(new Set(statements).size).toBe(statements.length);
  });

  it("makes a named group with several members", async () => {
    const response = await call(alice, "POST", "/chats", {
      userIds: [bob.userId, carol.userId, bob.userId],
      name: "  Weekend trip  ",
    });
    expect(response.statusCode).toBe(201);
    const group: Chat = response.json().chat;
    expect(group).toMatchObject({ isGroupChat: true, name: "Weekend trip" });
    expect(group.participants.map((p) => p.username).sort()).toEqual(["alice", "bob", "carol"]);
    expect((await chatsOf(carol)).some((c) => c._id === group._id)).toBe(true);
    expect((await chatsOf(dan)).some((c) => c._id === group._id)).toBe(false);
  });

  it("refuses bad input with a clear 4xx", async () => {
    const cases: [object, number][] = [
      [{}, 400],
      [{ userId: "nope" }, 400],
      [{ userId: alice.userId }, 400],
      [{ userId: "00000000-0000-4000-8000-000000000000" }, 404],
      [{ userIds: [bob.userId], name: "Too small" }, 400],
      [{ userIds: [bob.userId, carol.userId], name: "   " }, 400],
      [{ userIds: [bob.userId, carol.userId], name: "x".repeat(61) }, 400],
      [{ userIds: [bob.userId, "00000000-0000-4000-8000-000000000000"], name: "Ghosts" }, 404],
    ];
    for (const [payload, status] of cases) {
      const response = await call(alice, "POST", "/chats", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const tooMany = Array.from(
      { length: 60 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const messages: [object, string][] = [
      [{ userIds: tooMany, name: "Crowd" }, "A group has at most 50 members"],
      [{ userIds: [bob.userId, carol.userId] }, "Group name is required"],
      [
        { userId: bob.userId, userIds: [bob.userId, carol.userId], name: "Both" },
        "Send a userId for a one-to-one chat, or userIds and a name for a group",
      ],
    ];
    for (const [payload, message] of messages) {
      const response = await call(alice, "POST", "/chats", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("answers every 400 with the field it is about, as the schema's own refusals do (design.md)", async () => {
    const cases: [object, string, string][] = [
      [{ userIds: [bob.userId], name: "One" }, "userIds", "A group needs at least two other members"],
      [
        { userIds: [bob.userId, bob.userId], name: "Twice" },
        "userIds",
        "A group needs at least two other members",
      ],
      [
        { userIds: [bob.userId, alice.userId], name: "Me" },
        "userIds",
        "A group needs at least two other members",
      ],
      [{ userId: alice.userId }, "userId", "You cannot start a chat with yourself"],
      [{ userIds: [bob.userId, 7], name: "Seven" }, "userIds.1", "userIds must be a list of member ids"],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(alice, "POST", "/chats", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ message, errors: [{ field, message }] });
    }
  });
});

describe("messages", () => {
  it("are sent, listed oldest first, paged back by cursor, and put the chat on top", async () => {
    const chat = await chatBetween(carol, dan);
    for (let i = 1; i <= 5; i++) await sendMessage(i % 2 ? carol : dan, chat, `Message ${i}`);
    const first = await messagesOf(carol, chat._id, "?limit=2");
    expect(first.messages.map((m: Message) => m.text)).toEqual(["Message 4", "Message 5"]);
    const older = await messagesOf(
      carol,
      chat._id,
      `?limit=10&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(older.messages.map((m: Message) => m.text)).toEqual(["Message 1", "Message 2", "Message 3"]);
    expect(older.nextCursor).toBeNull();
    const [top] = await chatsOf(dan);
    expect(top).toMatchObject({
      _id: chat._id,
      lastMessage: { text: "Message 5", sender: { username: "carol" } },
    });
  });

  it("trims text, refuses blank or huge text, and stores a retried clientId once", async () => {
    const chat = await chatBetween(alice, dan);
    const message = await sendMessage(alice, chat, "  Hello there  ", "temp-1");
    expect(message).toEqual({
      _id: expect.any(String),
      chat: chat._id,
      sender: { _id: alice.userId, username: "alice", avatar: "" },
      text: "Hello there",
      createdAt: expect.any(String),
      editedAt: null,
      readBy: [alice.userId],
      clientId: "temp-1",
    });
    expect((await sendMessage(alice, chat, "Hello there", "temp-1"))._id).toBe(message._id);
    expect((await messagesOf(dan, chat._id)).messages).toHaveLength(1);
    for (const payload of [{ text: "   " }, {}, { text: 5 }, { text: "x".repeat(4001) }]) {
      const response = await call(alice, "POST", `/chats/${chat._id}/messages`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("posted at the same moment each get their own answer, and a clientId sent twice is stored once", async () => {
    const made = await call(alice, "POST", "/chats", { userIds: [bob.userId, dan.userId], name: "At once" });
    const chat: Chat = made.json().chat;
    const url = `/chats/${chat._id}/messages`;
    const responses = await Promise.all([
      call(alice, "POST", url, { text: "Hello", clientId: "at-once-1" }),
      call(alice, "POST", url, { text: "Hello", clientId: "at-once-1" }),
      call(carol, "POST", url, { text: "Let me in" }),
      call(bob, "POST", url, { text: "Hi" }),
      call(dan, "POST", url, { text: "Hey", clientId: "at-once-1" }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 404, 201, 201]);
    const [first, copy, refused, fromBob, fromDan] = responses.map((response) => response.json());
    expect(copy.message._id).toBe(first.message._id);
    expect(refused).toEqual({ message: "Chat not found" });
    expect([fromBob.message.text, fromDan.message.text]).toEqual(["Hi", "Hey"]);
    const texts = (await messagesOf(dan, chat._id)).messages.map((m: Message) => m.text);
    expect(texts.sort()).toEqual(["Hello", "Hey", "Hi"]);
  });

  it("count as unread for the others until they mark the chat seen", async () => {
    const [gina, hank] = await Promise.all([persona("gina"), persona("hank")]);
    const chat = await chatBetween(gina, hank);
    const before = await unreadOf(hank);
    await sendMessage(gina, chat, "One");
    await sendMessage(gina, chat, "Two");
    expect(await unreadOf(hank)).toBe(before + 2);
    expect(await unreadOf(gina)).toBe(0);
    expect((await chatsOf(hank)).find((c) => c._id === chat._id)?.unreadCount).toBe(2);

    const seen = await call(hank, "PUT", `/messages/${chat._id}/mark-seen`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ message: "Messages marked as seen", seenAt: expect.any(String) });
    expect(await unreadOf(hank)).toBe(before);
    const { messages } = await messagesOf(gina, chat._id);
    expect(messages.every((m: Message) => m.readBy.includes(hank.userId))).toBe(true);
  });

  it("are edited and deleted by their sender only", async () => {
    const chat = await chatBetween(alice, carol);
    const message = await sendMessage(alice, chat, "Typo hre");
    const refused = await call(carol, "PUT", `/messages/${message._id}`, { text: "Hijacked" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the sender can edit this message");
    expect((await call(carol, "DELETE", `/messages/${message._id}`)).statusCode).toBe(403);

    const edited = await call(alice, "PUT", `/messages/${message._id}`, { text: "Typo here" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toMatchObject({ text: "Typo here", editedAt: expect.any(String) });
    expect((await call(alice, "PUT", `/messages/${message._id}`, { text: " " })).statusCode).toBe(400);

    expect((await call(alice, "DELETE", `/messages/${message._id}`)).statusCode).toBe(200);
    expect((await messagesOf(carol, chat._id)).messages).toEqual([]);
    expect((await call(alice, "DELETE", `/messages/${message._id}`)).statusCode).toBe(404);
  });

  it("unsent as a chat's last, take its time and place in the list back with them", async () => {
    // Members of their own: the chats between the personas are shared by other tests.
    const [bob, carol, dan] = await Promise.all([
      newcomer("unsent_bo"),
      newcomer("unsent_cy"),
      newcomer("unsent_di"),
    ]);
    const made = await call(bob, "POST", "/chats", { userIds: [carol.userId, dan.userId], name: "Unsent" });
    const group: Chat = made.json().chat;
    const pair = await chatBetween(bob, dan);
    const kept = await sendMessage(bob, pair, "Still here");
    const unsent = await sendMessage(bob, pair, "Oops");
    const only = await sendMessage(dan, group, "Wrong chat");
    const order = async () => (await chatsOf(bob)).map((chat) => chat._id);
    expect((await order()).slice(0, 2)).toEqual([group._id, pair._id]);

    expect((await call(dan, "DELETE", `/messages/${only._id}`)).statusCode).toBe(200);
    expect((await order()).slice(0, 2)).toEqual([pair._id, group._id]);
    expect((await chatsOf(bob)).find((chat) => chat._id === group._id)).toMatchObject({
      lastMessage: null,
      updatedAt: group.createdAt,
    });
    expect((await call(bob, "DELETE", `/messages/${unsent._id}`)).statusCode).toBe(200);
    expect((await chatsOf(dan)).find((chat) => chat._id === pair._id)).toMatchObject({
      lastMessage: { _id: kept._id },
      updatedAt: kept.createdAt,
    });

    // Two unsent at once, the last and the one before: each sees the other's, and the chat's time is
    // that of the message left.
    const [second, third] = [await sendMessage(bob, pair, "Two"), await sendMessage(bob, pair, "Three")];
    const both = await Promise.all([
      call(bob, "DELETE", `/messages/${third._id}`),
      call(bob, "DELETE", `/messages/${second._id}`),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await chatsOf(dan)).find((chat) => chat._id === pair._id)).toMatchObject({
      lastMessage: { _id: kept._id },
      updatedAt: kept.createdAt,
    });
  });

  it("unsent, take a chat off the list of a member who had deleted it, when it alone brought it back", async () => {
    const [carol, bob] = await Promise.all([newcomer("unlisted_cy"), newcomer("unlisted_bo")]);
    const pair = await chatBetween(carol, bob);
    await sendMessage(carol, pair, "Before");
    expect((await call(bob, "DELETE", `/chats/${pair._id}`)).statusCode).toBe(200);
    const again = await sendMessage(carol, pair, "Back again");
    expect((await chatsOf(bob)).some((chat) => chat._id === pair._id)).toBe(true);

    expect((await call(carol, "DELETE", `/messages/${again._id}`)).statusCode).toBe(200);
    expect((await chatsOf(bob)).some((chat) => chat._id === pair._id)).toBe(false);
    expect((await chatsOf(carol)).find((chat) => chat._id === pair._id)?.lastMessage?.text).toBe("Before");
  });
});

describe("a non-member", () => {
  it("can neither read, post, mark seen, edit nor delete; the chat does not exist for them", async () => {
    const frank = await persona("frank");
    const chat = await chatBetween(frank, bob);
    const message = await sendMessage(frank, chat, "Just us");
    const attempts: [Method, string, object?][] = [
      ["GET", `/chats/${chat._id}/messages`],
      ["POST", `/chats/${chat._id}/messages`, { text: "Let me in" }],
      ["PUT", `/messages/${chat._id}/mark-seen`],
      ["PUT", `/messages/${message._id}`, { text: "Mine now" }],
      ["DELETE", `/messages/${message._id}`],
      ["DELETE", `/chats/${chat._id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(carol, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toMatch(/not found/);
    }
    expect((await messagesOf(bob, chat._id)).messages.map((m: Message) => m.text)).toEqual(["Just us"]);
  });

  it("gets 404 for ids that are not ids, and 401 without a session", async () => {
    const noChat = await call(carol, "GET", "/chats/nope/messages");
    expect(noChat.statusCode).toBe(404);
    expect(noChat.json()).toEqual({ message: "Chat not found" });
    expect((await call(carol, "PUT", "/messages/nope")).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/chats" })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/messages/unread-count" })).statusCode).toBe(401);
  });
});

describe("DELETE /chats/{id}", () => {
  it("clears the chat from the member's own list only, until a new message brings it back", async () => {
    const chat = await chatBetween(carol, bob);
    await sendMessage(bob, chat, "Before");
    expect((await call(carol, "DELETE", `/chats/${chat._id}`)).json()).toEqual({ message: "Chat deleted" });
    expect((await chatsOf(carol)).some((c) => c._id === chat._id)).toBe(false);
    expect((await chatsOf(bob)).some((c) => c._id === chat._id)).toBe(true);
    expect((await messagesOf(carol, chat._id)).messages).toEqual([]);

    await sendMessage(bob, chat, "After");
    const back = (await chatsOf(carol)).find((c) => c._id === chat._id);
    expect(back).toMatchObject({ unreadCount: 1, lastMessage: { text: "After" } });
    expect((await messagesOf(carol, chat._id)).messages.map((m: Message) => m.text)).toEqual(["After"]);
    expect((await messagesOf(bob, chat._id)).messages.map((m: Message) => m.text)).toEqual([
      "Before",
      "After",
    ]);
  });

  it("comes back without its old messages when the member opens it again", async () => {
    const chat = await chatBetween(dan, bob);
    await sendMessage(bob, chat, "Old secret");
    await sendMessage(dan, chat, "Old reply");
    expect((await call(dan, "DELETE", `/chats/${chat._id}`)).statusCode).toBe(200);

    const reopened = await call(dan, "POST", "/chats", { userId: bob.userId });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().chat).toMatchObject({ _id: chat._id, lastMessage: null, unreadCount: 0 });
    expect((await chatsOf(dan)).find((c) => c._id === chat._id)).toMatchObject({ lastMessage: null });
    expect((await messagesOf(dan, chat._id)).messages).toEqual([]);

    await sendMessage(bob, chat, "New one");
    expect((await messagesOf(dan, chat._id)).messages.map((m: Message) => m.text)).toEqual(["New one"]);
    // Deleted again, it leaves the list again.
    expect((await call(dan, "DELETE", `/chats/${chat._id}`)).statusCode).toBe(200);
    expect((await chatsOf(dan)).some((c) => c._id === chat._id)).toBe(false);
    expect((await messagesOf(bob, chat._id)).messages).toHaveLength(3);
  });
});

describe("GET /chats", () => {
  it("costs the same number of queries for 1 chat and for many", async () => {
    const erin = await persona("erin");
    const one = await chatBetween(erin, alice);
    await sendMessage(erin, one, "Hi");
    const few = await countQueries(() => call(erin, "GET", "/chats"));
    for (const other of [bob, carol, dan]) await sendMessage(erin, await chatBetween(erin, other), "Hi");
    const many = await countQueries(() => call(erin, "GET", "/chats"));
    expect(many).toBe(few);
  });
});

describe("GET /user/search", () => {
  it("finds members by username or name, and refuses an empty query", async () => {
    const response = await call(alice, "GET", "/user/search?q=BO");
    expect(response.statusCode).toBe(200);
    expect(response.json().users[0]).toEqual({
      _id: bob.userId,
      username: "bob",
      fullName: "Bob Marley",
      avatar: "",
    });
    expect(
      (await call(alice, "GET", "/user/search?q=liddell"))
        .json()
        .users.map((u: { username: string }) => u.username),
    ).toEqual(["alice"]);
    expect((await call(alice, "GET", "/user/search?q=%25")).json().users).toEqual([]);
    expect((await call(alice, "GET", "/user/search?q=%20")).statusCode).toBe(400);
    expect((await call(alice, "GET", "/user/search")).statusCode).toBe(400);
  });
});
