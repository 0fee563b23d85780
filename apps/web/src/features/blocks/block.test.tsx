import type { User } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { toast } from "../../lib/toast";
import { signInAsAlice } from "../../test/auth-storage";
import { fetchRoutes, jsonResponse, makePost, makeProfile, makeUser, sentJson } from "../../test/fixtures";
import { renderApp, stubFetch } from "../../test/render-app";
import {
  emitted,
  fromAlice,
  makeChat,
  makeMessage,
  messagesOf,
  openChatScreen,
} from "../chat/test/chat-fixtures";
import { openProfile, preloadProfileScreens } from "../profile/test/profile-routes";
import { bobAndCarol, storiesOf } from "../stories/test/story-fixtures";

vi.mock("../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadProfileScreens);

const TEXT =
  "They won't be able to find your profile, posts or story, or message you. They won't be notified that you blocked them.";
const bobBlocked = { _id: "u-bob", username: "bob", fullName: "Bob Builder", avatar: "" };
const blockAnswer = () =>
  jsonResponse(200, {
    message: "Blocked bob",
    user: makeUser({ blockedUsers: [bobBlocked], followingCount: 0 }),
  });

const me = (queryClient: { getQueryData: (key: unknown[]) => unknown }) =>
  queryClient.getQueryData(["user", "me"]) as User | undefined;

async function openBlockDialogFromProfile(user: ReturnType<typeof openProfile>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Profile options" }));
  const menu = screen.getByRole("menu", { name: "Profile options" });
  await user.click(within(menu).getByRole("menuitem", { name: "Block" }));
  return screen.findByRole("dialog", { name: "Block bob?" });
}

describe("Block from a profile's menu", () => {
  it("asks first: the dialog says what a block does; Cancel sends nothing and returns the focus", async () => {
    const block = vi.fn(blockAnswer);
    const { user } = openProfile("/profile/bob", { routes: { "POST /user/block": block } });

    const dialog = await openBlockDialogFromProfile(user);

    expect(dialog).toHaveTextContent(TEXT);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Block" })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(block).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Profile options" })).toHaveFocus();
    expect(screen.getByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
  });

  it("blocks: the call, the toast, the account from the answer, and the profile says it is blocked", async () => {
    const success = vi.spyOn(toast, "success");
    const block = vi.fn(blockAnswer);
    const { user, queryClient } = openProfile("/profile/bob", { routes: { "POST /user/block": block } });

    const dialog = await openBlockDialogFromProfile(user);
    await user.click(within(dialog).getByRole("button", { name: "Block" }));

    await waitFor(() => expect(block).toHaveBeenCalledTimes(1));
    expect(sentJson(block)).toEqual({ userId: "u-bob" });
    await waitFor(() => expect(success).toHaveBeenCalledWith("Blocked bob", expect.anything()));
    expect(me(queryClient)?.blockedUsers).toEqual([bobBlocked]);
    expect(me(queryClient)?.followingCount).toBe(0);
    expect(await screen.findByRole("heading", { level: 1, name: "You blocked @bob" })).toBeInTheDocument();
    // The menu the focus was in went away with the profile: Unblock, what is left to do, has it.
    expect(screen.getByRole("button", { name: "Unblock" })).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Follow" })).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows a blocked member's profile link as blocked, not as nobody, though the server answers 404", async () => {
    openProfile("/profile/Bob", {
      routes: {
        "GET /user": jsonResponse(200, { user: makeUser({ blockedUsers: [bobBlocked] }) }),
        "GET /profile/Bob": jsonResponse(404, { message: "Member not found" }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "You blocked @bob" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unblock" })).toBeInTheDocument();
  });

  it("unblocks from the blocked member's profile, which then shows them again", async () => {
    const success = vi.spyOn(toast, "success");
    const unblock = vi.fn(() =>
      jsonResponse(200, { message: "Unblocked bob", user: makeUser({ blockedUsers: [] }) }),
    );
    const { user, queryClient } = openProfile("/profile/bob", {
      routes: { "POST /user/block": blockAnswer, "PUT /user/unblock": unblock },
    });
    const dialog = await openBlockDialogFromProfile(user);
    await user.click(within(dialog).getByRole("button", { name: "Block" }));

    await user.click(await screen.findByRole("button", { name: "Unblock" }));

    await waitFor(() => expect(unblock).toHaveBeenCalledTimes(1));
    expect(sentJson(unblock)).toEqual({ userId: "u-bob" });
    expect(success).toHaveBeenCalledWith("Unblocked bob");
    expect(me(queryClient)?.blockedUsers).toEqual([]);
    expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
    // The Unblock button went away with the focus: the follow button has it (the fixture's bob is followed).
    await waitFor(() => expect(screen.getByRole("button", { name: "Following" })).toHaveFocus());
  });

  it("says 'Failed to block user' and keeps the profile when the server refuses", async () => {
    const error = vi.spyOn(toast, "error");
    const { user, queryClient } = openProfile("/profile/bob", {
      routes: { "POST /user/block": jsonResponse(500, { message: "Try later" }) },
    });

    const dialog = await openBlockDialogFromProfile(user);
    await user.click(within(dialog).getByRole("button", { name: "Block" }));

    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to block user", expect.anything()));
    expect(me(queryClient)?.blockedUsers).toEqual([]);
    expect(screen.getByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
  });

  it("is not offered on the member's own profile", async () => {
    openProfile("/profile/alice", {
      member: makeProfile({ _id: "u-alice", id: "u-alice", username: "alice" }),
      isMyProfile: true,
    });
    await screen.findByRole("heading", { level: 1, name: "@alice" });
    expect(screen.queryByRole("button", { name: "Profile options" })).not.toBeInTheDocument();
  });
});

describe("Block from a post's menu", () => {
  function openFeed(routes: Parameters<typeof fetchRoutes>[0]) {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /posts": jsonResponse(200, {
          posts: [
            makePost(),
            makePost({
              _id: "p-mine",
              isMyPost: true,
              caption: "Mine",
              user: {
                _id: "u-alice",
                username: "alice",
                fullName: "Alice",
                avatar: "",
                isPrivate: false,
                followersCount: 1,
              },
            }),
          ],
          nextCursor: null,
        }),
        ...routes,
      }),
    );
    return renderApp("/post");
  }

  it("takes the author's stories out of the strip", async () => {
    const { user } = openFeed({
      "POST /user/block": blockAnswer,
      "GET /stories": storiesOf(...bobAndCarol()),
    });
    const strip = await screen.findByRole("region", { name: "Stories" });
    await within(strip).findByRole("button", { name: /^bob's story/ });

    const card = screen.getByRole("article", { name: "Post by @bob" });
    await user.click(within(card).getByRole("button", { name: "Post options" }));
    await user.click(within(card).getByRole("menuitem", { name: "Block" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Block bob?" })).getByRole("button", {
        name: "Block",
      }),
    );

    await waitFor(() =>
      expect(within(strip).queryByRole("button", { name: /^bob's story/ })).not.toBeInTheDocument(),
    );
    expect(within(strip).getByRole("button", { name: /^carol's story/ })).toBeInTheDocument();
  });

  it("takes the author's posts out of the feed; own posts offer no Block", async () => {
    const { user, queryClient } = openFeed({ "POST /user/block": blockAnswer });
    const mine = await screen.findByRole("article", { name: "Post by @alice" });
    await user.click(within(mine).getByRole("button", { name: "Post options" }));
    expect(within(mine).queryByRole("menuitem", { name: "Block" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");

    const card = screen.getByRole("article", { name: "Post by @bob" });
    await user.click(within(card).getByRole("button", { name: "Post options" }));
    await user.click(within(card).getByRole("menuitem", { name: "Block" }));
    const dialog = await screen.findByRole("dialog", { name: "Block bob?" });
    await user.click(within(dialog).getByRole("button", { name: "Block" }));

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Post by @bob" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Post by @alice" })).toBeInTheDocument();
    // The blocked member's likes and comments left Alice's posts: shown live while watched, and the
    // lists are read again when next shown, not at once.
    expect(queryClient.getQueryState(["posts", "list", "feed"])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["posts", "list", "feed"])?.fetchStatus).toBe("idle");
  });
});

describe("Block in a chat", () => {
  const hello = makeMessage({ _id: "m-1", text: "Hi Alice!" });

  it("blocks from the chat options: the history stays, the composer is replaced", async () => {
    const block = vi.fn(blockAnswer);
    const { user } = await openChatScreen("/chat?c=c-bob", [makeChat({ lastMessage: hello })], {
      "GET /chats/c-bob/messages": messagesOf(hello),
      "POST /user/block": block,
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    await within(log).findByText("Hi Alice!");

    await user.click(screen.getByRole("button", { name: "Chat options" }));
    await user.click(screen.getByRole("menuitem", { name: "Block" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Block bob?" })).getByRole("button", {
        name: "Block",
      }),
    );

    expect(await screen.findByText("You can't message this account")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    expect(within(log).getByText("Hi Alice!")).toBeInTheDocument();
    expect(sentJson(block)).toEqual({ userId: "u-bob" });
  });

  it("offers Unblock in place of the composer to the member who blocked, and the composer comes back", async () => {
    const unblock = vi.fn(() =>
      jsonResponse(200, { message: "Unblocked bob", user: makeUser({ blockedUsers: [] }) }),
    );
    const own = fromAlice({ _id: "m-2", text: "Morning, Bob" });
    const { user } = await openChatScreen("/chat?c=c-bob", [makeChat({ lastMessage: own })], {
      "GET /chats/c-bob/messages": messagesOf(hello, own),
      "GET /user": jsonResponse(200, { user: makeUser({ blockedUsers: [bobBlocked] }) }),
      "PUT /user/unblock": unblock,
    });
    const bar = await screen.findByRole("region", { name: "Blocked account" });
    expect(bar).toHaveTextContent("You blocked @bob");
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    // Her own message may still be unsent, not edited.
    const log = screen.getByRole("log", { name: "Messages" });
    await within(log).findByText("Morning, Bob");
    expect(within(log).getByRole("button", { name: "Delete message" })).toBeInTheDocument();
    expect(within(log).queryByRole("button", { name: "Edit message" })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole("button", { name: "Unblock" }));

    expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(within(log).getByRole("button", { name: "Edit message" })).toBeInTheDocument();
    expect(sentJson(unblock)).toEqual({ userId: "u-bob" });
    expect(screen.queryByRole("region", { name: "Blocked account" })).not.toBeInTheDocument();
  });

  it("follows a block and an unblock made in another tab: the composer goes, then comes back", async () => {
    let blockedUsers: (typeof bobBlocked)[] = [];
    const account = vi.fn(() => jsonResponse(200, { user: makeUser({ blockedUsers }) }));
    const { socket } = await openChatScreen("/chat?c=c-bob", [makeChat({ lastMessage: hello })], {
      "GET /chats/c-bob/messages": messagesOf(hello),
      "GET /user": account,
    });
    await screen.findByRole("textbox", { name: "Message" });

    blockedUsers = [bobBlocked];
    act(() => socket.fire("blocksChanged", { userId: "u-bob", blocked: true }));
    expect(await screen.findByText("You can't message this account")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();

    blockedUsers = [];
    act(() => socket.fire("blocksChanged", { userId: "u-bob", blocked: false }));
    expect(await screen.findByRole("textbox", { name: "Message" })).toBeInTheDocument();
    expect(screen.queryByText("You can't message this account")).not.toBeInTheDocument();

    // What this tab already shows asks nothing more.
    const asked = account.mock.calls.length;
    act(() => socket.fire("blocksChanged", { userId: "u-bob", blocked: false }));
    expect(account).toHaveBeenCalledTimes(asked);
  });

  it("offers no Block in a group chat", async () => {
    const { user } = await openChatScreen(
      "/chat?c=c-trip",
      [makeChat({ _id: "c-trip", isGroupChat: true, name: "Road trip" })],
      { "GET /chats/c-trip/messages": messagesOf() },
    );
    await user.click(await screen.findByRole("button", { name: "Chat options" }));
    expect(screen.getByRole("menuitem", { name: "Delete chat" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Block" })).not.toBeInTheDocument();
  });

  it("replaces the composer when the server refuses a message (the other member blocked)", async () => {
    const { user, socket } = await openChatScreen("/chat?c=c-bob", [makeChat({ lastMessage: hello })], {
      "GET /chats/c-bob/messages": messagesOf(hello),
    });
    const field = await screen.findByRole("textbox", { name: "Message" });

    await user.type(field, "Still there?{Enter}");
    const ack = emitted(socket, "sendMessage").at(-1)?.[1] as (result: unknown) => void;
    act(() => ack({ ok: false, error: "You can't message this account", status: 403 }));

    expect(await screen.findByText("You can't message this account")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
  });
});
