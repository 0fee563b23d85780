import { FLICK_TOAST_MS } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, makePost } from "../../../test/fixtures";
import { stubNavigator } from "../../../test/navigator";
import { currentSocket } from "../../../test/render-app";
import { makeFlick } from "../test/flick-fixtures";
import { callsTo, flicksPage, openFlicks } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

async function openOne(flick = makeFlick(), routes: Parameters<typeof openFlicks>[0] = {}) {
  const opened = openFlicks({ "GET /flicks": flicksPage([flick]), ...routes });
  const article = await screen.findByRole("article", { name: `Flick by @${flick.uploadedBy.username}` });
  return { ...opened, article };
}

describe("a flick's actions", () => {
  it("likes and unlikes with the Like button, sending the state it wants", async () => {
    let liked = false;
    const { user, article, fetchMock } = await openOne(makeFlick(), {
      "POST /flicks/f-1/like": () => {
        liked = !liked;
        return jsonResponse(200, { isLiked: liked, likesCount: liked ? 3 : 2, reactionByUser: [] });
      },
    });

    await user.click(within(article).getByRole("button", { name: "Like" }));
    const unlike = await within(article).findByRole("button", { name: "Unlike" });
    await waitFor(() => expect(unlike).toHaveAccessibleDescription("3 likes"));
    await user.click(unlike);

    await waitFor(() =>
      expect(within(article).getByRole("button", { name: "Like" })).toHaveAccessibleDescription("2 likes"),
    );
    expect(callsTo(fetchMock, "POST /flicks/f-1/like")).toEqual([{ liked: true }, { liked: false }]);
  });

  it("shows a like at once and takes it back, saying so, when the server refuses", async () => {
    let refuse!: () => void;
    const { user, article } = await openOne(makeFlick(), {
      "POST /flicks/f-1/like": () =>
        new Promise((resolve) => {
          refuse = () => resolve(jsonResponse(500, { message: "Boom" }));
        }),
    });

    await user.click(within(article).getByRole("button", { name: "Like" }));
    expect(await within(article).findByRole("button", { name: "Unlike" })).toHaveAccessibleDescription(
      "3 likes",
    );

    refuse();
    expect(await within(article).findByRole("button", { name: "Like" })).toHaveAccessibleDescription(
      "2 likes",
    );
    expect(await screen.findByText("Couldn't update your like. Please try again.")).toBeInTheDocument();
  });

  it("says a flick found gone on a like isn't available, and takes it out of the feed", async () => {
    const { user, article } = await openOne(makeFlick(), {
      "POST /flicks/f-1/like": jsonResponse(404, { message: "Flick not found" }),
    });

    await user.click(within(article).getByRole("button", { name: "Like" }));

    expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "No reels yet" })).toBeInTheDocument();
  });

  it("shows a flick's like on the same post in the feed, before and after the server answers", async () => {
    let answer!: () => void;
    const { user, article, router } = await openOne(makeFlick(), {
      "POST /flicks/f-1/like": () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonResponse(200, { isLiked: true, likesCount: 5, reactionByUser: [] }));
        }),
      // The feed loads while the like is still on its way: the server's copy is not liked yet.
      "GET /posts": jsonResponse(200, { posts: [makePost({ _id: "f-1", likesCount: 2 })], nextCursor: null }),
    });

    await user.click(within(article).getByRole("button", { name: "Like" }));
    await act(() => router.navigate("/post"));
    const post = await screen.findByRole("article", { name: "Post by @bob" });
    // The post's button names its state (Unlike), with no pressed state beside (post-actions).
    expect(within(post).getByRole("button", { name: "Unlike" })).toBeInTheDocument();
    expect(within(post).getByText("3 likes")).toBeInTheDocument();

    answer();
    expect(await within(post).findByText("5 likes")).toBeInTheDocument();
    expect(within(post).getByRole("button", { name: "Unlike" })).toBeInTheDocument();
  });

  it("offers Report and Block, not Delete, on someone else's flick; Report only says 'Reported!'", async () => {
    const info = vi.spyOn(toast, "info");
    const { user, article, fetchMock } = await openOne();

    await user.click(within(article).getByRole("button", { name: "More options" }));
    const menu = screen.getByRole("menu", { name: "More options" });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Report", "Block"]);
    const calls = fetchMock.mock.calls.length;
    await user.click(within(menu).getByRole("menuitem", { name: "Report" }));

    expect(await screen.findByText("Reported!")).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith("Reported!", { autoClose: FLICK_TOAST_MS });
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it("offers Delete on the member's own flick and deletes it only after the confirmation", async () => {
    const remove = vi.fn(() => jsonResponse(200, { message: "Reel deleted" }));
    const mine = makeFlick({ isMyFlick: true, uploadedBy: { ...makeFlick().uploadedBy, username: "alice" } });
    const { user, article } = await openOne(mine, { "DELETE /flicks/f-1": remove });

    const more = within(article).getByRole("button", { name: "More options" });
    await user.click(more);
    expect(
      within(screen.getByRole("menu"))
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Delete"]);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));

    let dialog = screen.getByRole("dialog", { name: "Delete reel?" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this reel?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    expect(more).toHaveFocus();

    await user.click(more);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    dialog = screen.getByRole("dialog", { name: "Delete reel?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("heading", { name: "No reels yet" })).toBeInTheDocument();
  });

  it("keeps a deleted reel until the server answers, even after its live echo, then hands the focus to the next", async () => {
    let answer!: () => void;
    const alice = { ...makeFlick().uploadedBy, _id: "u-alice", username: "alice" };
    const first = makeFlick({ _id: "f-1", isMyFlick: true, uploadedBy: alice });
    const second = makeFlick({ _id: "f-2", description: "Second reel", isMyFlick: true, uploadedBy: alice });
    const { user } = openFlicks({
      "GET /flicks": flicksPage([first, second]),
      "DELETE /flicks/f-1": () =>
        new Promise((resolve) => {
          answer = () => resolve(jsonResponse(200, { message: "Reel deleted" }));
        }),
    });
    const [article, next] = await screen.findAllByRole("article");
    if (!article || !next) throw new Error("two reels expected");
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("flickDeleted")).toBe(true));
    await user.click(within(article).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete reel?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await within(dialog).findByRole("button", { name: "Deleting..." });

    // The server tells the flicks room (and the post's) before it answers.
    act(() => {
      socket.fire("flickDeleted", { flickId: "f-1" });
      socket.fire("postDeleted", { postId: "f-1" });
    });
    expect(article).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Deleting..." })).toBeInTheDocument();

    await act(async () => answer());
    await waitFor(() => expect(article).not.toBeInTheDocument());
    expect(next).toHaveFocus();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("copies the reel link when there is no share sheet, says so for 3 s, and counts the share", async () => {
    const success = vi.spyOn(toast, "success");
    const writeText = vi.fn(() => Promise.resolve());
    const { user, article } = await openOne(makeFlick(), {
      "POST /flicks/f-1/share": jsonResponse(200, { sharesCount: 2 }),
    });
    stubNavigator({ clipboard: { writeText }, share: undefined });

    await user.click(within(article).getByRole("button", { name: "Share" }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/reel/f-1`);
    expect(await screen.findByText("Reel link copied to clipboard!")).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith("Reel link copied to clipboard!", { autoClose: FLICK_TOAST_MS });
    await waitFor(() =>
      expect(within(article).getByRole("button", { name: "Share" })).toHaveAccessibleDescription("2 shares"),
    );
  });

  it("copies the link but says a flick found gone when counting isn't available, not that the link was copied", async () => {
    const success = vi.spyOn(toast, "success");
    const writeText = vi.fn(() => Promise.resolve());
    const { user, article } = await openOne(makeFlick(), {
      "POST /flicks/f-1/share": jsonResponse(404, { message: "Flick not found" }),
    });
    stubNavigator({ clipboard: { writeText }, share: undefined });

    await user.click(within(article).getByRole("button", { name: "Share" }));

    expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(success).not.toHaveBeenCalled();
    expect(screen.queryByText("Reel link copied to clipboard!")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
  });

  it("still says the link was copied when only counting the share failed", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, article } = await openOne(makeFlick(), {
      "POST /flicks/f-1/share": jsonResponse(500, { message: "Boom" }),
    });
    stubNavigator({ clipboard: { writeText: () => Promise.resolve() }, share: undefined });

    await user.click(within(article).getByRole("button", { name: "Share" }));

    expect(await screen.findByText("Reel link copied to clipboard!")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith("Counting the share failed", expect.anything());
    expect(screen.getByRole("article", { name: "Flick by @bob" })).toBeInTheDocument();
  });

  it("uses the device's share sheet when there is one", async () => {
    const share = vi.fn(() => Promise.resolve());
    const { user, article, fetchMock } = await openOne(makeFlick(), {
      "POST /flicks/f-1/share": jsonResponse(200, { sharesCount: 2 }),
    });
    stubNavigator({ share });

    await user.click(within(article).getByRole("button", { name: "Share" }));

    expect(share).toHaveBeenCalledWith({
      title: "Reel by @bob on Flik",
      url: `${window.location.origin}/reel/f-1`,
    });
    await waitFor(() => expect(callsTo(fetchMock, "POST /flicks/f-1/share")).toHaveLength(1));
  });

  it("blocks the author from the menu: their flicks leave the feed", async () => {
    const block = vi.fn(() => jsonResponse(200, { message: "Blocked bob" }));
    const { user, article } = await openOne(makeFlick(), { "POST /user/block": block });

    await user.click(within(article).getByRole("button", { name: "More options" }));
    await user.click(
      within(screen.getByRole("menu", { name: "More options" })).getByRole("menuitem", { name: "Block" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Block bob?" });
    await user.click(within(dialog).getByRole("button", { name: "Block" }));

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Flick by @bob" })).not.toBeInTheDocument(),
    );
    expect(block).toHaveBeenCalledTimes(1);
  });
});
