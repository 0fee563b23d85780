import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, makePost, pending } from "../../../test/fixtures";
import { makeFlick } from "../test/flick-fixtures";
import { flicksPage, openFlicks } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const reelPost = makePost({
  _id: "f-9",
  caption: "Shared with me",
  image: "/media/video/shared.mp4",
  mediaType: "video",
  isReel: true,
});

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
        "GET /posts/f-9": jsonResponse(200, { post: reelPost }),
        "GET /flicks": flicksPage([
          makeFlick({ _id: "f-1" }),
          makeFlick({ _id: "f-9", description: "Shared with me" }),
        ]),
      },
      "/reel/f-9",
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
    const own = {
      ...reelPost,
      isMyPost: true,
      user: { ...reelPost.user, _id: "u-alice", username: "alice" },
    };
    const { user, router } = openFlicks(
      {
        "GET /posts/f-9": jsonResponse(200, { post: own }),
        "GET /flicks": flicksPage([makeFlick({ _id: "f-1" })]),
        "DELETE /flicks/f-9": jsonResponse(200, { message: "Reel deleted" }),
      },
      "/reel/f-9",
    );
    const [mine] = await screen.findAllByRole("article");
    await user.click(within(mine as HTMLElement).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete reel?" })).getByRole("button", { name: "Delete" }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe("/flicks"));
    expect(screen.queryByText("Shared with me")).not.toBeInTheDocument();
  });

  it("says the reel isn't available for an unknown id, with a way on to the other reels", async () => {
    openFlicks({ "GET /posts/nope": jsonResponse(404, { message: "Post not found" }) }, "/reel/nope");
    const heading = await screen.findByRole("heading", { name: "This reel isn't available" });
    expect(screen.getByRole("link", { name: "Watch other reels" })).toHaveAttribute("href", "/flicks");
    expectFeedLandmarks(heading);
  });

  it("keeps the feed's landmarks while the reel loads", async () => {
    openFlicks({ "GET /posts/f-9": () => pending() }, "/reel/f-9");
    expectFeedLandmarks(await screen.findByText("Loading Reels..."));
  });

  it("keeps the feed's landmarks when the reel fails to load", async () => {
    openFlicks({ "GET /posts/f-9": jsonResponse(500, { message: "Boom" }) }, "/reel/f-9");
    // Tried again twice first (1 s, then 2 s).
    const failed = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(failed).toHaveTextContent("Something went wrong loading reels.");
    expectFeedLandmarks(failed);
  });

  it("says the same for a link to a post that is no video", async () => {
    openFlicks({ "GET /posts/p-1": jsonResponse(200, { post: makePost() }) }, "/reel/p-1");
    expect(await screen.findByRole("heading", { name: "This reel isn't available" })).toBeInTheDocument();
  });
});
