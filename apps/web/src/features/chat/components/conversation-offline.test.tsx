import type { Message } from "@flik/shared";
import { act, cleanup, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createUserSocket } from "../../../lib/socket";
import { clearAuth } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { connectNow, type FakeSocket } from "../../../test/fake-socket";
import { jsonResponse } from "../../../test/fixtures";
import { unloadIsAsked } from "../../../test/unload";
import { waitUntil } from "../../../test/wait";
import {
  callsTo,
  emitted,
  fromAlice,
  makeChat,
  makeMessage,
  messagesOf,
  openChatScreen,
} from "../test/chat-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const hello = makeMessage({ _id: "m-1", text: "Hi Alice!" });
/** The network is down: a request never reaches the server. */
const unreachable = () => Promise.reject(new TypeError("Failed to fetch"));

/** What the server stored, read back by the history's catch-up after a reconnect. */
let stored: Message[] = [];

beforeEach(() => {
  stored = [];
});

async function openBobChat(routes = {}) {
  const view = await openChatScreen("/chat?c=c-bob", [makeChat({ lastMessage: hello })], {
    "GET /chats/c-bob/messages": () => messagesOf(hello, ...stored),
    "POST /chats/c-bob/messages": unreachable,
    ...routes,
  });
  const log = await screen.findByRole("log", { name: "Messages" });
  await within(log).findByText("Hi Alice!");
  await waitUntil(() => expect(view.socket.listens("connect")).toBe(true));
  return { ...view, log, field: screen.getByRole("textbox", { name: "Message" }) };
}

/** The browser loses the network: the connection goes (and what was waiting on it hears so). */
async function goOffline(socket: FakeSocket) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  await act(async () => {
    socket.connected = false;
    socket.fire("disconnect", "transport close");
  });
}

/** The network is back; the socket's connect is the test's to fire. */
function networkBack() {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
}

type Sent = { chatId: string; text: string; clientId: string };
const sends = (socket: FakeSocket) => emitted(socket, "sendMessage") as [Sent, (result: unknown) => void][];

/** The server's answer to the `index`-th send: the message stored, or a refusal. */
function answer(socket: FakeSocket, index: number, refusal?: { error: string; status: number }) {
  const [payload, ack] = sends(socket)[index] ?? [];
  if (!payload || !ack) throw new Error(`No send #${index}`);
  if (refusal) {
    act(() => ack({ ok: false, ...refusal }));
    return;
  }
  const message = fromAlice({ _id: `m-${payload.clientId}`, text: payload.text, clientId: payload.clientId });
  // Sent twice, it is stored once (its clientId).
  if (!stored.some((m) => m.clientId === message.clientId)) stored.push(message);
  act(() => {
    ack({ ok: true, message });
    // As the server does, it also tells the chat's members, the sender's tabs among them.
    socket.fire("newMessage", { message });
  });
}

describe("Conversation offline", () => {
  it("keeps messages written offline as Sending…, and sends each once, in order, when the connection is back", async () => {
    const { socket, user, field, log, fetchMock } = await openBobChat();
    await goOffline(socket);

    await user.type(field, "First{Enter}");
    await waitUntil(() => expect(callsTo(fetchMock, "POST /chats/c-bob/messages")).toHaveLength(1));
    await user.type(field, "Second{Enter}");

    await waitUntil(() => expect(within(log).getAllByText("Sending…")).toHaveLength(2));
    expect(within(log).queryByText("Not sent")).not.toBeInTheDocument();
    expect(sends(socket)).toEqual([]);
    // They live only in this page until sent: a reload is asked about first.
    expect(unloadIsAsked()).toBe(true);

    networkBack();
    act(() => connectNow(socket));
    // One at a time: the second waits for the first's answer, so they are stored in the order written.
    await waitUntil(() => expect(sends(socket)).toHaveLength(1));
    expect(sends(socket)[0]?.[0]).toMatchObject({ chatId: "c-bob", text: "First" });
    answer(socket, 0);
    await waitUntil(() => expect(sends(socket)).toHaveLength(2));
    expect(sends(socket)[1]?.[0]).toMatchObject({ text: "Second" });
    answer(socket, 1);

    await waitUntil(() => expect(within(log).queryByText("Sending…")).not.toBeInTheDocument());
    expect(within(log).getAllByText("First")).toHaveLength(1);
    expect(within(log).getAllByText("Second")).toHaveLength(1);
    await waitUntil(() => expect(unloadIsAsked()).toBe(false));
    // Another connect sends nothing again.
    networkBack();
    act(() => connectNow(socket));
    expect(sends(socket)).toHaveLength(2);
  });

  it("sends again, with the same clientId, a message whose connection went before the server answered", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "Are you there?{Enter}");
    expect(sends(socket)).toHaveLength(1);

    await goOffline(socket);
    expect(within(log).getByText("Sending…")).toBeInTheDocument();
    expect(within(log).queryByText("Not sent")).not.toBeInTheDocument();

    networkBack();
    act(() => connectNow(socket));
    await waitUntil(() => expect(sends(socket)).toHaveLength(2));
    // The server may have stored the first: the same clientId answers that copy, never a second.
    expect(sends(socket)[1]?.[0].clientId).toBe(sends(socket)[0]?.[0].clientId);
    answer(socket, 1);
    await waitUntil(() => expect(within(log).queryByText("Sending…")).not.toBeInTheDocument());
    expect(within(log).getAllByText("Are you there?")).toHaveLength(1);
  });

  it("says Not sent, with Retry, when the server refuses a message sent on the reconnect", async () => {
    const { socket, user, field, log } = await openBobChat();
    await goOffline(socket);
    await user.type(field, "Hello again{Enter}");
    await waitUntil(() => expect(within(log).getByText("Sending…")).toBeInTheDocument());
    expect(unloadIsAsked()).toBe(true);

    networkBack();
    act(() => connectNow(socket));
    await waitUntil(() => expect(sends(socket)).toHaveLength(1));
    answer(socket, 0, { error: "You can't message this account", status: 403 });

    expect(await within(log).findByText("Not sent")).toBeInTheDocument();
    expect(within(log).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You can't message this account");
    // The member was told it was not sent: a reload loses nothing they don't know of.
    expect(unloadIsAsked()).toBe(false);
  });

  it("sends what was written offline when the connection comes back on another screen", async () => {
    const { socket, user, field, log, router } = await openBobChat({
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });
    await goOffline(socket);
    await user.type(field, "Sent from the feed{Enter}");
    await waitUntil(() => expect(within(log).getByText("Sending…")).toBeInTheDocument());

    await act(() => router.navigate("/post"));
    await waitUntil(() => expect(screen.queryByRole("log", { name: "Messages" })).not.toBeInTheDocument());
    networkBack();
    act(() => connectNow(socket));

    await waitUntil(() => expect(sends(socket)).toHaveLength(1));
    expect(sends(socket)[0]?.[0]).toMatchObject({ chatId: "c-bob", text: "Sent from the feed" });
  });

  it("keeps what was still Sending… through a reload, and sends it once with the same clientId", async () => {
    const before = await openBobChat();
    await goOffline(before.socket);
    await before.user.type(before.field, "Still there after a reload{Enter}");
    await waitUntil(() => expect(callsTo(before.fetchMock, "POST /chats/c-bob/messages")).toHaveLength(1));
    const [, init] = callsTo(before.fetchMock, "POST /chats/c-bob/messages")[0] ?? [];
    const { clientId } = JSON.parse(String(init?.body)) as { clientId: string };

    // The page goes and comes back: a new cache, a new socket, the same tab.
    cleanup();
    vi.mocked(createUserSocket).mockClear();
    networkBack();
    const after = await openBobChat();
    expect(within(after.log).getByText("Sending…")).toBeInTheDocument();
    expect(within(after.log).getByText("Still there after a reload")).toBeInTheDocument();

    act(() => connectNow(after.socket));
    await waitUntil(() => expect(sends(after.socket)).toHaveLength(1));
    expect(sends(after.socket)[0]?.[0]).toMatchObject({
      chatId: "c-bob",
      text: "Still there after a reload",
      clientId,
    });
    answer(after.socket, 0);
    await waitUntil(() => expect(within(after.log).queryByText("Sending…")).not.toBeInTheDocument());
    expect(within(after.log).getAllByText("Still there after a reload")).toHaveLength(1);
    // Sent, the tab keeps nothing of it.
    await waitUntil(() => expect(window.sessionStorage.getItem("chatOutbox")).toBeNull());
  });

  it("brings back, after a reload, a message Not sent as Not sent, and never another member's", async () => {
    const kept = (text: string, status: string) => ({
      clientId: `kept-${text}`,
      chatId: "c-bob",
      text,
      createdAt: "2025-06-01T12:00:00.000Z",
      status,
      refused: "You can't message this account",
    });
    // Alice was signed in in this tab before the reload.
    signInAsAlice();
    window.sessionStorage.setItem(
      "chatOutbox",
      JSON.stringify({ userId: "u-alice", entries: [kept("Told it failed", "failed")] }),
    );
    const { log, socket } = await openBobChat();
    expect(within(log).getByText("Told it failed")).toBeInTheDocument();
    expect(within(log).getByText("Not sent")).toBeInTheDocument();
    // The refusal is the server's to say again: the message box is there, with Retry.
    expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(within(log).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    act(() => connectNow(socket));
    expect(sends(socket)).toEqual([]);

    cleanup();
    vi.mocked(createUserSocket).mockClear();
    window.sessionStorage.setItem(
      "chatOutbox",
      JSON.stringify({
        userId: "u-someone-else",
        entries: [kept("Not Alice's", "waiting")],
      }),
    );
    const again = await openBobChat();
    expect(within(again.log).queryByText("Not Alice's")).not.toBeInTheDocument();
    act(() => connectNow(again.socket));
    expect(sends(again.socket)).toEqual([]);
  });

  it("forgets this tab's unsent messages at logout, so the next member never sees them", async () => {
    const { socket, user, field, log } = await openBobChat();
    await goOffline(socket);
    await user.type(field, "Private words{Enter}");
    await waitUntil(() => expect(within(log).getByText("Sending…")).toBeInTheDocument());
    expect(window.sessionStorage.getItem("chatOutbox")).toContain("Private words");

    act(() => clearAuth());
    expect(window.sessionStorage.getItem("chatOutbox")).toBeNull();
  });
});
