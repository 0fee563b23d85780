import type { Chat, ChatParticipant, Message } from "@flik/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import type { FakeSocket } from "../../../test/fake-socket";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";

/** The personas: Alice is signed in; Bob and Carol are who she chats with. */
export const alice: ChatParticipant = {
  _id: "u-alice",
  username: "alice",
  fullName: "Alice Liddell",
  avatar: "",
};
export const bob: ChatParticipant = { _id: "u-bob", username: "bob", fullName: "Bob Builder", avatar: "" };
export const carol: ChatParticipant = {
  _id: "u-carol",
  username: "carol",
  fullName: "Carol Danvers",
  avatar: "",
};

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: "m-1",
    chat: "c-bob",
    sender: { _id: bob._id, username: bob.username, avatar: "" },
    text: "Hi Alice!",
    createdAt: "2025-06-01T12:00:00.000Z",
    editedAt: null,
    readBy: [bob._id],
    clientId: null,
    ...overrides,
  };
}

export function fromAlice(overrides: Partial<Message> = {}): Message {
  return makeMessage({
    sender: { _id: alice._id, username: alice.username, avatar: "" },
    readBy: [alice._id],
    ...overrides,
  });
}

/** Alice's one-to-one chat with Bob, unless overridden. */
export function makeChat(overrides: Partial<Chat> = {}): Chat {
  return {
    _id: "c-bob",
    participants: [alice, bob],
    isGroupChat: false,
    name: "",
    lastMessage: null,
    unreadCount: 0,
    createdAt: "2025-06-01T11:00:00.000Z",
    updatedAt: "2025-06-01T11:00:00.000Z",
    isRequest: false,
    ...overrides,
  };
}

export const groupChat = (overrides: Partial<Chat> = {}) =>
  makeChat({
    _id: "c-trip",
    isGroupChat: true,
    name: "Road trip",
    participants: [alice, bob, carol],
    updatedAt: "2025-06-01T10:00:00.000Z",
    ...overrides,
  });

export const messagesOf = (...messages: Message[]) => jsonResponse(200, { messages, nextCursor: null });

type Routes = Parameters<typeof fetchRoutes>[0];

/** Alice signed in on `path` with these chats; every other call is routed by `routes`. */
export async function openChatScreen(path: string, chats: Chat[], routes: Routes = {}, fakeTimers = false) {
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /chats": jsonResponse(200, { chats }),
      "PUT /messages/c-bob/mark-seen": jsonResponse(200, {
        message: "ok",
        seenAt: "2025-06-01T13:00:00.000Z",
      }),
      "GET /messages/unread-count": jsonResponse(200, { count: 0 }),
      ...routes,
    }),
  );
  const view = renderApp(path, { fakeTimers });
  await screen.findByRole("heading", { name: "Chats" });
  await waitFor(() => expect(screen.queryByText("Loading chats...")).not.toBeInTheDocument());
  const socket = await currentSocket();
  return { ...view, fetchMock, socket };
}

/** The calls made to "METHOD /path" (query string ignored). */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, key: string) {
  return fetchMock.mock.calls.filter(([url, init]) => {
    const path = String(url)
      .replace(/^\/api/, "")
      .split("?")[0];
    return `${(init as RequestInit | undefined)?.method ?? "GET"} ${path}` === key;
  });
}

/** What the client emitted as `event`, with its arguments. */
export function emitted(socket: FakeSocket, event: string): unknown[][] {
  return socket.emitted.filter(([name]) => name === event).map(([, ...args]) => args);
}

export function chatRow(name: string | RegExp) {
  const list = screen.getByRole("tabpanel");
  const link = within(list).getByRole("link", { name });
  const row = link.closest("li");
  if (!row) throw new Error("chat row not found");
  return row;
}
