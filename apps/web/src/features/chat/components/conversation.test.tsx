import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeUser } from "../../../test/fixtures";
import { waitUntil } from "../../../test/wait";
import { resetPresence } from "../state/presence";
import {
  alice,
  bob,
  callsTo,
  carol,
  emitted,
  fromAlice,
  groupChat,
  makeChat,
  makeMessage,
  messagesOf,
  openChatScreen,
} from "../test/chat-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

afterEach(() => {
  vi.useRealTimers();
  // Presence outlives a screen (it is kept for the session): who was online in one test is not in the next.
  resetPresence();
});

const hello = makeMessage({ _id: "m-1", text: "Hi Alice!" });

async function openBobChat(routes = {}, fakeTimers = false) {
  const view = await openChatScreen(
    "/chat?c=c-bob",
    [makeChat({ lastMessage: hello })],
    { "GET /chats/c-bob/messages": messagesOf(hello), ...routes },
    fakeTimers,
  );
  const log = await screen.findByRole("log", { name: "Messages" });
  await within(log).findByText("Hi Alice!");
  return { ...view, log, field: screen.getByRole("textbox", { name: "Message" }) };
}

/** jsdom lays nothing out: a log 2,000 px tall in a 500 px box, read from its top. */
function readFromTop(log: HTMLElement) {
  Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => 2000 });
  Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 500 });
  const scrollTo = vi.fn();
  log.scrollTo = scrollTo;
  log.scrollTop = 0;
  fireEvent.scroll(log);
  return { scrollTo };
}

type Ack = (result: unknown) => void;
const lastAck = (socket: Parameters<typeof emitted>[0]) => emitted(socket, "sendMessage").at(-1)?.[1] as Ack;

describe("Conversation", () => {
  it("joins the chat's room and shows its messages in a polite log", async () => {
    const { socket, log } = await openBobChat();
    expect(log).toHaveAttribute("aria-live", "polite");
    expect(emitted(socket, "joinChat")).toEqual([["c-bob"]]);
    expect(screen.getByRole("heading", { name: "Bob Builder bob" })).toBeInTheDocument();
  });

  it("says how many messages came below a member reading further up, and takes them there", async () => {
    const { socket, log, user } = await openBobChat();
    const { scrollTo } = readFromTop(log);
    const news = (id: string, minute: number) =>
      makeMessage({ _id: id, text: `News ${id}`, createdAt: `2025-06-01T12:${minute}:00.000Z` });

    // Three in one go are three (as a history read again brings them).
    act(() => {
      for (const [id, minute] of [
        ["m-20", 10],
        ["m-21", 11],
        ["m-22", 12],
      ] as const)
        socket.fire("newMessage", { message: news(id, minute) });
    });
    const pill = () => screen.getByRole("button", { name: /new messages?$/ });
    await waitUntil(() => expect(pill()).toHaveTextContent("3 new messages"));
    // Beside the log, not in its live region, which reads the messages themselves; the log stays put.
    expect(within(log).queryByRole("button", { name: /new message/ })).not.toBeInTheDocument();
    expect(log.scrollTop).toBe(0);
    // One unsent is one fewer.
    act(() =>
      socket.fire("messageDeleted", { chatId: "c-bob", messageId: "m-22", lastMessage: news("m-21", 11) }),
    );
    await waitUntil(() => expect(pill()).toHaveTextContent("2 new messages"));

    await user.click(pill());
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 2000 }));
    expect(screen.queryByRole("button", { name: /new message/ })).not.toBeInTheDocument();
    // The focus stays in the log the pill took the member through.
    expect(log).toHaveFocus();
  });

  it("takes the pill away when the member scrolls down to the news, or sends a message", async () => {
    const { socket, log, user, field } = await openBobChat();
    readFromTop(log);
    act(() =>
      socket.fire("newMessage", {
        message: makeMessage({ _id: "m-30", text: "Psst", createdAt: "2025-06-01T12:30:00.000Z" }),
      }),
    );
    await screen.findByRole("button", { name: "1 new message" });
    log.scrollTop = 1500;
    fireEvent.scroll(log);
    await waitUntil(() =>
      expect(screen.queryByRole("button", { name: /new message/ })).not.toBeInTheDocument(),
    );

    log.scrollTop = 0;
    fireEvent.scroll(log);
    act(() =>
      socket.fire("newMessage", {
        message: makeMessage({ _id: "m-31", text: "Hello?", createdAt: "2025-06-01T12:31:00.000Z" }),
      }),
    );
    await screen.findByRole("button", { name: "1 new message" });
    await user.type(field, "Here!{Enter}");
    await waitUntil(() =>
      expect(screen.queryByRole("button", { name: /new message/ })).not.toBeInTheDocument(),
    );
  });

  it("heads a one-to-one chat with the partner's full name, their username below it", async () => {
    const { socket } = await openBobChat();
    const heading = screen.getByRole("heading", { name: "Bob Builder bob" });
    expect(heading).toHaveTextContent(/^Bob Builder$/);
    const below = heading.nextElementSibling;
    expect(below).toHaveTextContent(/^bob$/);

    await waitUntil(() => expect(socket.listens("onlineUsers")).toBe(true));
    act(() => socket.fire("onlineUsers", { online: ["u-bob"], offline: [] }));
    await waitUntil(() => expect(below).toHaveTextContent(/^bob·Online$/));
    // Presence says nothing of who the chat is with.
    expect(screen.getByRole("heading", { name: "Bob Builder bob" })).toBe(heading);
  });

  it("heads a chat with a member who has no full name with their username alone", async () => {
    const { socket } = await openChatScreen(
      "/chat?c=c-bob",
      [makeChat({ participants: [alice, { ...bob, fullName: " " }] })],
      {
        "GET /chats/c-bob/messages": messagesOf(hello),
      },
    );
    const heading = await screen.findByRole("heading", { name: "bob" });
    expect(heading).toHaveTextContent(/^bob$/);
    expect(heading.nextElementSibling).toHaveTextContent(/^$/);

    await waitUntil(() => expect(socket.listens("onlineUsers")).toBe(true));
    act(() => socket.fire("onlineUsers", { online: ["u-bob"], offline: [] }));
    await waitUntil(() => expect(heading.nextElementSibling).toHaveTextContent(/^Online$/));
  });

  it("names the chat as the page's heading on a phone, and as a section beside the list on wider screens", async () => {
    await openBobChat();
    // jsdom matches no media query: a phone's width.
    expect(screen.getByRole("heading", { name: "Bob Builder bob", level: 1 })).toBeInTheDocument();
    cleanup();

    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(min-width: 768px)",
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await openBobChat();
    expect(screen.getByRole("heading", { name: "Bob Builder bob", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Chats", level: 1 })).toBeInTheDocument();
  });

  it("sends on Enter, with a temporary message shown at once", async () => {
    const { socket, user, field, log } = await openBobChat();

    await user.type(field, "Hello Bob{Enter}");

    const [payload] = emitted(socket, "sendMessage")[0] ?? [];
    expect(payload).toEqual({ chatId: "c-bob", text: "Hello Bob", clientId: expect.any(String) });
    expect(field).toHaveValue("");
    expect(within(log).getByText("Hello Bob")).toBeInTheDocument();
    expect(within(log).getByText("Sending…")).toBeInTheDocument();
  });

  it("starts a new line on Shift+Enter instead of sending", async () => {
    const { socket, user, field } = await openBobChat();

    await user.type(field, "Line one{Shift>}{Enter}{/Shift}Line two");

    expect(emitted(socket, "sendMessage")).toEqual([]);
    expect(field).toHaveValue("Line one\nLine two");
  });

  it("leaves out a pasted NUL character, which every request refuses, and sends the rest", async () => {
    const { socket, user, field } = await openBobChat();

    await user.click(field);
    await user.paste("hi\u0000there");
    expect(field).toHaveValue("hithere");
    await user.keyboard("{Enter}");

    const [payload] = emitted(socket, "sendMessage")[0] ?? [];
    expect(payload).toMatchObject({ chatId: "c-bob", text: "hithere" });
  });

  it("tells a member whose paste was cut to the limit that a message holds 4,000 characters, until it is shorter", async () => {
    const { socket, user, field } = await openBobChat();
    const limitText = "Messages can be up to 4,000 characters.";
    // The live region is in the page before its words, or a screen reader may not announce them.
    const notice = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(notice).toHaveAttribute("aria-live", "polite");
    expect(notice).toHaveTextContent(/^$/);

    await user.click(field);
    await user.paste("a".repeat(4100));

    expect(field).toHaveValue("a".repeat(4000));
    expect(notice).toHaveTextContent(limitText);
    expect(field).toHaveAccessibleDescription(limitText);

    await user.keyboard("{Backspace}");
    expect(notice).toHaveTextContent(/^$/);
    expect(field).toHaveAccessibleDescription("");

    // A full box still sends, all of it.
    await user.keyboard("b{Enter}");
    const [payload] = emitted(socket, "sendMessage")[0] ?? [];
    expect(payload).toMatchObject({ text: `${"a".repeat(3999)}b` });
    expect(notice).toHaveTextContent(/^$/);
  });

  it("tells a member whose edit reached the limit that a message holds 4,000 characters", async () => {
    const mine = fromAlice({ _id: "m-2", text: "See you at 8" });
    const { user, log } = await openBobChat({ "GET /chats/c-bob/messages": messagesOf(hello, mine) });
    await user.click(await within(log).findByRole("button", { name: "Edit message" }));
    const editor = within(log).getByRole("textbox", { name: "Edit message" });

    await user.paste("a".repeat(4100));

    expect(editor).toHaveValue(`See you at 8${"a".repeat(4000 - 12)}`);
    expect(editor).toHaveAccessibleDescription(
      expect.stringContaining("Messages can be up to 4,000 characters."),
    );
    expect(within(log).getByText("Messages can be up to 4,000 characters.")).toHaveAttribute(
      "aria-live",
      "polite",
    );
    await user.keyboard("{Backspace}");
    expect(within(log).queryByText("Messages can be up to 4,000 characters.")).not.toBeInTheDocument();
  });

  it("says a partner heard of as online is Online, and never says Offline", async () => {
    const { socket } = await openBobChat();
    const header = screen.getByRole("region", { name: "Conversation" });
    expect(within(header).queryByText("Offline")).not.toBeInTheDocument();
    expect(within(header).queryByText("Online")).not.toBeInTheDocument();

    await waitUntil(() => expect(socket.listens("onlineUsers")).toBe(true));
    act(() => socket.fire("onlineUsers", { online: ["u-bob"], offline: [] }));
    expect(await within(header).findByText("Online")).toBeInTheDocument();
    act(() => socket.fire("onlineUsers", { online: [], offline: ["u-bob"] }));
    await waitUntil(() => expect(within(header).queryByText("Online")).not.toBeInTheDocument());
    expect(within(header).queryByText("Offline")).not.toBeInTheDocument();
  });

  it("takes an edit in the middle of the text where the caret is", async () => {
    const { user, field } = await openBobChat();
    await user.type(field, "ac{ArrowLeft}bX");
    expect(field).toHaveValue("abXc");
  });

  it("cannot send a blank message", async () => {
    const { socket, user, field } = await openBobChat();
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();

    await user.type(field, "   {Enter}");

    expect(send).toBeDisabled();
    expect(emitted(socket, "sendMessage")).toEqual([]);
  });

  it("replaces the temporary message with the server's", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "Hello Bob{Enter}");
    const [payload] = emitted(socket, "sendMessage")[0] ?? [];
    const { clientId } = payload as { clientId: string };

    const stored = fromAlice({
      _id: "m-2",
      text: "Hello Bob",
      clientId,
      createdAt: "2025-06-01T12:01:00.000Z",
    });
    act(() => lastAck(socket)({ ok: true, message: stored }));
    // The same message also comes back as a live event: still shown once.
    act(() => socket.fire("newMessage", { message: stored }));

    expect(within(log).queryByText("Sending…")).not.toBeInTheDocument();
    expect(within(log).getAllByText("Hello Bob")).toHaveLength(1);
  });

  it("shows Not sent with Retry when sending fails, and retries with the same clientId", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "Hello Bob{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "Chat not found" }));

    expect(await within(log).findByText("Not sent")).toBeInTheDocument();
    await user.click(within(log).getByRole("button", { name: "Retry" }));

    const sends = emitted(socket, "sendMessage").map(([payload]) => payload as { clientId: string });
    expect(sends).toHaveLength(2);
    expect(sends[1]?.clientId).toBe(sends[0]?.clientId);
    expect(within(log).getByText("Sending…")).toBeInTheDocument();
  });

  it("says the server's reason when it was sent too fast, which a later Retry clears", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "One more{Enter}");
    const reason = "You're sending messages too fast. Please wait a moment.";
    act(() => lastAck(socket)({ ok: false, error: reason, status: 429 }));

    expect(await within(log).findByText(reason)).toBeInTheDocument();
    expect(within(log).getByText("Not sent")).toBeInTheDocument();
    // A second one stopped for the same reason: said once, under the last of the two.
    await user.type(field, "And another{Enter}");
    act(() => lastAck(socket)({ ok: false, error: reason, status: 429 }));
    await waitUntil(() => expect(within(log).getAllByText("Not sent")).toHaveLength(2));
    expect(within(log).getAllByText(reason)).toHaveLength(1);

    const [first] = within(log).getAllByRole("button", { name: "Retry" });
    await user.click(first as HTMLElement);
    expect(within(log).getAllByText(reason)).toHaveLength(1);
    expect(within(log).getByText("Sending…")).toBeInTheDocument();
  });

  it("takes a message that was not sent away with Delete, sending nothing", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "Never mind{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "Chat not found" }));

    await user.click(await within(log).findByRole("button", { name: "Delete unsent message" }));
    expect(within(log).queryByText("Never mind")).not.toBeInTheDocument();
    expect(within(log).queryByText("Not sent")).not.toBeInTheDocument();
    expect(emitted(socket, "sendMessage")).toHaveLength(1);
    expect(emitted(socket, "deleteMessage")).toEqual([]);
  });

  it("keeps a message that was not sent, with Retry, through a visit to another screen", async () => {
    const { socket, user, field, router } = await openBobChat({
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });
    await user.type(field, "Back in a minute{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "Chat not found" }));
    expect(await screen.findByText("Not sent")).toBeInTheDocument();

    await act(() => router.navigate("/post"));
    await waitUntil(() => expect(screen.queryByRole("log", { name: "Messages" })).not.toBeInTheDocument());
    await act(() => router.navigate("/chat?c=c-bob"));

    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText("Back in a minute")).toBeInTheDocument();
    expect(within(log).getByText("Not sent")).toBeInTheDocument();
    expect(within(log).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("says why the server refused a message, in place of the message box, with Retry to ask again", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "Hello again{Enter}");
    const reason = "This account only accepts messages from people it follows";
    act(() => lastAck(socket)({ ok: false, error: reason, status: 403 }));

    expect(await screen.findByRole("status")).toHaveTextContent(reason);
    expect(within(log).getByText("Not sent")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    // The focus was in the message box that went: the refusal in its place has it, never the page.
    expect(screen.getByRole("status")).toHaveFocus();

    // Bob may have changed his mind without a word to Alice: a retry asks, and a refusal says so again.
    await user.click(within(log).getByRole("button", { name: "Retry" }));
    expect(emitted(socket, "sendMessage")).toHaveLength(2);
    act(() => lastAck(socket)({ ok: false, error: reason, status: 403 }));
    await waitUntil(() => expect(within(log).getByText("Not sent")).toBeInTheDocument());
    expect(screen.getByRole("status")).toHaveTextContent(reason);
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });

  it.each([
    ["Bob accepts her request", "chatUpdated", { chat: makeChat() }],
    [
      "Bob reads the chat",
      "messagesSeen",
      { chatId: "c-bob", userId: bob._id, seenAt: "2025-06-01T12:05:00.000Z" },
    ],
    [
      "Bob writes",
      "newMessage",
      { message: makeMessage({ _id: "m-9", text: "Go ahead", createdAt: "2025-06-01T12:09:00.000Z" }) },
    ],
    ["her blocks change", "blocksChanged", { userId: carol._id, blocked: false }],
    // Bob's unblock: never told across a block, his presence comes back with its end.
    ["Bob is heard of as online", "onlineUsers", { online: [bob._id], offline: [] }],
  ])(
    "gives the message box back after a refusal once %s, the refused message keeping Retry",
    async (_, event, payload) => {
      const { socket, user, field, log } = await openBobChat();
      await user.type(field, "Hello again{Enter}");
      act(() => lastAck(socket)({ ok: false, error: "You can't message this account", status: 403 }));
      expect(await screen.findByRole("status")).toHaveTextContent("You can't message this account");
      await waitUntil(() => expect(socket.listens(event)).toBe(true));

      act(() => socket.fire(event, payload));

      expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
      expect(screen.queryByRole("status")).not.toBeInTheDocument();
      expect(within(log).getByText("Not sent")).toBeInTheDocument();
      expect(within(log).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    },
  );

  it("keeps a refusal through the member's own news (her read, her message from another tab) and a retry lost on the way", async () => {
    const { socket, user, field, log } = await openBobChat();
    await user.type(field, "Hello again{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "You can't message this account", status: 403 }));
    expect(await screen.findByRole("status")).toHaveTextContent("You can't message this account");
    await waitUntil(() => expect(socket.listens("messagesSeen")).toBe(true));

    act(() => {
      socket.fire("messagesSeen", { chatId: "c-bob", userId: "u-alice", seenAt: "2025-06-01T12:05:00.000Z" });
      socket.fire("newMessage", {
        message: fromAlice({ _id: "m-10", text: "From my phone", createdAt: "2025-06-01T12:09:00.000Z" }),
      });
    });
    // A retry the server never answers says nothing of the refusal: it stands.
    await user.click(within(log).getByRole("button", { name: "Retry" }));
    act(() => lastAck(socket)({ ok: false, error: "No answer from the server" }));

    await waitUntil(() => expect(within(log).getByText("Not sent")).toBeInTheDocument());
    expect(screen.getByRole("status")).toHaveTextContent("You can't message this account");
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });

  it("keeps a refusal in one chat through news of another", async () => {
    const { socket, user, field } = await openBobChat();
    await user.type(field, "Hello again{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "You can't message this account", status: 403 }));
    expect(await screen.findByRole("status")).toHaveTextContent("You can't message this account");

    act(() => socket.fire("chatUpdated", { chat: groupChat() }));
    act(() =>
      socket.fire("messagesSeen", { chatId: "c-trip", userId: bob._id, seenAt: "2025-06-01T12:05:00.000Z" }),
    );

    await screen.findByRole("link", { name: /Road trip/ });
    expect(screen.getByRole("status")).toHaveTextContent("You can't message this account");
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });

  it("keeps a block's refusal through news of others online, and another refusal through Bob's presence", async () => {
    const { socket, user, field } = await openBobChat();
    await user.type(field, "Hello again{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "You can't message this account", status: 403 }));
    expect(await screen.findByRole("status")).toHaveTextContent("You can't message this account");
    await waitUntil(() => expect(socket.listens("onlineUsers")).toBe(true));

    // Carol online says nothing of Bob's block; Bob offline, nothing of its end.
    act(() => socket.fire("onlineUsers", { online: [carol._id], offline: [bob._id] }));
    expect(screen.getByRole("status")).toHaveTextContent("You can't message this account");
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();

    // Bob takes messages only from people he follows: being online does not change that.
    const reason = "This account only accepts messages from people it follows";
    await user.click(screen.getByRole("button", { name: "Retry" }));
    act(() => lastAck(socket)({ ok: false, error: reason, status: 403 }));
    await waitUntil(() => expect(screen.getByRole("status")).toHaveTextContent(reason));
    act(() => socket.fire("onlineUsers", { online: [bob._id], offline: [] }));
    expect(screen.getByRole("status")).toHaveTextContent(reason);
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });

  it("gives the message box back on opening the refused chat again, the refused message keeping Retry", async () => {
    const { socket, user, router } = await openChatScreen(
      "/chat?c=c-bob",
      [makeChat({ lastMessage: hello }), groupChat()],
      {
        "GET /chats/c-bob/messages": messagesOf(hello),
        "GET /chats/c-trip/messages": messagesOf(),
        "PUT /messages/c-trip/mark-seen": jsonResponse(200, {
          message: "ok",
          seenAt: "2025-06-01T13:00:00.000Z",
        }),
      },
    );
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Hello again{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "You can't message this account", status: 403 }));
    expect(await screen.findByRole("status")).toHaveTextContent("You can't message this account");

    await act(() => router.navigate("/chat?c=c-trip"));
    await screen.findByRole("heading", { name: "Road trip" });
    await act(() => router.navigate("/chat?c=c-bob"));

    // Unblocked meanwhile, perhaps, with no word to Alice: the server judges her next message.
    expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
    const log = screen.getByRole("log", { name: "Messages" });
    expect(within(log).getByText("Hello again")).toBeInTheDocument();
    expect(within(log).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("asks the server again after a visit to another screen once a message was refused for good", async () => {
    const { socket, user, field, router } = await openBobChat({
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });
    await user.type(field, "Hello again{Enter}");
    act(() => lastAck(socket)({ ok: false, error: "You can't message this account", status: 403 }));
    expect(await screen.findByRole("status")).toHaveTextContent("You can't message this account");

    await act(() => router.navigate("/post"));
    await waitUntil(() => expect(screen.queryByRole("log", { name: "Messages" })).not.toBeInTheDocument());
    await act(() => router.navigate("/chat?c=c-bob"));

    // Unblocked meanwhile, perhaps: the message box is back, and the refused message gone with its reason.
    expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(screen.queryByText("Hello again")).not.toBeInTheDocument();
  });

  it("sends over HTTP while the live connection is down", async () => {
    const stored = fromAlice({ _id: "m-2", text: "Over HTTP" });
    const { socket, user, field, log, fetchMock } = await openBobChat({
      "POST /chats/c-bob/messages": jsonResponse(201, { message: stored }),
    });
    socket.connected = false;

    await user.type(field, "Over HTTP{Enter}");

    await within(log).findByText("Over HTTP");
    expect(emitted(socket, "sendMessage")).toEqual([]);
    expect(callsTo(fetchMock, "POST /chats/c-bob/messages")).toHaveLength(1);
    expect(within(log).queryByText("Sending…")).not.toBeInTheDocument();
  });

  it("shows a message from Bob as it arrives", async () => {
    const { socket, log } = await openBobChat();
    act(() =>
      socket.fire("newMessage", {
        message: makeMessage({ _id: "m-9", text: "Are you there?", createdAt: "2025-06-01T12:02:00.000Z" }),
      }),
    );
    expect(await within(log).findByText("Are you there?")).toBeInTheDocument();
  });

  it("keeps a message from Bob that arrives while the history is on its way again", async () => {
    const late = makeMessage({
      _id: "m-9",
      text: "Sent while loading",
      createdAt: "2025-06-01T12:02:00.000Z",
    });
    let stored = [hello];
    // After the first, each read of the history answers only when the test says, with what it read.
    const answers: (() => void)[] = [];
    const history = vi.fn(() => {
      const read = messagesOf(...stored);
      if (history.mock.calls.length === 1) return read;
      return new Promise<Response>((resolve) => answers.push(() => resolve(read)));
    });
    const answerNext = () => act(() => answers.shift()?.());
    const { socket, log } = await openBobChat({ "GET /chats/c-bob/messages": history });

    act(() => socket.fire("connect"));
    await waitUntil(() => expect(history).toHaveBeenCalledTimes(2));
    stored = [hello, late];
    act(() => socket.fire("newMessage", { message: late }));
    expect(within(log).getByText("Sent while loading")).toBeInTheDocument();

    // The older answer, read before the message was stored, replaces it; so the history is asked again.
    answerNext();
    await waitUntil(() => expect(history).toHaveBeenCalledTimes(3));
    await waitUntil(() => expect(within(log).queryByText("Sent while loading")).not.toBeInTheDocument());
    answerNext();
    expect(await within(log).findByText("Sent while loading")).toBeInTheDocument();
    expect(within(log).getAllByText("Sent while loading")).toHaveLength(1);
  });

  it("asks for the history once when news of who is online comes while it is on its way", async () => {
    // A connect tells who is online at once, as a page's first reads are on their way: that news writes
    // nothing the history holds, so it must not have the history asked for again.
    let answer = () => {};
    const history = vi.fn(
      () => new Promise<Response>((resolve) => (answer = () => resolve(messagesOf(hello)))),
    );
    const { socket } = await openChatScreen("/chat?c=c-bob", [makeChat({ lastMessage: hello })], {
      "GET /chats/c-bob/messages": history,
    });
    await waitUntil(() => expect(history).toHaveBeenCalledTimes(1));
    await waitUntil(() => expect(socket.listens("onlineUsers")).toBe(true));
    act(() => socket.fire("onlineUsers", { online: ["u-bob"], offline: [] }));
    act(() => answer());
    const log = await screen.findByRole("log", { name: "Messages" });
    await within(log).findByText("Hi Alice!");
    // A read asked again goes out on a timer set as this answer landed: it would have by this later one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(history).toHaveBeenCalledTimes(1);
  });

  it("shows who is typing and clears it after 1.5 s without typing", async () => {
    const { socket } = await openBobChat();
    // The clock is the test's from here: a busy machine cannot move it between the steps below.
    vi.useFakeTimers();

    act(() => socket.fire("typing", { chatId: "c-bob", userId: bob._id, username: "bob" }));
    expect(screen.getByText("bob is typing…")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByText("bob is typing…")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText("bob is typing…")).not.toBeInTheDocument();
  });

  it("ignores typing in other chats and clears it on stopTyping", async () => {
    const { socket } = await openBobChat();
    act(() => socket.fire("typing", { chatId: "c-other", userId: "u-carol", username: "carol" }));
    expect(screen.queryByText(/is typing/)).not.toBeInTheDocument();

    act(() => socket.fire("typing", { chatId: "c-bob", userId: bob._id, username: "bob" }));
    act(() => socket.fire("stopTyping", { chatId: "c-bob", userId: bob._id }));
    expect(screen.queryByText("bob is typing…")).not.toBeInTheDocument();
  });

  it("tells the chat the member is typing, and stops after 1.5 s idle", async () => {
    const { socket, field } = await openBobChat();
    // The clock is the test's from here: a busy machine cannot move it between the steps below.
    vi.useFakeTimers();

    // One synchronous input: user-event waits on the (now fake) clock between keystrokes.
    fireEvent.change(field, { target: { value: "Hel" } });
    expect(emitted(socket, "typing")).toEqual([["c-bob"]]);
    expect(emitted(socket, "stopTyping")).toEqual([]);

    act(() => vi.advanceTimersByTime(1500));
    expect(emitted(socket, "stopTyping")).toEqual([["c-bob"]]);
  });

  it("shows Seen under Alice's last message once Bob has seen it", async () => {
    const mine = fromAlice({ _id: "m-2", text: "See you at 8", createdAt: "2025-06-01T12:01:00.000Z" });
    const { socket, log } = await openBobChat({ "GET /chats/c-bob/messages": messagesOf(hello, mine) });
    await within(log).findByText("See you at 8");
    expect(within(log).queryByText("Seen")).not.toBeInTheDocument();

    act(() =>
      socket.fire("messagesSeen", { chatId: "c-bob", userId: bob._id, seenAt: "2025-06-01T12:05:00.000Z" }),
    );

    expect(await within(log).findByText("Seen")).toBeInTheDocument();
  });

  it("drops Bob's Seen once Alice blocks him, here or in another tab, as the server does", async () => {
    const mine = fromAlice({ _id: "m-2", text: "See you at 8", readBy: [alice._id, bob._id] });
    let blockedUsers: (typeof bob)[] = [];
    const { socket, log } = await openBobChat({
      "GET /chats/c-bob/messages": messagesOf(hello, mine),
      "GET /user": () => jsonResponse(200, { user: makeUser({ blockedUsers }) }),
    });
    expect(await within(log).findByText("Seen")).toBeInTheDocument();

    blockedUsers = [bob];
    act(() => socket.fire("blocksChanged", { userId: bob._id, blocked: true }));

    expect(await screen.findByText("You can't message this account")).toBeInTheDocument();
    await waitUntil(() => expect(within(log).queryByText("Seen")).not.toBeInTheDocument());
    expect(within(log).getByText("See you at 8")).toBeInTheDocument();
  });

  it("counts a blocked member out of a group's Seen by, the others staying", async () => {
    const mine = fromAlice({
      _id: "m-2",
      chat: "c-trip",
      text: "Leaving at 8",
      readBy: [alice._id, bob._id, carol._id],
    });
    const { socket } = await openChatScreen("/chat?c=c-trip", [groupChat({ lastMessage: mine })], {
      "GET /chats/c-trip/messages": messagesOf(mine),
      "GET /user": jsonResponse(200, { user: makeUser({ blockedUsers: [bob] }) }),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText("Seen by 2")).toBeInTheDocument();

    act(() => socket.fire("blocksChanged", { userId: bob._id, blocked: true }));

    expect(await within(log).findByText("Seen by 1")).toBeInTheDocument();
  });

  it("edits Alice's message inline: Enter saves, Escape cancels", async () => {
    const mine = fromAlice({ _id: "m-2", text: "See you at 8" });
    const edited = { ...mine, text: "See you at 9", editedAt: "2025-06-01T12:10:00.000Z" };
    const { user, log, fetchMock } = await openBobChat({
      "GET /chats/c-bob/messages": messagesOf(hello, mine),
      "PUT /messages/m-2": jsonResponse(200, { message: edited }),
    });
    await within(log).findByText("See you at 8");
    expect(within(log).getAllByRole("button", { name: "Edit message" })).toHaveLength(1);
    // Which message each button is for, as a screen reader hears it.
    expect(within(log).getByRole("button", { name: "Edit message" })).toHaveAccessibleDescription(
      "See you at 8",
    );
    expect(within(log).getByRole("button", { name: "Delete message" })).toHaveAccessibleDescription(
      "See you at 8",
    );

    await user.click(within(log).getByRole("button", { name: "Edit message" }));
    await user.keyboard("{Escape}");
    expect(within(log).getByText("See you at 8")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /messages/m-2")).toHaveLength(0);
    // The keyboard goes on from the message, not from the top of the page.
    expect(within(log).getByRole("button", { name: "Edit message" })).toHaveFocus();

    await user.click(within(log).getByRole("button", { name: "Edit message" }));
    const editor = within(log).getByRole("textbox", { name: "Edit message" });
    await user.clear(editor);
    await user.type(editor, "See you at 9{Enter}");

    expect(await within(log).findByText("See you at 9")).toBeInTheDocument();
    expect(within(log).getByText("edited")).toBeInTheDocument();
    expect(within(log).getByRole("button", { name: "Edit message" })).toHaveFocus();
    expect(JSON.parse(String(callsTo(fetchMock, "PUT /messages/m-2")[0]?.[1]?.body))).toEqual({
      text: "See you at 9",
    });
  });

  it("makes Alice's messages' Edit and Delete one Tab stop, the arrow keys going between messages", async () => {
    const first = fromAlice({ _id: "m-2", text: "Running late", createdAt: "2025-06-01T12:01:00.000Z" });
    const second = fromAlice({ _id: "m-3", text: "Ten minutes", createdAt: "2025-06-01T12:02:00.000Z" });
    const third = fromAlice({ _id: "m-4", text: "Here now", createdAt: "2025-06-01T12:03:00.000Z" });
    const { user, log } = await openBobChat({
      "GET /chats/c-bob/messages": messagesOf(hello, first, second, third),
    });
    await within(log).findByText("Here now");
    const edits = within(log).getAllByRole("button", { name: "Edit message" });
    const deletes = within(log).getAllByRole("button", { name: "Delete message" });
    // Tab reaches the newest message's buttons only.
    expect(edits.map((button) => button.tabIndex)).toEqual([-1, -1, 0]);
    expect(deletes.map((button) => button.tabIndex)).toEqual([-1, -1, 0]);

    // From the log, past its intro's View profile, to the newest message's Edit.
    log.focus();
    await user.tab();
    expect(within(log).getByRole("link", { name: "View profile" })).toHaveFocus();
    await user.tab();
    expect(edits[2]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(edits[1]).toHaveFocus();
    expect(edits[1]).toHaveAccessibleDescription("Ten minutes");
    await user.tab();
    expect(deletes[1]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(deletes[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(deletes[0]).toHaveFocus();
    // The buttons last used are the Tab stop now, coming back to the log.
    expect(edits.map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    await user.keyboard("{End}");
    expect(deletes[2]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(deletes[2]).toHaveFocus();
  });

  it("deletes Alice's message only after confirming", async () => {
    const mine = fromAlice({ _id: "m-2", text: "Oops, wrong chat" });
    const { user, log, fetchMock } = await openBobChat({
      "GET /chats/c-bob/messages": messagesOf(hello, mine),
      "DELETE /messages/m-2": jsonResponse(200, { message: "Message deleted" }),
    });
    await within(log).findByText("Oops, wrong chat");

    await user.click(within(log).getByRole("button", { name: "Delete message" }));
    const dialog = screen.getByRole("dialog", { name: "Delete message?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetchMock, "DELETE /messages/m-2")).toHaveLength(0);
    expect(within(log).getByRole("button", { name: "Delete message" })).toHaveFocus();

    await user.click(within(log).getByRole("button", { name: "Delete message" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));

    await waitUntil(() => expect(within(log).queryByText("Oops, wrong chat")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "DELETE /messages/m-2")).toHaveLength(1);
    // Its Delete button went with it: the log has the focus, to go on from.
    await waitUntil(() => expect(log).toHaveFocus());
  });

  it("applies edits and deletions made elsewhere", async () => {
    const { socket, log } = await openBobChat();
    act(() =>
      socket.fire("messageEdited", {
        message: { ...hello, text: "Hi Alice, long time!", editedAt: "2025-06-01T12:03:00.000Z" },
      }),
    );
    expect(await within(log).findByText("Hi Alice, long time!")).toBeInTheDocument();

    act(() => socket.fire("messageDeleted", { chatId: "c-bob", messageId: "m-1", lastMessage: null }));
    await waitUntil(() => expect(within(log).queryByText("Hi Alice, long time!")).not.toBeInTheDocument());
  });

  it("asks for the messages again after a reconnect, and joins the room again", async () => {
    const { socket, fetchMock } = await openBobChat();
    const before = callsTo(fetchMock, "GET /chats/c-bob/messages").length;

    act(() => socket.fire("connect"));

    await waitUntil(() =>
      expect(callsTo(fetchMock, "GET /chats/c-bob/messages").length).toBeGreaterThan(before),
    );
    expect(emitted(socket, "joinChat")).toEqual([["c-bob"], ["c-bob"]]);
  });
});

describe("Conversation history", () => {
  it("loads older messages above the ones shown", async () => {
    const older = makeMessage({ _id: "m-0", text: "From last week", createdAt: "2025-05-25T09:00:00.000Z" });
    const { user, log, fetchMock } = await openBobChat({
      "GET /chats/c-bob/messages": (url: string) =>
        url.includes("cursor=older-1")
          ? messagesOf(older)
          : jsonResponse(200, { messages: [hello], nextCursor: "older-1" }),
    });

    await user.click(within(log).getByRole("button", { name: "Load older messages" }));

    const first = await within(log).findByText("From last week");
    expect(first.compareDocumentPosition(within(log).getByText("Hi Alice!"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(String(callsTo(fetchMock, "GET /chats/c-bob/messages").at(-1)?.[0])).toContain("cursor=older-1");
    expect(within(log).queryByRole("button", { name: "Load older messages" })).not.toBeInTheDocument();
  });

  it("says older messages couldn't load, keeps the ones shown, and asks again only when told", async () => {
    const older = makeMessage({ _id: "m-0", text: "From last week", createdAt: "2025-05-25T09:00:00.000Z" });
    let reachable = false;
    const { user, log, fetchMock } = await openBobChat({
      "GET /chats/c-bob/messages": (url: string) =>
        !url.includes("cursor=older-1")
          ? jsonResponse(200, { messages: [hello], nextCursor: "older-1" })
          : reachable
            ? messagesOf(older)
            : Promise.reject(new TypeError("Failed to fetch")),
    });
    const olderCalls = () =>
      callsTo(fetchMock, "GET /chats/c-bob/messages").filter(([url]) => String(url).includes("cursor="));

    await user.click(within(log).getByRole("button", { name: "Load older messages" }));
    const retry = await within(log).findByRole("button", { name: "Couldn't load older messages. Try again" });
    expect(within(log).getByText("Hi Alice!")).toBeInTheDocument();
    expect(olderCalls()).toHaveLength(1);

    reachable = true;
    await user.click(retry);
    expect(await within(log).findByText("From last week")).toBeInTheDocument();
    expect(olderCalls()).toHaveLength(2);
  });

  it("opens with who the chat is with and a way to their profile, and asks for a first message while empty", async () => {
    const { user } = await openChatScreen("/chat?c=c-bob", [makeChat()], {
      "GET /chats/c-bob/messages": messagesOf(),
    });
    const log = await screen.findByRole("log", { name: "Messages" });

    // Named as the header names bob: his full name, his username under it.
    expect(await within(log).findByText("Say hi to Bob Builder.")).toBeInTheDocument();
    expect(within(log).getByText("Bob Builder", { selector: "p" })).toBeInTheDocument();
    expect(within(log).getByText("bob", { selector: "p" })).toBeInTheDocument();
    const profile = within(log).getByRole("link", { name: "View profile" });
    expect(profile).toHaveAttribute("href", "/profile/bob");

    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hello Bob{Enter}");
    expect(within(log).getByText("Hello Bob")).toBeInTheDocument();
    expect(within(log).queryByText("Say hi to Bob Builder.")).not.toBeInTheDocument();
    expect(within(log).getByRole("link", { name: "View profile" })).toBeInTheDocument();
  });

  it("shows the start of the chat only once its oldest message is loaded", async () => {
    const { log } = await openBobChat({
      "GET /chats/c-bob/messages": jsonResponse(200, { messages: [hello], nextCursor: "older-1" }),
    });
    expect(within(log).getByRole("button", { name: "Load older messages" })).toBeInTheDocument();
    expect(within(log).queryByRole("link", { name: "View profile" })).not.toBeInTheDocument();
  });

  it("opens a group with its name and members", async () => {
    await openChatScreen("/chat?c=c-trip", [groupChat()], { "GET /chats/c-trip/messages": messagesOf() });
    const log = await screen.findByRole("log", { name: "Messages" });

    expect(await within(log).findByText("Say hi to the group.")).toBeInTheDocument();
    expect(within(log).getByText("Road trip")).toBeInTheDocument();
    expect(within(log).getByText("3 members")).toBeInTheDocument();
    expect(within(log).queryByRole("link", { name: "View profile" })).not.toBeInTheDocument();
  });

  it("counts one member as one once the others left, and names no one else", async () => {
    await openChatScreen("/chat?c=c-trip", [groupChat({ participants: [alice] })], {
      "GET /chats/c-trip/messages": messagesOf(),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText("1 member")).toBeInTheDocument();
    const header = screen.getByRole("heading", { name: "Road trip", level: 1 }).parentElement;
    expect(header).toHaveTextContent(/^Road trip1 member$/);
  });

  it("offers to try again when the messages fail to load, and the message box only with them", async () => {
    let calls = 0;
    const { user } = await openChatScreen("/chat?c=c-bob", [makeChat()], {
      "GET /chats/c-bob/messages": () => (++calls === 1 ? jsonResponse(500, {}) : messagesOf(hello)),
    });
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    await user.click(retry);
    expect(await within(screen.getByRole("log")).findByText("Hi Alice!")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
  });
});
