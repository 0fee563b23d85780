import type { Chat, Message } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, countQueries, eventQueue, realtimeBed, type SignedIn } from "../../test/helper.js";

/**
 * In a group two members share after either blocked the other, messages still pass between them but
 * seen state does not (README, Privacy and blocks): each message's `readBy` leaves out, for each
 * viewer, the members blocked either way with them, wherever a message is shown (a chat's messages, the
 * chat list's last message, what a send, an edit or a delete answers and tells live).
 */
const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, groupOf, sendMessage, block, someone, messagesOf, chatOf } = factories(built);

/** alice's group with bob and carol, where bob blocked carol, and alice's first message in it. */
async function groupWithABlock() {
  const [alice, bob, carol] = [await someone("alice"), await someone("bob"), await someone("carol")];
  const group = await groupOf(alice, [bob, carol], "Trio");
  await block(bob, carol);
  const hello = await sendMessage(alice, group, "Hello both");
  return { alice, bob, carol, group, hello };
}

const markSeen = async (member: SignedIn, chat: Chat) =>
  expect((await call(member, "PUT", `/messages/${chat._id}/mark-seen`)).statusCode).toBe(200);

const readByOf = (messages: Message[], id: string) => messages.find((m) => m._id === id)?.readBy;

describe("seen state in a group between two members where either blocked the other", () => {
  it("GET /chats/{id}/messages leaves each out of the other's readBy, both ways; others see both", async () => {
    const { alice, bob, carol, group, hello } = await groupWithABlock();
    await markSeen(carol, group);
    await markSeen(bob, group);
    expect(readByOf(await messagesOf(bob, group._id), hello._id)?.sort()).toEqual(
      [alice.userId, bob.userId].sort(),
    );
    expect(readByOf(await messagesOf(carol, group._id), hello._id)?.sort()).toEqual(
      [alice.userId, carol.userId].sort(),
    );
    expect(readByOf(await messagesOf(alice, group._id), hello._id)?.sort()).toEqual(
      [alice.userId, bob.userId, carol.userId].sort(),
    );
  });

  it("seen by the socket's messagesSeen too, and the other's own messages carry no readBy of them", async () => {
    const { alice, bob, carol, group } = await groupWithABlock();
    const fromCarol = await sendMessage(carol, group, "Carol here");
    const carolSocket = await socketOf(carol);
    expect(await carolSocket.emitWithAck("messagesSeen", group._id)).toEqual({ ok: true });
    await markSeen(bob, group);
    await markSeen(alice, group);
    expect(readByOf(await messagesOf(bob, group._id), fromCarol._id)?.sort()).toEqual(
      [alice.userId, bob.userId].sort(),
    );
    expect(readByOf(await messagesOf(alice, group._id), fromCarol._id)?.sort()).toEqual(
      [alice.userId, bob.userId, carol.userId].sort(),
    );
  });

  it("GET /chats: the last message's readBy leaves the other out", async () => {
    const { alice, bob, carol, group, hello } = await groupWithABlock();
    await markSeen(carol, group);
    expect((await chatOf(bob, group._id))?.lastMessage).toMatchObject({
      _id: hello._id,
      readBy: [alice.userId],
    });
    expect((await chatOf(alice, group._id))?.lastMessage?.readBy.sort()).toEqual(
      [alice.userId, carol.userId].sort(),
    );
  });

  it("newMessage, messageEdited and messageDeleted tell each member the readBy they may see", async () => {
    const { alice, bob, carol, group, hello } = await groupWithABlock();
    await markSeen(carol, group);
    const [aliceSocket, bobSocket] = [await socketOf(alice), await socketOf(bob)];
    const edits = {
      alice: eventQueue(aliceSocket, "messageEdited"),
      bob: eventQueue(bobSocket, "messageEdited"),
    };
    const deletes = {
      alice: eventQueue(aliceSocket, "messageDeleted"),
      bob: eventQueue(bobSocket, "messageDeleted"),
    };
    const news = { alice: eventQueue(aliceSocket, "newMessage"), bob: eventQueue(bobSocket, "newMessage") };

    const edited = await call(alice, "PUT", `/messages/${hello._id}`, { text: "Hello all" });
    expect(edited.json().message.readBy.sort()).toEqual([alice.userId, carol.userId].sort());
    expect((await edits.alice.next()).message.readBy.sort()).toEqual([alice.userId, carol.userId].sort());
    expect((await edits.bob.next()).message.readBy).toEqual([alice.userId]);

    const later = await sendMessage(alice, group, "Later");
    expect((await news.alice.next()).message._id).toBe(later._id);
    expect((await news.bob.next()).message._id).toBe(later._id);
    await markSeen(carol, group);
    const deleted = await call(alice, "DELETE", `/messages/${later._id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await deletes.alice.next()).lastMessage?.readBy.sort()).toEqual(
      [alice.userId, carol.userId].sort(),
    );
    expect((await deletes.bob.next()).lastMessage).toMatchObject({ _id: hello._id, readBy: [alice.userId] });
  });

  it("a send answers its sender the readBy they may see, a retried clientId too", async () => {
    const { alice, bob, carol, group } = await groupWithABlock();
    const first = await sendMessage(carol, group, "Once", "carol-1");
    await markSeen(alice, group);
    await markSeen(bob, group);
    const retried = await sendMessage(carol, group, "Once", "carol-1");
    expect(retried._id).toBe(first._id);
    expect(retried.readBy.sort()).toEqual([alice.userId, carol.userId].sort());
  });

  it("a group's messages cost the same number of queries with a block in it as without", async () => {
    const { bob, group } = await groupWithABlock();
    for (let i = 0; i < 5; i++) await sendMessage(bob, group, `More ${i}`);
    const path = `/chats/${group._id}/messages?limit=3`;
    const few = await countQueries(() => call(bob, "GET", path));
    const many = await countQueries(() => call(bob, "GET", `/chats/${group._id}/messages?limit=50`));
    expect(many).toBe(few);
  });
});
