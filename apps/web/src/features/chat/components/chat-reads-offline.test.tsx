import { onlineManager } from "@tanstack/react-query";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";
import { callsTo, chatRow, makeChat, makeMessage, messagesOf, openChatScreen } from "../test/chat-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const hello = makeMessage({ _id: "m-1", text: "Hi Alice!" });
const chats = [makeChat({ lastMessage: hello })];

/** Whether the network is down: a request then never reaches the server. */
let down = false;
const whileUp = (answer: () => Response) => () =>
  down ? Promise.reject(new TypeError("Failed to fetch")) : answer();

afterEach(() => {
  down = false;
  onlineManager.setOnline(true);
});

describe("the chat screen's reads when the network goes", () => {
  it("keeps the chats and the open conversation when reading them again fails", async () => {
    const { fetchMock, queryClient } = await openChatScreen("/chat?c=c-bob", chats, {
      "GET /chats": whileUp(() => jsonResponse(200, { chats })),
      "GET /chats/c-bob/messages": whileUp(() => messagesOf(hello)),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    await within(log).findByText("Hi Alice!");

    down = true;
    await act(() => queryClient.invalidateQueries());
    await waitUntil(() => expect(callsTo(fetchMock, "GET /chats")).toHaveLength(2));
    await waitUntil(() => expect(callsTo(fetchMock, "GET /chats/c-bob/messages")).toHaveLength(2));
    await waitUntil(() => expect(queryClient.isFetching()).toBe(0));
    await act(async () => {}); // the failed reads' state rendered

    expect(chatRow(/bob/)).toBeInTheDocument();
    expect(within(screen.getByRole("log", { name: "Messages" })).getByText("Hi Alice!")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(screen.queryByText("Couldn't load your chats.")).not.toBeInTheDocument();
    expect(screen.queryByText("Couldn't load messages.")).not.toBeInTheDocument();
  });

  it("says at once that chats never read could not load while offline, and reads them when back", async () => {
    signInAsAlice();
    down = true;
    onlineManager.setOnline(false);
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /chats": whileUp(() => jsonResponse(200, { chats })),
        "GET /messages/unread-count": whileUp(() => jsonResponse(200, { count: 0 })),
      }),
    );
    renderApp("/chat");

    // Not a skeleton held until the connection comes back, saying nothing.
    expect((await screen.findAllByText("Couldn't load your chats.")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("link", { name: /bob/ })).not.toBeInTheDocument();

    down = false;
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByRole("link", { name: /bob/ })).toBeInTheDocument();
    expect(screen.queryByText("Couldn't load your chats.")).not.toBeInTheDocument();
  });
});
