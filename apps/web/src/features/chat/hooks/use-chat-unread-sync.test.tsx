import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUserSocket } from "../../../lib/socket";
import { getUnreadCount } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { createFakeSocket, type FakeSocket } from "../../../test/fake-socket";
import { fetchRoutes, jsonResponse } from "../../../test/fixtures";
import { stubFetch } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";
import { SocketProvider } from "../../realtime/socket-provider";
import { chatKeys } from "../api/chat-keys";
import { setActiveChat } from "../state/active-chat";
import { useIsOnline } from "../state/presence";
import { fromAlice, makeChat, makeMessage } from "../test/chat-fixtures";
import { ChatUnreadSync } from "./use-chat-unread-sync";

vi.mock("../../../lib/socket", () => ({ createUserSocket: vi.fn() }));

afterEach(() => {
  setActiveChat(null);
  vi.useRealTimers();
});

function BobOnline() {
  return <p>{useIsOnline("u-bob") ? "Bob is online" : "Bob is offline"}</p>;
}

/** The server's count, which a test can change as the server's state moves on; `queryClient` holds the chats. */
function mount(serverCount: { value: number }, queryClient = new QueryClient()) {
  const token = signInAsAlice();
  const socket: FakeSocket = createFakeSocket();
  vi.mocked(createUserSocket).mockReturnValue(socket as never);
  const fetchMock = stubFetch(
    fetchRoutes({ "GET /messages/unread-count": () => jsonResponse(200, { count: serverCount.value }) }),
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketProvider token={token} userId="u-alice">
        <ChatUnreadSync />
        <BobOnline />
      </SocketProvider>
    </QueryClientProvider>,
  );
  return { socket, fetchMock, view };
}

describe("ChatUnreadSync", () => {
  it("stores the server's unread count for the header badge", async () => {
    mount({ value: 4 });
    await waitUntil(() => expect(getUnreadCount()).toBe(4));
  });

  it("adds one for a message from someone else in a chat that is not open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = { value: 1 };
    const { socket, fetchMock } = mount(server);
    await waitUntil(() => expect(getUnreadCount()).toBe(1));

    server.value = 2;
    act(() => socket.fire("newMessage", { message: makeMessage({ chat: "c-bob" }) }));
    expect(getUnreadCount()).toBe(2);

    // Alice's own message, and one in the chat she is reading, do not count.
    act(() => socket.fire("newMessage", { message: fromAlice({ chat: "c-bob" }) }));
    setActiveChat("c-carol");
    act(() => socket.fire("newMessage", { message: makeMessage({ chat: "c-carol" }) }));
    expect(getUnreadCount()).toBe(2);

    // A moment later the server's count is asked for again, so two tabs never count one message twice.
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
    expect(getUnreadCount()).toBe(2);
  });

  it("leaves a message request's messages out, and asks again when a request is accepted", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(chatKeys.list(), [makeChat({ _id: "c-stranger", isRequest: true })]);
    const server = { value: 1 };
    const { socket } = mount(server, queryClient);
    await waitUntil(() => expect(getUnreadCount()).toBe(1));

    act(() => socket.fire("newMessage", { message: makeMessage({ chat: "c-stranger" }) }));
    expect(getUnreadCount()).toBe(1);

    server.value = 2;
    act(() => socket.fire("chatUpdated", { chat: makeChat({ _id: "c-stranger", isRequest: false }) }));
    await waitUntil(() => expect(getUnreadCount()).toBe(2));
  });

  it("asks again when Alice has seen messages, and on every reconnect", async () => {
    const server = { value: 3 };
    const { socket, fetchMock } = mount(server);
    await waitUntil(() => expect(getUnreadCount()).toBe(3));

    server.value = 0;
    act(() =>
      socket.fire("messagesSeen", { chatId: "c-bob", userId: "u-alice", seenAt: "2025-06-01T12:00:00Z" }),
    );
    await waitUntil(() => expect(getUnreadCount()).toBe(0));

    server.value = 5;
    const calls = fetchMock.mock.calls.length;
    act(() =>
      socket.fire("messagesSeen", { chatId: "c-bob", userId: "u-bob", seenAt: "2025-06-01T12:00:00Z" }),
    );
    expect(fetchMock.mock.calls.length).toBe(calls);
    act(() => socket.fire("connect"));
    await waitUntil(() => expect(getUnreadCount()).toBe(5));
  });

  it("tracks which chat partners are online", async () => {
    const { socket, view } = mount({ value: 0 });
    expect(view.getByText("Bob is offline")).toBeInTheDocument();
    act(() => socket.fire("onlineUsers", { online: ["u-bob"], offline: [] }));
    expect(view.getByText("Bob is online")).toBeInTheDocument();
    act(() => socket.fire("onlineUsers", { online: [], offline: ["u-bob"] }));
    expect(view.getByText("Bob is offline")).toBeInTheDocument();
    act(() => socket.fire("onlineUsers", { online: ["u-bob"], offline: [] }));
    act(() => socket.fire("disconnect"));
    expect(view.getByText("Bob is offline")).toBeInTheDocument();
  });
});
