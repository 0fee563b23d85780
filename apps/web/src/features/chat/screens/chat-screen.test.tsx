import type { Chat } from "@flik/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse } from "../../../test/fixtures";
import { waitUntil } from "../../../test/wait";
import {
  bob,
  callsTo,
  carol,
  chatRow,
  emitted,
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
});

const carolChat = makeChat({
  _id: "c-carol",
  participants: [makeChat().participants[0] ?? bob, carol],
  updatedAt: "2025-06-01T09:00:00.000Z",
});

describe("ChatScreen", () => {
  it("lists the chats with their last message, and asks to pick one", async () => {
    await openChatScreen("/chat", [
      makeChat({ lastMessage: makeMessage({ text: "Lunch tomorrow?" }), unreadCount: 2 }),
      groupChat(),
    ]);

    const row = chatRow(/bob/);
    expect(within(row).getByText("Lunch tomorrow?")).toBeInTheDocument();
    expect(within(row).getByText("2 unread")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "More options" })).toHaveAccessibleDescription("bob");
    expect(within(row).queryByRole("button", { name: "Delete chat" })).not.toBeInTheDocument();
    expect(chatRow(/Road trip/)).toBeInTheDocument();
    expect(screen.getByText("Select a chat to start messaging")).toBeInTheDocument();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Chat · Flik"));
  });

  it("shows a long last message's start on one line, so the row's name stays short to hear", async () => {
    const long = `Line one\nline two ${"and on ".repeat(600)}`.trim();
    await openChatScreen("/chat", [makeChat({ lastMessage: makeMessage({ text: long }) })]);

    const row = chatRow(/bob/);
    const preview = within(row).getByText(/^Line one line two and on/);
    expect(preview.textContent).toMatch(/…$/);
    expect(Array.from(preview.textContent ?? "")).toHaveLength(101);
    expect(within(row).getByRole("link").textContent?.length).toBeLessThan(200);
  });

  it("drops a row's unread count when the chat is read in another tab, and asks again when an unread message is deleted", async () => {
    let listed = [
      makeChat({ lastMessage: makeMessage({ text: "Lunch tomorrow?" }), unreadCount: 2 }),
      {
        ...carolChat,
        lastMessage: makeMessage({ _id: "m-c", chat: "c-carol", text: "Hey" }),
        unreadCount: 1,
      },
    ];
    const { socket } = await openChatScreen("/chat", [], {
      "GET /chats": () => jsonResponse(200, { chats: listed }),
    });
    expect(within(chatRow(/bob/)).getByText("2 unread")).toBeInTheDocument();

    act(() =>
      socket.fire("messagesSeen", { chatId: "c-bob", userId: "u-alice", seenAt: "2025-06-01T13:00:00.000Z" }),
    );
    await waitUntil(() => expect(within(chatRow(/bob/)).queryByText(/unread/)).not.toBeInTheDocument());
    // Carol's reading it leaves Alice's own count as it is.
    act(() =>
      socket.fire("messagesSeen", {
        chatId: "c-carol",
        userId: carol._id,
        seenAt: "2025-06-01T13:00:00.000Z",
      }),
    );
    expect(within(chatRow(/carol/)).getByText("1 unread")).toBeInTheDocument();

    // Carol deletes her unread message: the server's count comes back.
    listed = [listed[0] as Chat, { ...carolChat, lastMessage: null, unreadCount: 0 }];
    act(() => socket.fire("messageDeleted", { chatId: "c-carol", messageId: "m-c", lastMessage: null }));
    await waitUntil(() => expect(within(chatRow(/carol/)).queryByText(/unread/)).not.toBeInTheDocument());
  });

  it("moves a chat back to its place when its last message is unsent", async () => {
    const bobChat = makeChat({ lastMessage: makeMessage({ createdAt: "2025-06-01T11:30:00.000Z" }) });
    const carolWithNewest = {
      ...carolChat,
      createdAt: "2025-06-01T09:00:00.000Z",
      lastMessage: makeMessage({
        _id: "m-c",
        chat: "c-carol",
        text: "Hey",
        createdAt: "2025-06-01T12:00:00.000Z",
      }),
      updatedAt: "2025-06-01T12:00:00.000Z",
    };
    const { socket } = await openChatScreen("/chat", [carolWithNewest, bobChat]);
    const order = () =>
      within(screen.getByRole("tabpanel"))
        .getAllByRole("link")
        .map((link) => link.textContent ?? "");
    await waitUntil(() => expect(order()[0]).toMatch(/carol/));

    act(() => socket.fire("messageDeleted", { chatId: "c-carol", messageId: "m-c", lastMessage: null }));

    await waitUntil(() => expect(order()[0]).toMatch(/bob/));
    expect(order()[1]).toMatch(/carol/);
  });

  it("says so when there are no chats yet", async () => {
    await openChatScreen("/chat", []);
    expect(await screen.findByRole("heading", { name: "No chats yet" })).toBeInTheDocument();
    expect(screen.getByText("Search for someone above to start a conversation.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /message request/ })).not.toBeInTheDocument();
  });

  it("names a message request waiting when there is no chat yet, and opens Requests from there", async () => {
    const { user } = await openChatScreen("/chat", [{ ...carolChat, isRequest: true }]);
    expect(await screen.findByRole("heading", { name: "No chats yet" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "See 1 message request" }));

    const requests = screen.getByRole("tab", { name: "Requests (1 waiting)" });
    expect(requests).toHaveAttribute("aria-selected", "true");
    expect(requests).toHaveFocus();
    expect(chatRow(/carol/)).toBeInTheDocument();
  });

  it("offers to try again when the chats fail to load", async () => {
    let calls = 0;
    const { user } = await openChatScreen("/chat", [], {
      "GET /chats": () =>
        ++calls === 1 ? jsonResponse(500, { message: "Boom" }) : jsonResponse(200, { chats: [makeChat()] }),
    });
    expect(await screen.findByText("Couldn't load your chats.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: /bob/ })).toBeInTheDocument();
  });

  it("keeps a way back to the list beside an open chat that cannot be shown (a phone has no header there)", async () => {
    const { user, router } = await openChatScreen("/chat?c=c-gone", [makeChat()]);
    expect(await screen.findByText("This chat isn't available")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back to chats" }));
    expect(router.state.location.search).toBe("");
  });

  it("offers to try again beside an open chat when the chats fail to load, with the way back", async () => {
    let calls = 0;
    const { user } = await openChatScreen("/chat?c=c-bob", [], {
      "GET /chats": () =>
        ++calls === 1 ? jsonResponse(500, { message: "Boom" }) : jsonResponse(200, { chats: [makeChat()] }),
      "GET /chats/c-bob/messages": messagesOf(),
    });
    const conversation = await screen.findByRole("region", { name: "Conversation" });
    await within(conversation).findByText("Couldn't load your chats.");
    expect(within(conversation).getByRole("button", { name: "Back to chats" })).toBeInTheDocument();
    await user.click(within(conversation).getByRole("button", { name: "Try again" }));
    expect(await within(conversation).findByRole("log", { name: "Messages" })).toBeInTheDocument();
  });

  it("shows only group chats on the Groups tab, and all chats on the others", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), groupChat()]);
    const tabs = screen.getByRole("tablist", { name: "Chat filters" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Active", "All chats", "Groups", "Requests"]);

    await user.click(within(tabs).getByRole("tab", { name: "Groups" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(tabs).getByRole("tab", { name: "Groups" })).toHaveAttribute("aria-selected", "true");
    expect(
      within(panel)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("Road trip")]);

    // Arrow keys move along the tabs (one tab stop).
    await user.keyboard("{ArrowLeft}");
    expect(within(tabs).getByRole("tab", { name: "All chats" })).toHaveFocus();
    expect(within(screen.getByRole("tabpanel")).getAllByRole("link")).toHaveLength(2);
    await user.click(within(tabs).getByRole("tab", { name: "Active" }));
    expect(within(screen.getByRole("tabpanel")).getAllByRole("link")).toHaveLength(2);
  });

  it("keeps message requests in Requests, with their count, and out of the other tabs", async () => {
    const request = { ...carolChat, isRequest: true };
    const { user } = await openChatScreen("/chat", [makeChat(), request, groupChat()]);
    const tabs = screen.getByRole("tablist", { name: "Chat filters" });
    const requestsTab = within(tabs).getByRole("tab", { name: /^Requests/ });
    expect(requestsTab).toHaveAccessibleName("Requests (1 waiting)");
    const links = () =>
      within(screen.getByRole("tabpanel"))
        .getAllByRole("link")
        .map((link) => link.textContent);
    expect(links()).not.toContainEqual(expect.stringContaining("carol"));
    await user.click(requestsTab);
    expect(links()).toEqual([expect.stringContaining("carol")]);
  });

  it("keeps what was typed and not sent in each chat's message box, there again on coming back", async () => {
    const { user } = await openChatScreen("/chat?c=c-bob", [makeChat(), carolChat], {
      "GET /chats/c-bob/messages": messagesOf(),
      "GET /chats/c-carol/messages": messagesOf(),
    });
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "draft for bob");

    await user.click(within(chatRow(/carol/)).getByRole("link"));
    await waitUntil(() => expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue(""));
    await user.type(screen.getByRole("textbox", { name: "Message" }), "and one for carol");

    await user.click(within(chatRow(/bob/)).getByRole("link"));
    await waitUntil(() =>
      expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("draft for bob"),
    );
    // It goes on from its end.
    const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe("draft for bob".length);
    await user.click(within(chatRow(/carol/)).getByRole("link"));
    await waitUntil(() =>
      expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("and one for carol"),
    );
  });

  it("says so when there are no message requests", async () => {
    const { user } = await openChatScreen("/chat", [makeChat()]);
    await user.click(screen.getByRole("tab", { name: "Requests" }));
    expect(screen.getByRole("heading", { name: "No message requests" })).toBeInTheDocument();
  });

  it("answers a request with Accept in place of the send box; it moves to the inbox and its room is joined", async () => {
    const request = { ...carolChat, isRequest: true };
    const { user, fetchMock, socket } = await openChatScreen("/chat?c=c-carol", [makeChat(), request], {
      "GET /chats/c-carol/messages": messagesOf(makeMessage({ chat: "c-carol", text: "Hi from Carol" })),
      "PUT /messages/c-carol/mark-seen": jsonResponse(200, { message: "ok", seenAt: "2025-06-01T13:00:00Z" }),
      "POST /chats/c-carol/accept": jsonResponse(200, { chat: { ...carolChat, isRequest: false } }),
    });
    const bar = await screen.findByRole("region", { name: "Message request" });
    expect(within(bar).getByText("carol wants to send you a message")).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Block" })).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    expect(emitted(socket, "joinChat")).toEqual([]);
    await user.click(screen.getByRole("tab", { name: /^Requests/ }));

    await user.click(within(bar).getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Message request" })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /chats/c-carol/accept")).toHaveLength(1);
    await waitUntil(() => expect(emitted(socket, "joinChat")).toEqual([["c-carol"]]));
    expect(screen.getByRole("tab", { name: "Requests" })).toBeInTheDocument();
    // The list follows the accepted chat to All chats, rather than staying on an emptied Requests.
    expect(screen.getByRole("tab", { name: "All chats" })).toHaveAttribute("aria-selected", "true");
    expect(
      within(screen.getByRole("tabpanel"))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toContainEqual(expect.stringContaining("carol"));
  });

  it("puts a request back when accepting fails, and says so", async () => {
    const error = vi.spyOn(toast, "error");
    const request = { ...carolChat, isRequest: true };
    const { user } = await openChatScreen("/chat?c=c-carol", [request], {
      "GET /chats/c-carol/messages": messagesOf(),
      "PUT /messages/c-carol/mark-seen": jsonResponse(200, { message: "ok", seenAt: "2025-06-01T13:00:00Z" }),
      "POST /chats/c-carol/accept": jsonResponse(500, {}),
    });
    await user.click(await screen.findByRole("button", { name: "Accept" }));
    await waitUntil(() =>
      expect(error).toHaveBeenCalledWith("Couldn't accept the request. Please try again."),
    );
    expect(screen.getByRole("region", { name: "Message request" })).toBeInTheDocument();
  });

  it("counts a message in a chat that is not open, and resets the count on open", async () => {
    const { socket, user, fetchMock } = await openChatScreen("/chat", [makeChat(), carolChat], {
      "GET /chats/c-bob/messages": messagesOf(makeMessage({ _id: "m-5", text: "Ping" })),
    });
    expect(within(chatRow(/bob/)).queryByText(/unread/)).not.toBeInTheDocument();

    act(() =>
      socket.fire("newMessage", {
        message: makeMessage({ _id: "m-5", text: "Ping", createdAt: "2025-06-01T12:30:00.000Z" }),
      }),
    );
    expect(await within(chatRow(/bob/)).findByText("1 unread")).toBeInTheDocument();
    expect(within(chatRow(/bob/)).getByText("Ping")).toBeInTheDocument();

    await user.click(within(screen.getByRole("tabpanel")).getByRole("link", { name: /bob/ }));

    await screen.findByRole("log", { name: "Messages" });
    await waitUntil(() => expect(within(chatRow(/bob/)).queryByText(/unread/)).not.toBeInTheDocument());
    await waitUntil(() => expect(callsTo(fetchMock, "PUT /messages/c-bob/mark-seen")).toHaveLength(1));
    expect(chatRow(/bob/).querySelector("a")).toHaveAttribute("aria-current", "page");
  });

  it("does not count a message in the chat that is open", async () => {
    const { socket } = await openChatScreen("/chat?c=c-bob", [makeChat(), carolChat], {
      "GET /chats/c-bob/messages": messagesOf(),
    });
    await screen.findByRole("log", { name: "Messages" });
    act(() => socket.fire("newMessage", { message: makeMessage({ _id: "m-6", text: "Still there?" }) }));
    expect(await within(screen.getByRole("log")).findByText("Still there?")).toBeInTheDocument();
    expect(within(chatRow(/bob/)).queryByText(/unread/)).not.toBeInTheDocument();
  });

  it("keeps Delete chat in the row's menu, asks before deleting, and says 'Failed to delete chat'", async () => {
    const error = vi.spyOn(toast, "error");
    const { user, fetchMock } = await openChatScreen("/chat", [makeChat()], {
      "DELETE /chats/c-bob": jsonResponse(500, { message: "Boom" }),
    });

    const more = within(chatRow(/bob/)).getByRole("button", { name: "More options" });
    expect(more).toHaveAttribute("aria-haspopup", "menu");
    await user.click(more);
    const menu = screen.getByRole("menu", { name: "More options" });
    expect(within(menu).getByRole("menuitem", { name: "Delete chat" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
    const dialog = screen.getByRole("dialog", { name: "Delete chat?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetchMock, "DELETE /chats/c-bob")).toHaveLength(0);

    await user.click(within(chatRow(/bob/)).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Failed to delete chat")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith("Failed to delete chat");
    expect(callsTo(fetchMock, "DELETE /chats/c-bob")).toHaveLength(1);
    expect(chatRow(/bob/)).toBeInTheDocument();
  });

  it("removes a chat deleted from its row's menu from the list, and closes it", async () => {
    const { user, router } = await openChatScreen("/chat?c=c-bob", [makeChat(), carolChat], {
      "GET /chats/c-bob/messages": messagesOf(),
      "DELETE /chats/c-bob": jsonResponse(200, { message: "Chat deleted" }),
    });
    await user.click(within(chatRow(/bob/)).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));

    await waitUntil(() => expect(screen.queryByRole("link", { name: /bob/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe("");
    expect(await screen.findByText("Select a chat to start messaging")).toBeInTheDocument();
    // The row went with the focus: the list keeps it, on the chat left.
    await waitUntil(() =>
      expect(within(screen.getByRole("tabpanel")).getByRole("link", { name: /carol/ })).toHaveFocus(),
    );
  });

  it("deletes the open chat from the conversation's own options", async () => {
    const { user, fetchMock, router } = await openChatScreen("/chat?c=c-bob", [makeChat(), carolChat], {
      "GET /chats/c-bob/messages": messagesOf(),
      "DELETE /chats/c-bob": jsonResponse(200, { message: "Chat deleted" }),
    });
    const conversation = screen.getByRole("region", { name: "Conversation" });
    await user.click(await within(conversation).findByRole("button", { name: "Chat options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete chat?" })).getByRole("button", { name: "Delete" }),
    );

    await waitUntil(() => expect(router.state.location.search).toBe(""));
    expect(callsTo(fetchMock, "DELETE /chats/c-bob")).toHaveLength(1);
    expect(screen.queryByRole("link", { name: /bob/ })).not.toBeInTheDocument();
  });

  it("puts the focus in the message box when a chat is opened from the list", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), carolChat], {
      "GET /chats/c-bob/messages": messagesOf(),
    });
    await user.click(screen.getByRole("link", { name: /^bob/ }));
    expect(await screen.findByRole("textbox", { name: "Message" })).toHaveFocus();
  });

  it("gives the focus back to the chat's row when Back closes it (a phone hid the list)", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), carolChat], {
      "GET /chats/c-carol/messages": messagesOf(),
    });
    await user.click(screen.getByRole("link", { name: /^carol/ }));
    await user.click(await screen.findByRole("button", { name: "Back to chats" }));

    const row = within(chatRow(/carol/)).getByRole("link");
    await waitUntil(() => expect(row).toHaveFocus());
    expect(row.tabIndex).toBe(0);
  });

  it("makes the chat list one Tab stop (plus its current row's menu); arrows, Home and End move between chats", async () => {
    const third = makeChat({
      _id: "c-dan",
      participants: [makeChat().participants[0] ?? bob, { ...carol, _id: "u-dan", username: "dan" }],
      updatedAt: "2025-06-01T08:00:00.000Z",
    });
    const { user } = await openChatScreen("/chat", [makeChat(), carolChat, third]);
    const links = within(screen.getByRole("tabpanel")).getAllByRole("link");
    expect(links.map((link) => link.tabIndex)).toEqual([0, -1, -1]);

    links[0]?.focus();
    await user.keyboard("{ArrowDown}");
    expect(links[1]).toHaveFocus();
    expect(links.map((link) => link.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard("{End}");
    expect(links[2]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(links[2]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(links[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(links[0]).toHaveFocus();

    // Tab leaves the list after the current row's own menu button.
    await user.tab();
    expect(within(chatRow(/bob/)).getByRole("button", { name: "More options" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("tabpanel").contains(document.activeElement)).toBe(false);
  });

  it("searches members 300 ms after the last keystroke and opens the chat with the one picked", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const newChat = makeChat({ _id: "c-new", participants: [makeChat().participants[0] ?? bob, carol] });
    const { user, fetchMock, router } = await openChatScreen(
      "/chat",
      [makeChat()],
      {
        "GET /user/search": jsonResponse(200, { users: [carol] }),
        "POST /chats": jsonResponse(201, { chat: newChat }),
        "GET /chats/c-new/messages": messagesOf(),
        "PUT /messages/c-new/mark-seen": jsonResponse(200, {
          message: "ok",
          seenAt: "2025-06-01T13:00:00.000Z",
        }),
      },
      true,
    );
    const search = screen.getByRole("searchbox", { name: "Search people or chats" });
    const searches = () => callsTo(fetchMock, "GET /user/search");

    // Keystrokes and clock steps in one synchronous run: the clock also follows real time, and a busy
    // machine must not move it between them.
    fireEvent.change(search, { target: { value: "c" } });
    act(() => vi.advanceTimersByTime(200));
    expect(searches()).toHaveLength(0);
    fireEvent.change(search, { target: { value: "ca" } });
    act(() => vi.advanceTimersByTime(200));
    // 400 ms after "c" but only 200 ms after "a": the wait started again.
    expect(searches()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(100));
    await waitUntil(() => expect(searches()).toHaveLength(1));
    expect(String(callsTo(fetchMock, "GET /user/search")[0]?.[0])).toContain("q=ca");

    await user.click(await screen.findByRole("button", { name: /carol/ }));

    expect(JSON.parse(String(callsTo(fetchMock, "POST /chats")[0]?.[1]?.body))).toEqual({
      userId: "u-carol",
    });
    await waitUntil(() => expect(router.state.location.search).toBe("?c=c-new"));
    expect(await screen.findByRole("heading", { name: "Carol Danvers carol" })).toBeInTheDocument();
  });

  it("shows more people a page at a time with Show more, from the keyboard too, the focus on the first new one", async () => {
    const member = (n: number) => ({ _id: `u-m${n}`, username: `member${n}`, fullName: "", avatar: "" });
    const page = (from: number, nextCursor: string | null) =>
      jsonResponse(200, { users: Array.from({ length: 3 }, (_, i) => member(from + i)), nextCursor });
    const { user, fetchMock } = await openChatScreen("/chat", [makeChat()], {
      "GET /user/search": (url: string) => {
        const cursor = new URL(url, "http://flik.test").searchParams.get("cursor");
        return cursor === "after-3"
          ? page(4, "after-6")
          : cursor === "after-6"
            ? page(7, null)
            : page(1, "after-3");
      },
    });
    await user.type(screen.getByRole("searchbox", { name: "Search people or chats" }), "mem");
    const people = await screen.findByRole("region", { name: "People" });
    await within(people).findByRole("button", { name: /member3/ });
    expect(within(people).queryByRole("button", { name: /member4/ })).not.toBeInTheDocument();

    const more = within(people).getByRole("button", { name: "Show more people" });
    more.focus();
    await user.keyboard("{Enter}");
    expect(await within(people).findByRole("button", { name: /member4/ })).toHaveFocus();
    expect(String(callsTo(fetchMock, "GET /user/search")[1]?.[0])).toContain("cursor=after-3");

    // The last page takes the button with it.
    await user.click(within(people).getByRole("button", { name: "Show more people" }));
    expect(await within(people).findByRole("button", { name: /member9/ })).toBeInTheDocument();
    expect(within(people).getAllByRole("button", { name: /^member/ })).toHaveLength(9);
    expect(within(people).queryByRole("button", { name: "Show more people" })).not.toBeInTheDocument();
  });

  it("holds no more than the 100 characters a search takes", async () => {
    const { user } = await openChatScreen("/chat", [makeChat()], {
      "GET /user/search": jsonResponse(200, { users: [] }),
    });
    const search = screen.getByRole("searchbox", { name: "Search people or chats" });
    await user.click(search);
    await user.paste("b".repeat(150));
    expect(search).toHaveValue("b".repeat(100));
  });

  it("Clear search empties the box and hands it the focus, in the list and in New group", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), groupChat()], {
      "GET /user/search": jsonResponse(200, { users: [] }),
    });
    const search = screen.getByRole("searchbox", { name: "Search people or chats" });
    await user.type(search, "road");
    await user.keyboard("{Tab}");
    expect(screen.getByRole("button", { name: "Clear search" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(search).toHaveValue("");
    expect(search).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "New group" }));
    const dialog = screen.getByRole("dialog", { name: "New group" });
    const members = within(dialog).getByRole("searchbox", { name: "Add members" });
    await user.type(members, "ca");
    await user.click(within(dialog).getByRole("button", { name: "Clear search" }));
    expect(members).toHaveValue("");
    expect(members).toHaveFocus();
  });

  it("filters the loaded chats by name while searching", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), groupChat()], {
      "GET /user/search": jsonResponse(200, { users: [] }),
    });
    await user.type(screen.getByRole("searchbox", { name: "Search people or chats" }), "road");
    const panel = screen.getByRole("tabpanel");
    expect(
      within(panel)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("Road trip")]);
    expect(await within(panel).findByText("No results found")).toBeInTheDocument();
  });

  it("finds a chat by the partner's full name too, as its header names them", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), carolChat], {
      "GET /user/search": jsonResponse(200, { users: [] }),
    });
    await user.type(screen.getByRole("searchbox", { name: "Search people or chats" }), "danvers");
    const panel = screen.getByRole("tabpanel");
    expect(
      within(panel)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("carol")]);
  });

  it("says why a people search failed, and Try again hands the focus back to the box", async () => {
    let refused = true;
    const { user } = await openChatScreen("/chat", [], {
      "GET /user/search": () =>
        refused
          ? jsonResponse(429, { message: "Too many attempts. Please try again in 59 seconds." })
          : jsonResponse(200, { users: [carol] }),
    });
    const search = screen.getByRole("searchbox", { name: "Search people or chats" });
    await user.type(search, "ca");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Couldn't search right now. Too many attempts. Please try again in 59 seconds.",
    );
    refused = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(search).toHaveFocus();
    expect(await screen.findByRole("button", { name: /carol/ })).toBeInTheDocument();
  });

  it("creates a group from a name and two members", async () => {
    const created = groupChat({ _id: "c-new-group", name: "Book club" });
    const { user, fetchMock } = await openChatScreen("/chat", [], {
      "GET /user/search": (url) => jsonResponse(200, { users: url.includes("q=b") ? [bob] : [carol] }),
      "POST /chats": jsonResponse(201, { chat: created }),
      "GET /chats/c-new-group/messages": messagesOf(),
    });
    await user.click(screen.getByRole("button", { name: "New group" }));
    const dialog = screen.getByRole("dialog", { name: "New group" });
    const create = within(dialog).getByRole("button", { name: "Create group" });
    // It opens on the name: typing goes straight in.
    expect(within(dialog).getByLabelText("Group name")).toHaveFocus();
    await user.keyboard("Book club");
    expect(within(dialog).getByLabelText("Group name")).toHaveValue("Book club");
    await user.type(within(dialog).getByRole("searchbox", { name: "Add members" }), "b");
    await user.click(await within(dialog).findByRole("button", { name: /bob/ }));
    expect(create).toBeDisabled();
    await user.clear(within(dialog).getByRole("searchbox", { name: "Add members" }));
    await user.type(within(dialog).getByRole("searchbox", { name: "Add members" }), "c");
    await user.click(await within(dialog).findByRole("button", { name: /carol/ }));
    // Enter in the search box, a third member typed but not picked, creates nothing.
    await user.type(within(dialog).getByRole("searchbox", { name: "Add members" }), "dan{Enter}");
    expect(callsTo(fetchMock, "POST /chats")).toHaveLength(0);
    expect(dialog).toBeInTheDocument();

    await user.click(create);

    expect(JSON.parse(String(callsTo(fetchMock, "POST /chats")[0]?.[1]?.body))).toEqual({
      name: "Book club",
      userIds: ["u-bob", "u-carol"],
    });
    expect(await screen.findByRole("heading", { name: "Book club" })).toBeInTheDocument();
  });

  it("adds a chat made by someone else, and drops one deleted in another tab", async () => {
    const { socket } = await openChatScreen("/chat", [makeChat()]);
    act(() => socket.fire("chatUpdated", { chat: groupChat() }));
    expect(await screen.findByRole("link", { name: /Road trip/ })).toBeInTheDocument();
    act(() => socket.fire("chatDeleted", { chatId: "c-bob" }));
    await waitUntil(() => expect(screen.queryByRole("link", { name: /bob/ })).not.toBeInTheDocument());
  });
});
