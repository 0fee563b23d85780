import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, sentJson } from "../../../test/fixtures";
import { waitUntil } from "../../../test/wait";
import { chatRow, groupChat, makeChat, messagesOf, openChatScreen } from "../test/chat-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const RENAME_FAILED = "Couldn't rename the group.";

/** Alice in her open group "Road trip"; PATCH /chats/c-trip answers with `answer`. */
async function openGroup(answer?: () => Response | Promise<Response>) {
  const patch = vi.fn(answer ?? (() => jsonResponse(200, { chat: groupChat({ name: "Beach trip" }) })));
  const view = await openChatScreen("/chat?c=c-trip", [makeChat(), groupChat()], {
    "GET /chats/c-trip/messages": messagesOf(),
    "PATCH /chats/c-trip": patch,
  });
  const conversation = screen.getByRole("region", { name: "Conversation" });
  await within(conversation).findByRole("heading", { name: "Road trip" });
  return { ...view, patch, conversation };
}

async function openRenameDialog(
  user: Awaited<ReturnType<typeof openGroup>>["user"],
  conversation: HTMLElement,
) {
  await user.click(within(conversation).getByRole("button", { name: "Chat options" }));
  await user.click(screen.getByRole("menuitem", { name: "Rename group" }));
  const dialog = screen.getByRole("dialog", { name: "Rename group" });
  return { dialog, field: within(dialog).getByRole("textbox", { name: "Group name" }) };
}

describe("Rename group", () => {
  it("is in an open group's options only: not in a one-to-one chat's, nor in a row's menu", async () => {
    const { user, conversation } = await openGroup();
    await user.click(within(conversation).getByRole("button", { name: "Chat options" }));
    const items = screen.getAllByRole("menuitem").map((item) => item.textContent);
    expect(items).toEqual(["Rename group", "Leave group", "Delete chat"]);
    // The menu opens on its first item, and the arrows go through all of them in order.
    expect(screen.getByRole("menuitem", { name: "Rename group" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "Leave group" })).toHaveFocus();
    await user.keyboard("{Escape}");

    await user.click(within(chatRow(/Road trip/)).getByRole("button", { name: "More options" }));
    expect(screen.queryByRole("menuitem", { name: "Rename group" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");

    await user.click(chatRow(/bob/).querySelector("a") as HTMLElement);
    const header = await within(conversation).findByRole("heading", { name: "Bob Builder bob" });
    expect(header).toBeInTheDocument();
    await user.click(within(conversation).getByRole("button", { name: "Chat options" }));
    expect(screen.getByRole("menuitem", { name: "Delete chat" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Rename group" })).not.toBeInTheDocument();
  });

  it("is not offered in a group that is still a request: it is accepted first", async () => {
    const { user } = await openChatScreen("/chat?c=c-trip", [groupChat({ isRequest: true })], {
      "GET /chats/c-trip/messages": messagesOf(),
    });
    const conversation = screen.getByRole("region", { name: "Conversation" });
    await within(conversation).findByRole("heading", { name: "Road trip" });
    await user.click(within(conversation).getByRole("button", { name: "Chat options" }));
    expect(screen.getByRole("menuitem", { name: "Leave group" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Rename group" })).not.toBeInTheDocument();
  });

  it("sends the new name with Enter, then the header, intro and list show it at once", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, conversation, patch } = await openGroup(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const { dialog, field } = await openRenameDialog(user, conversation);
    expect(field).toHaveValue("Road trip");
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, "  Beach trip {Enter}");

    expect(sentJson(patch)).toEqual({ name: "Beach trip" });
    expect(await within(dialog).findByRole("button", { name: "Saving..." })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    // Nothing goes before the server says so.
    expect(within(conversation).getByRole("heading", { name: "Road trip" })).toBeInTheDocument();

    act(() => answer(jsonResponse(200, { chat: groupChat({ name: "Beach trip" }) })));

    await waitUntil(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(conversation).getByRole("heading", { name: "Beach trip" })).toBeInTheDocument();
    expect(within(screen.getByRole("log", { name: "Messages" })).getByText("Beach trip")).toBeInTheDocument();
    expect(chatRow(/Beach trip/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Road trip/ })).not.toBeInTheDocument();
    expect(within(conversation).getByRole("button", { name: "Chat options" })).toHaveFocus();
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it("says the server's refusal in a toast and stays open with the typed name", async () => {
    const error = vi.spyOn(toast, "error");
    const { user, conversation, patch } = await openGroup(() =>
      jsonResponse(404, { message: "Chat not found" }),
    );
    const { dialog, field } = await openRenameDialog(user, conversation);
    await user.clear(field);
    await user.type(field, "Beach trip");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Chat not found")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith("Chat not found");
    expect(screen.getByRole("dialog", { name: "Rename group" })).toBe(dialog);
    expect(field).toHaveValue("Beach trip");
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeInTheDocument();
    expect(within(conversation).getByRole("heading", { name: "Road trip" })).toBeInTheDocument();

    // Without words of the server's own, the dialog's.
    patch.mockImplementation(() => jsonResponse(500));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitUntil(() => expect(error).toHaveBeenLastCalledWith(RENAME_FAILED));
    expect(field).toHaveValue("Beach trip");
    expect(patch).toHaveBeenCalledTimes(2);
  });

  it("refuses what the server would, in its words, without asking it; Escape and Cancel close", async () => {
    const { user, conversation, patch } = await openGroup();
    const { dialog, field } = await openRenameDialog(user, conversation);
    await user.clear(field);
    await user.type(field, "   {Enter}");

    expect(within(dialog).getByText("Group name is required")).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription("Group name is required");
    expect(field).toBeInvalid();
    expect(field).toHaveFocus();
    // Typing again takes the complaint away.
    await user.type(field, "x");
    expect(field).toBeValid();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const again = await openRenameDialog(user, conversation);
    // A closed dialog keeps nothing: it opens on the group's name again.
    expect(again.field).toHaveValue("Road trip");
    await user.click(within(again.dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it("counts the name's characters near the limit of 60, and takes none past it", async () => {
    const { user, conversation } = await openGroup();
    const { dialog, field } = await openRenameDialog(user, conversation);
    await user.clear(field);
    await user.paste("a".repeat(49));
    expect(within(dialog).queryByText(/\/60$/)).not.toBeInTheDocument();
    await user.type(field, "b");
    expect(within(dialog).getByText("50/60")).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription("50/60");
    await user.paste("c".repeat(20));
    expect(field).toHaveValue(`${"a".repeat(49)}b${"c".repeat(10)}`);
    expect(within(dialog).getByText("60/60")).toBeInTheDocument();
  });

  it("renames the open group's header when another member renames it", async () => {
    const { socket, conversation } = await openGroup();
    act(() => socket.fire("chatUpdated", { chat: groupChat({ name: "Carol's trip" }) }));
    expect(await within(conversation).findByRole("heading", { name: "Carol's trip" })).toBeInTheDocument();
    expect(chatRow(/Carol's trip/)).toBeInTheDocument();
  });
});
