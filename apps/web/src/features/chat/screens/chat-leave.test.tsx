import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse } from "../../../test/fixtures";
import { waitUntil } from "../../../test/wait";
import {
  alice,
  callsTo,
  carol,
  chatRow,
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

const LEAVE_FAILED = "Couldn't leave the group. Please try again.";

describe("Leave group", () => {
  it("is in an open group's options, asks first, then the group goes from the list and closes", async () => {
    const { user, fetchMock, router } = await openChatScreen("/chat?c=c-trip", [makeChat(), groupChat()], {
      "GET /chats/c-trip/messages": messagesOf(),
      "POST /chats/c-trip/leave": jsonResponse(200, { message: "You left the group" }),
    });
    const conversation = screen.getByRole("region", { name: "Conversation" });
    await user.click(await within(conversation).findByRole("button", { name: "Chat options" }));
    await user.click(screen.getByRole("menuitem", { name: "Leave group" }));

    const dialog = screen.getByRole("dialog", { name: "Leave Road trip?" });
    // Read with its explanation, which the focus (on Cancel) starts past.
    expect(dialog).toHaveAccessibleDescription("You won't get messages from this group anymore.");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /chats/c-trip/leave")).toHaveLength(0);

    await user.click(within(conversation).getByRole("button", { name: "Chat options" }));
    await user.click(screen.getByRole("menuitem", { name: "Leave group" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Leave" }));

    await waitUntil(() => expect(router.state.location.search).toBe(""));
    expect(callsTo(fetchMock, "POST /chats/c-trip/leave")).toHaveLength(1);
    expect(screen.queryByRole("link", { name: /Road trip/ })).not.toBeInTheDocument();
    expect(await screen.findByText("Select a chat to start messaging")).toBeInTheDocument();
    expect(screen.getByText("You left the group")).toBeInTheDocument();
  });

  it("is in a group row's menu; a failure says so and keeps the group", async () => {
    const error = vi.spyOn(toast, "error");
    const { user, fetchMock } = await openChatScreen("/chat", [makeChat(), groupChat()], {
      "POST /chats/c-trip/leave": jsonResponse(500, { message: "Boom" }),
    });
    await user.click(within(chatRow(/Road trip/)).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Leave group" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Leave Road trip?" })).getByRole("button", { name: "Leave" }),
    );

    expect(await screen.findByText(LEAVE_FAILED)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(LEAVE_FAILED);
    expect(callsTo(fetchMock, "POST /chats/c-trip/leave")).toHaveLength(1);
    expect(chatRow(/Road trip/)).toBeInTheDocument();
  });

  it("names a group itself, not a conversation 'with' it, when Delete chat asks first", async () => {
    const { user } = await openChatScreen("/chat", [makeChat(), groupChat()]);
    await user.click(within(chatRow(/Road trip/)).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
    expect(screen.getByRole("dialog", { name: "Delete chat?" })).toHaveTextContent(
      "The group Road trip will be removed from your list",
    );
    await user.keyboard("{Escape}");

    await user.click(within(chatRow(/bob/)).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete chat" }));
    expect(screen.getByRole("dialog", { name: "Delete chat?" })).toHaveTextContent(
      "Your conversation with bob will be removed from your list",
    );
  });

  it("is not offered in a one-to-one chat, in its row or in its conversation", async () => {
    const { user } = await openChatScreen("/chat?c=c-bob", [makeChat(), groupChat()], {
      "GET /chats/c-bob/messages": messagesOf(),
    });
    await user.click(within(chatRow(/bob/)).getByRole("button", { name: "More options" }));
    expect(screen.getByRole("menuitem", { name: "Delete chat" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Leave group" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");

    const conversation = screen.getByRole("region", { name: "Conversation" });
    await user.click(await within(conversation).findByRole("button", { name: "Chat options" }));
    expect(screen.getByRole("menuitem", { name: "Delete chat" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Leave group" })).not.toBeInTheDocument();
  });

  it("shows the others one member fewer when someone leaves the open group", async () => {
    const { socket } = await openChatScreen("/chat?c=c-trip", [groupChat()], {
      "GET /chats/c-trip/messages": messagesOf(),
    });
    const conversation = screen.getByRole("region", { name: "Conversation" });
    expect(await within(conversation).findByText("3 members · bob, carol")).toBeInTheDocument();

    act(() => socket.fire("chatUpdated", { chat: groupChat({ participants: [alice, carol] }) }));

    expect(await within(conversation).findByText("2 members · carol")).toBeInTheDocument();
    expect(within(conversation).getByRole("heading", { name: "Road trip" })).toBeInTheDocument();
  });

  it("reads the open group's messages again when a member is gone from it (a deleted account takes its own)", async () => {
    const fromBob = makeMessage({ _id: "m-bob", chat: "c-trip", text: "See you there" });
    const messages = vi.fn(() => messagesOf(fromBob));
    const { socket } = await openChatScreen("/chat?c=c-trip", [groupChat()], {
      "GET /chats/c-trip/messages": messages,
    });
    const conversation = screen.getByRole("region", { name: "Conversation" });
    expect(await within(conversation).findByText("See you there")).toBeInTheDocument();
    const reads = messages.mock.calls.length;

    // A rename keeps everyone: nothing to read again.
    act(() => socket.fire("chatUpdated", { chat: groupChat({ name: "Road trip!" }) }));
    expect(await within(conversation).findByRole("heading", { name: "Road trip!" })).toBeInTheDocument();
    expect(messages.mock.calls.length).toBe(reads);

    messages.mockImplementation(() => messagesOf());
    act(() => socket.fire("chatUpdated", { chat: groupChat({ participants: [alice, carol] }) }));
    await waitUntil(() => expect(within(conversation).queryByText("See you there")).not.toBeInTheDocument());
    expect(messages.mock.calls.length).toBe(reads + 1);
  });
});
