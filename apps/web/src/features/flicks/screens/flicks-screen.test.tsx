import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, pending } from "../../../test/fixtures";
import { makeFlick } from "../test/flick-fixtures";
import { flicksPage, openFlicks } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

describe("FlicksScreen", () => {
  it("says 'Loading Reels...' while the list is empty and loading", async () => {
    openFlicks({ "GET /flicks": () => pending() });
    expect(await screen.findByText("Loading Reels...")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading Reels...");
  });

  it("keeps the skip link's main while the session is checked", async () => {
    openFlicks({ "GET /user": () => pending() });
    const status = await screen.findByText("Checking authentication...");
    expect(screen.getByRole("main", { name: "Flicks" })).toContainElement(status);
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
  });

  it("shows each flick's uploader, description and counts over a muted, inline, looping video", async () => {
    openFlicks({
      "GET /flicks": flicksPage([makeFlick({ likesCount: 1, commentsCount: 4, sharesCount: 1200 })]),
    });
    const flick = await screen.findByRole("article", { name: "Flick by @bob" });
    expect(within(flick).getByRole("link", { name: "bob" })).toHaveAttribute("href", "/profile/bob");
    expect(within(flick).getByText("Surfing at dawn")).toBeInTheDocument();
    expect(within(flick).getByRole("button", { name: "Like" })).toHaveAccessibleDescription("1 like");
    expect(within(flick).getByRole("button", { name: "Comments" })).toHaveAccessibleDescription("4 comments");
    expect(within(flick).getByRole("button", { name: "Share" })).toHaveAccessibleDescription("1.2K shares");
    expect(within(flick).getByRole("button", { name: "More options" })).toBeInTheDocument();
    const video = within(flick).getByLabelText("Surfing at dawn") as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute("playsinline");
    expect(video).toHaveAttribute("loop");
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Flicks · Flik"));
  });

  it("cuts a long description with 'more', which shows it whole, and 'less' cuts it again", async () => {
    const long = `Dawn patrol at the point. ${"Glassy lines all morning, ".repeat(6)}#surf`;
    const { user } = openFlicks({ "GET /flicks": flicksPage([makeFlick({ description: long })]) });
    const flick = await screen.findByRole("article", { name: "Flick by @bob" });
    const more = within(flick).getByRole("button", { name: "more" });
    expect(more).toHaveAttribute("aria-expanded", "false");

    await user.click(more);
    const less = within(flick).getByRole("button", { name: "less" });
    expect(less).toHaveAttribute("aria-expanded", "true");
    await user.click(less);
    expect(within(flick).getByRole("button", { name: "more" })).toBeInTheDocument();
  });

  it("offers no 'more' for a short description", async () => {
    openFlicks({ "GET /flicks": flicksPage([makeFlick()]) });
    const flick = await screen.findByRole("article", { name: "Flick by @bob" });
    expect(within(flick).getByText("Surfing at dawn")).toBeInTheDocument();
    expect(within(flick).queryByRole("button", { name: "more" })).not.toBeInTheDocument();
  });

  it("says so when there are no reels, and links to a new post open on its Flick tab", async () => {
    const { user } = openFlicks({ "GET /flicks": flicksPage([]) });
    expect(await screen.findByRole("heading", { name: "No reels yet" })).toBeInTheDocument();
    expect(screen.getByText("Short videos shared on Flik show up here.")).toBeInTheDocument();
    const share = screen.getByRole("link", { name: "Share a flick" });
    expect(share).toHaveAttribute("href", "/post/new");

    await user.click(share);
    expect(await screen.findByRole("tab", { name: "Flick" })).toHaveAttribute("aria-selected", "true");
  });

  it("offers to try again when the feed fails to load", async () => {
    let calls = 0;
    const { user } = openFlicks({
      "GET /flicks": () =>
        ++calls === 1 ? jsonResponse(500, { message: "Boom" }) : flicksPage([makeFlick()]),
    });
    expect(await screen.findByText("Something went wrong loading reels.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Flick by @bob" })).toBeInTheDocument();
  });

  it("has its own six tabs, Flicks current, with the unread notifications badge", async () => {
    openFlicks({
      "GET /flicks": flicksPage([makeFlick()]),
      "GET /notifications": jsonResponse(200, { notifications: [], unreadCount: 3, nextCursor: null }),
    });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const links = within(within(nav).getByRole("list")).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/post",
      "/search",
      "/flicks",
      "/post/new",
      "/notifications",
      "/profile",
    ]);
    expect(within(nav).getByRole("link", { name: "Flicks" })).toHaveAttribute("aria-current", "page");
    const notifications = within(nav).getByRole("link", { name: "Notifications" });
    await waitFor(() => expect(notifications).toHaveAccessibleDescription("3 unread"));
    // The pill on the icon (phones) and at the row's end (the rail): the screen's width shows one.
    expect(within(notifications).getAllByText("3")).toHaveLength(2);
  });

  it("puts its tabs before the endless feed in the page, so Tab reaches them (drawn at the bottom all the same)", async () => {
    openFlicks({ "GET /flicks": flicksPage([makeFlick()]) });
    const feed = await screen.findByRole("main", { name: "Flicks" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(nav).toHaveClass("fixed", "bottom-0");
  });

  it("goes back to /post when there is no page to go back to", async () => {
    const { user, router } = openFlicks({ "GET /flicks": flicksPage([makeFlick()]) });
    await user.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
  });
});
