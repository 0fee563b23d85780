import { act, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, makePost, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { FLICK_DELETE_FAILED } from "../hooks/use-delete-flick";
import { makeFlick } from "../test/flick-fixtures";
import { callsTo, flicksPage, openFlicks } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

/** A reel's id, of a post id's form (a link's id of any other form is not asked for). */
const REEL = "3f2a9c1e-7b4d-4e8a-9c6f-1d2e3f4a5b6c";
const PHOTO = "8c1b2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";

const carol = { _id: "u-carol", username: "carol", fullName: "Carol", avatar: "" };

const reelPost = makePost({
  _id: REEL,
  caption: "Shared with me",
  image: "/media/video/shared.mp4",
  mediaType: "video",
  isReel: true,
});

/** The linked reel as its owner, Alice, sees it. */
const ownReelPost = {
  ...reelPost,
  isMyPost: true,
  user: { ...reelPost.user, _id: "u-alice", username: "alice" },
};

/** Deletes the linked reel (the first flick) from its menu, confirming. */
async function deleteLinkedReel(user: UserEvent) {
  const mine = await screen.findByRole("article", { name: "Flick by @alice" });
  await user.click(within(mine).getByRole("button", { name: "More options" }));
  await user.click(screen.getByRole("menuitem", { name: "Delete" }));
  await user.click(
    within(screen.getByRole("dialog", { name: "Delete reel?" })).getByRole("button", { name: "Delete" }),
  );
}

/**
 * Waits for /flicks to be drawn in place of the link's screen: the router's address changes first, and
 * the link's screen (its flicks, its main) stays until the new one is drawn.
 */
async function arriveAtFlicks(router: ReturnType<typeof openFlicks>["router"]) {
  const linkScreen = screen.getByRole("main", { name: "Flicks" });
  await waitFor(() => expect(router.state.location.pathname).toBe("/flicks"));
  await waitFor(() => expect(linkScreen).not.toBeInTheDocument());
}

/** The feed's landmarks around what shows instead of it: its top bar, and the main the skip link goes to. */
function expectFeedLandmarks(shown: HTMLElement) {
  const main = screen.getByRole("main", { name: "Flicks" });
  expect(main).toContainElement(shown);
  expect(main).toHaveAttribute("id", "main");
  expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
  expect(within(screen.getByRole("banner")).getByRole("button", { name: "Back" })).toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
}

describe("ReelLinkScreen (/reel/{id})", () => {
  it("opens the feed at the linked reel, then the others without it twice", async () => {
    openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: reelPost }),
        "GET /flicks": flicksPage([
          makeFlick({ _id: "f-1" }),
          makeFlick({ _id: REEL, description: "Shared with me" }),
        ]),
      },
      `/reel/${REEL}`,
    );

    await screen.findByText("Surfing at dawn");
    const articles = screen.getAllByRole("article");
    expect(articles).toHaveLength(2);
    const [first, second] = articles as [HTMLElement, HTMLElement];
    expect(within(first).getByLabelText("Shared with me")).toHaveAttribute("src", "/media/video/shared.mp4");
    expect(within(second).getByText("Surfing at dawn")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Flicks" })).toHaveAttribute("aria-current", "page");
    // The tabs come before the endless feed in the page, so Tab reaches them.
    const nav = screen.getByRole("navigation", { name: "Main" });
    const feed = screen.getByRole("main", { name: "Flicks" });
    expect(nav.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("leaves the reel's address once its owner deleted it there", async () => {
    const { user, router } = openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: ownReelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1" })]),
        [`DELETE /flicks/${REEL}`]: jsonResponse(200, { message: "Reel deleted" }),
      },
      `/reel/${REEL}`,
    );
    await deleteLinkedReel(user);

    await waitFor(() => expect(router.state.location.pathname).toBe("/flicks"));
    expect(screen.queryByText("Shared with me")).not.toBeInTheDocument();
  });

  it("gives the focus to the reel after the deleted one on /flicks, not to the page", async () => {
    const { user, router } = openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: ownReelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1" }), makeFlick({ _id: "f-2", uploadedBy: carol })]),
        [`DELETE /flicks/${REEL}`]: jsonResponse(200, { message: "Reel deleted" }),
      },
      `/reel/${REEL}`,
    );
    await deleteLinkedReel(user);

    await arriveAtFlicks(router);
    await waitFor(() => expect(screen.getByRole("article", { name: "Flick by @bob" })).toHaveFocus());
    expect(screen.queryByLabelText("Shared with me")).not.toBeInTheDocument();
    // Handed on once: the entry does not hand it again (a reload, Back to it).
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe("/flicks");
  });

  it("gives the focus to the feed once the deleted reel was the only one", async () => {
    const { user, router } = openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: ownReelPost }),
        "GET /flicks": flicksPage([]),
        [`DELETE /flicks/${REEL}`]: jsonResponse(200, { message: "Reel deleted" }),
      },
      `/reel/${REEL}`,
    );
    await deleteLinkedReel(user);

    await arriveAtFlicks(router);
    await waitFor(() => expect(screen.getByRole("main", { name: "Flicks" })).toHaveFocus());
    expect(screen.getByRole("heading", { name: "No reels yet" })).toBeInTheDocument();
  });

  it.each([
    ["the server fails", () => jsonResponse(500, { message: "Something went wrong" })],
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("says 'Failed to delete post' when deleting fails (%s), and the reel stays", async (_, answer) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, router } = openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: ownReelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1" })]),
        [`DELETE /flicks/${REEL}`]: answer,
      },
      `/reel/${REEL}`,
    );
    await deleteLinkedReel(user);

    expect(await screen.findByText(FLICK_DELETE_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Delete reel?" })).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Flick by @alice" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/reel/${REEL}`);
  });

  it("takes the linked reel away when a like finds it gone, the feed going on without it", async () => {
    const { user } = openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: reelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1" })]),
        [`POST /flicks/${REEL}/like`]: jsonResponse(404, { message: "Flick not found" }),
      },
      `/reel/${REEL}`,
    );
    await screen.findByText("Surfing at dawn");
    const [linked] = screen.getAllByRole("article") as [HTMLElement];
    await user.click(within(linked).getByRole("button", { name: "Like" }));

    expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Shared with me")).not.toBeInTheDocument());
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("takes the linked reel away when its private author removes the viewer as a follower", async () => {
    openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: reelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1", uploadedBy: carol })]),
      },
      `/reel/${REEL}`,
    );
    expect(await screen.findByLabelText("Shared with me")).toBeInTheDocument();
    const socket = await currentSocket();

    act(() =>
      socket.fire("postFollowed", {
        userId: reelPost.user._id,
        followerId: "u-alice",
        isFollowed: false,
        followersCount: 0,
        removed: true,
        isPrivate: true,
      }),
    );

    await waitFor(() => expect(screen.queryByLabelText("Shared with me")).not.toBeInTheDocument());
    expect(screen.getByRole("article", { name: "Flick by @carol" })).toBeInTheDocument();
  });

  it("drops the linked reel of a member gone private once the server says the viewer is a stranger, the focus going on", async () => {
    // Nothing cached tells whether Alice follows Bob, and the feed holds no reel of his: only asking
    // for the linked reel again can tell.
    let bobPrivate = false;
    const { fetchMock } = openFlicks(
      {
        [`GET /posts/${REEL}`]: () =>
          bobPrivate
            ? jsonResponse(404, { message: "Post not found" })
            : jsonResponse(200, { post: reelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1", uploadedBy: carol })]),
      },
      `/reel/${REEL}`,
    );
    const linked = await screen.findByRole("article", { name: "Flick by @bob" });
    act(() => linked.focus());
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));

    bobPrivate = true;
    act(() => socket.fire("memberPrivacyChanged", { userId: reelPost.user._id, isPrivate: true }));

    await waitFor(() => expect(linked).not.toBeInTheDocument());
    expect(callsTo(fetchMock, `GET /posts/${REEL}`)).toHaveLength(2);
    // The feed goes on without it, as when a like finds it gone; the focus goes to the reel after it.
    const carols = screen.getByRole("article", { name: "Flick by @carol" });
    expect(carols).toHaveFocus();
    expect(screen.queryByRole("heading", { name: "This reel isn't available" })).not.toBeInTheDocument();
  });

  it("keeps the linked reel of a member gone private for a follower, as the server now has it", async () => {
    let bobPrivate = false;
    openFlicks(
      {
        [`GET /posts/${REEL}`]: () =>
          jsonResponse(200, {
            post: bobPrivate ? { ...reelPost, caption: "Still shared with me" } : reelPost,
          }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1", uploadedBy: carol })]),
      },
      `/reel/${REEL}`,
    );
    expect(await screen.findByLabelText("Shared with me")).toBeInTheDocument();
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));

    bobPrivate = true;
    act(() => socket.fire("memberPrivacyChanged", { userId: reelPost.user._id, isPrivate: true }));

    // The server's answer is shown, so it has been heard: the reel stays, the feed after it.
    expect(await screen.findByLabelText("Still shared with me")).toBeInTheDocument();
    const [first, second] = screen.getAllByRole("article");
    expect(first).toHaveAccessibleName("Flick by @bob");
    expect(second).toHaveAccessibleName("Flick by @carol");
  });

  it("forgets, without asking, a linked reel no screen shows any more when its author goes private", async () => {
    const { router, fetchMock, queryClient } = openFlicks(
      {
        [`GET /posts/${REEL}`]: jsonResponse(200, { post: reelPost }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1", uploadedBy: carol })]),
      },
      `/reel/${REEL}`,
    );
    expect(await screen.findByLabelText("Shared with me")).toBeInTheDocument();
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));
    await act(() => router.navigate("/flicks"));
    await waitFor(() => expect(screen.queryByLabelText("Shared with me")).not.toBeInTheDocument());

    act(() => socket.fire("memberPrivacyChanged", { userId: reelPost.user._id, isPrivate: true }));

    // The flicks cache's code is loaded on demand: the event is applied once it has come.
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ["flicks", "detail"] })).toEqual([]),
    );
    expect(callsTo(fetchMock, `GET /posts/${REEL}`)).toHaveLength(1);
  });

  it("says the reel isn't available for an unknown id, with a way on to the other reels", async () => {
    openFlicks({ [`GET /posts/${REEL}`]: jsonResponse(404, { message: "Post not found" }) }, `/reel/${REEL}`);
    const heading = await screen.findByRole("heading", { name: "This reel isn't available" });
    expect(screen.getByRole("link", { name: "Watch other reels" })).toHaveAttribute("href", "/flicks");
    expectFeedLandmarks(heading);
  });

  it.each([
    ["a mistyped one", "nope"],
    ["one longer than an address may be", "a".repeat(2_100)],
  ])("says so at once for an id of no post's form (%s), without asking", async (_, id) => {
    const { fetchMock } = openFlicks({}, `/reel/${id}`);
    expect(await screen.findByRole("heading", { name: "This reel isn't available" })).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /posts/${id}`)).toEqual([]);
  });

  it.each([400, 414])("says so, asking once, when the server refuses the address (%i)", async (status) => {
    const { fetchMock } = openFlicks(
      { [`GET /posts/${REEL}`]: jsonResponse(status, { message: "Refused" }) },
      `/reel/${REEL}`,
    );
    expect(await screen.findByRole("heading", { name: "This reel isn't available" })).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /posts/${REEL}`)).toHaveLength(1);
  });

  it("keeps the feed's landmarks while the reel loads", async () => {
    openFlicks({ [`GET /posts/${REEL}`]: () => pending() }, `/reel/${REEL}`);
    expectFeedLandmarks(await screen.findByText("Loading Reels..."));
  });

  it("keeps the feed's landmarks when the reel fails to load", async () => {
    openFlicks({ [`GET /posts/${REEL}`]: jsonResponse(500, { message: "Boom" }) }, `/reel/${REEL}`);
    // Tried again twice first (1 s, then 2 s).
    const failed = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(failed).toHaveTextContent("Something went wrong loading reels.");
    expectFeedLandmarks(failed);
  });

  it("says the same for a link to a post that is no video", async () => {
    openFlicks(
      { [`GET /posts/${PHOTO}`]: jsonResponse(200, { post: makePost({ _id: PHOTO }) }) },
      `/reel/${PHOTO}`,
    );
    expect(await screen.findByRole("heading", { name: "This reel isn't available" })).toBeInTheDocument();
  });
});
