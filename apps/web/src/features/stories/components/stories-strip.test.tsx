import { QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/app-providers";
import { noteServerDate } from "../../../lib/server-clock";
import { connectNow, nextSocketStillConnecting } from "../../../test/fake-socket";
import { jsonResponse, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { layOutStrips, preloadStripArrows } from "../../../test/strip-layout";
import { findStrip, findViewer, openFeed, preloadViewer, shownUrl } from "../test/stories-harness";
import { alice, bob, bobAndCarol, carol, hoursAgo, makeGroup, makeStory } from "../test/story-fixtures";
import { StoriesStrip } from "./stories-strip";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

/** The tiles' names, in the order they show. */
function tiles(strip: HTMLElement): string[] {
  return within(strip)
    .getAllByRole("button")
    .map((button) => button.getAttribute("aria-label") ?? "");
}

function ringOf(strip: HTMLElement, name: string): string {
  const ring = within(strip).getByRole("button", { name }).querySelector("span > span");
  return ring?.className ?? "";
}

// The viewer's module is loaded on first use: loaded here first, so no test waits for its transform.
beforeAll(async () => {
  await Promise.all([preloadViewer(), preloadStripArrows()]);
});

describe("Stories strip (spec §2)", () => {
  it("sits at the top of the feed: the member's own first, then the members followed, each ring saying whether it is new", async () => {
    const [bobs, carols] = bobAndCarol();
    const seenCarol = makeGroup((carols?.stories ?? []).map((story) => ({ ...story, viewed: true })));
    const own = makeGroup([makeStory({ _id: "s-own", user: alice, viewed: true })]);
    openFeed([own, ...(bobs ? [bobs] : []), seenCarol]);

    const strip = await findStrip();
    expect(tiles(strip)).toEqual(["Your story", "bob's story, not seen", "carol's story, seen"]);
    expect(within(strip).getByText("bob")).toBeInTheDocument();
    expect(ringOf(strip, "bob's story, not seen")).toContain("bg-brand");
    expect(ringOf(strip, "carol's story, seen")).not.toContain("bg-brand");
    expect(ringOf(strip, "carol's story, seen")).toContain("bg-[#8e8e98]");
    // The member's own live story keeps the bright ring (own stories are never marked viewed).
    expect(ringOf(strip, "Your story")).toContain("bg-brand");
    // The strip comes before the posts.
    expect(strip.compareDocumentPosition(screen.getByRole("heading", { name: "No posts yet" }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("shows round skeletons while the stories load", async () => {
    openFeed(null, { "GET /stories": () => pending() });
    const strip = await screen.findByRole("region", { name: "Stories" });
    expect(within(strip).getByRole("status")).toHaveTextContent("Loading stories...");
    expect(within(strip).getAllByTestId("story-skeleton").length).toBeGreaterThan(3);
  });

  it("says 'No stories yet' when no one has any, and offers the member's own first", async () => {
    openFeed([]);
    const strip = await findStrip();
    expect(within(strip).getByText("No stories yet")).toBeInTheDocument();
    expect(tiles(strip)).toEqual(["Add to your story"]);
  });

  it("says 'Login to see stories' to a visitor who is not signed in", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(
      <AppProviders queryClient={new QueryClient()}>
        <MemoryRouter>
          <StoriesStrip />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(
      within(screen.getByRole("region", { name: "Stories" })).getByText("Login to see stories"),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Login to see stories' when the server no longer knows the member", async () => {
    openFeed(null, { "GET /stories": jsonResponse(401, { message: "Unauthorized" }) });
    const strip = await screen.findByRole("region", { name: "Stories" });
    expect(await within(strip).findByText("Login to see stories")).toBeInTheDocument();
  });

  it("offers to load the stories again when they fail to load", async () => {
    let calls = 0;
    const { user } = openFeed(null, {
      "GET /stories": () =>
        ++calls === 1
          ? jsonResponse(500, { message: "Boom" })
          : jsonResponse(200, { stories: bobAndCarol() }),
    });

    await user.click(await screen.findByRole("button", { name: "Reload stories" }));

    expect(await screen.findByRole("button", { name: "bob's story, not seen" })).toBeInTheDocument();
  });

  it("opens the picker (photos and videos) from the member's own tile when they have no story", async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    const { user } = openFeed(bobAndCarol());
    const strip = await findStrip();

    await user.click(within(strip).getByRole("button", { name: "Add to your story" }));

    const input = within(strip).getByLabelText("Story file");
    expect(click.mock.contexts).toEqual([input]);
    expect(input).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm",
    );
  });

  it("opens the viewer at the member's own stories from their tile", async () => {
    const own = makeGroup([
      makeStory({ _id: "s-own", user: alice, viewed: true, mediaUrl: "/media/image/own.jpg" }),
    ]);
    const { user } = openFeed([own, ...bobAndCarol()], {
      "GET /stories/s-own/viewers": () => pending(),
    });
    await user.click(await screen.findByRole("button", { name: "Your story" }));
    expect(shownUrl(await findViewer())).toBe("/media/image/own.jpg");
  });

  it("is one Tab stop whose arrows, Home and End move along the members", async () => {
    const { user } = openFeed(bobAndCarol());
    const strip = await findStrip();
    const own = within(strip).getByRole("button", { name: "Add to your story" });
    const bobs = within(strip).getByRole("button", { name: "bob's story, not seen" });
    const carols = within(strip).getByRole("button", { name: "carol's story, not seen" });
    expect([own, bobs, carols].map((tile) => tile.tabIndex)).toEqual([0, -1, -1]);

    own.focus();
    await user.keyboard("{ArrowRight}");
    expect(bobs).toHaveFocus();
    await user.keyboard("{End}");
    expect(carols).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(bobs).toHaveFocus();
    expect([own, bobs, carols].map((tile) => tile.tabIndex)).toEqual([-1, 0, -1]);

    await user.keyboard("{Enter}");
    expect(shownUrl(await findViewer())).toBe("/media/image/bob-1.jpg");
  });
});

describe("Stories strip, wider than the screen", () => {
  /** 30 followed members with stories: far more than a desktop's feed column shows. */
  function crowd() {
    return Array.from({ length: 30 }, (_, index) => {
      const user = { _id: `u-${index}`, username: `member${index}`, fullName: "", avatar: "" };
      return makeGroup([makeStory({ _id: `s-${index}`, user, mediaUrl: `/media/image/${index}.jpg` })]);
    });
  }

  it("pages with round Previous and Next arrows on a pointer, each shown while there is more that way", async () => {
    const layout = layOutStrips({ width: 630, content: 2500 });
    const { user } = openFeed(crowd());
    const strip = await findStrip();

    const next = await within(strip).findByRole("button", { name: "Next stories" });
    expect(within(strip).queryByRole("button", { name: "Previous stories" })).not.toBeInTheDocument();
    expect(next).toHaveClass("hidden", "any-pointer-fine:flex");
    await user.click(next);
    expect(layout.scrollBy).toHaveBeenCalledWith({ left: 504, behavior: "smooth" });
    const previous = await within(strip).findByRole("button", { name: "Previous stories" });

    await user.click(previous);
    await waitFor(() =>
      expect(within(strip).queryByRole("button", { name: "Previous stories" })).not.toBeInTheDocument(),
    );
    expect(within(strip).getByRole("button", { name: "Next stories" })).toBeInTheDocument();
    layout.restore();
  });

  it("pages at once for a member who asked for less motion", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)",
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const layout = layOutStrips({ width: 630, content: 2500 });
    const { user } = openFeed(crowd());
    const strip = await findStrip();

    await user.click(await within(strip).findByRole("button", { name: "Next stories" }));
    expect(layout.scrollBy).toHaveBeenCalledWith({ left: 504, behavior: "auto" });
    layout.restore();
  });

  it("keeps the row one Tab stop: the arrows are for the pointer, the keys move along the members", async () => {
    const layout = layOutStrips({ width: 630, content: 2500 });
    const { user } = openFeed(crowd());
    const strip = await findStrip();
    const next = await within(strip).findByRole("button", { name: "Next stories" });
    expect(next).toHaveAttribute("tabindex", "-1");

    const own = within(strip).getByRole("button", { name: "Add to your story" });
    act(() => own.focus());
    await user.keyboard("{ArrowRight}");
    expect(within(strip).getByRole("button", { name: "member0's story, not seen" })).toHaveFocus();
    await user.click(next);
    expect(within(strip).getByRole("button", { name: "member0's story, not seen" })).toHaveFocus();
    layout.restore();
  });
});

describe("Stories strip, live", () => {
  it("adds a followed member's new story at once, after the member's own (newStory)", async () => {
    const seenCarol = makeGroup([makeStory({ _id: "s-carol", user: carol, viewed: true })]);
    openFeed([seenCarol]);
    const strip = await findStrip();
    const socket = await currentSocket();

    act(() =>
      socket.fire("newStory", { story: makeStory({ _id: "s-bob-new", user: bob, createdAt: hoursAgo(0) }) }),
    );

    await waitFor(() =>
      expect(tiles(strip)).toEqual(["Add to your story", "bob's story, not seen", "carol's story, seen"]),
    );
    // Carol posts again: her ring is new again, and she moves up.
    act(() =>
      socket.fire("newStory", {
        story: makeStory({ _id: "s-carol-2", user: carol, createdAt: hoursAgo(0) }),
      }),
    );
    await waitFor(() =>
      expect(tiles(strip)).toEqual(["Add to your story", "carol's story, not seen", "bob's story, not seen"]),
    );
  });

  it("lets a story go when its 24 hours are up, and the member with it when it was their last", async () => {
    // Bob's first story is past its 24 hours (the page was left open); Carol's one goes with it.
    const expired = new Date(Date.now() - 1000).toISOString();
    openFeed([
      makeGroup([
        makeStory({ _id: "s-bob-old", createdAt: hoursAgo(24), expiresAt: expired }),
        makeStory({ _id: "s-bob-new", createdAt: hoursAgo(1) }),
      ]),
      makeGroup([
        makeStory({ _id: "s-carol-old", user: carol, createdAt: hoursAgo(24), expiresAt: expired }),
      ]),
    ]);
    const strip = await findStrip();

    await waitFor(() => expect(tiles(strip)).toEqual(["Add to your story", "bob's story, not seen"]));
  });

  it("keeps a story its hours by the server's clock on a device whose clock is a day fast", async () => {
    const HOUR = 3_600_000;
    const serverTime = Date.now() - 25 * HOUR;
    const atServer = (hours: number) => new Date(serverTime + hours * HOUR).toISOString();
    const groups = [
      makeGroup([makeStory({ _id: "s-bob-1", createdAt: atServer(-1), expiresAt: atServer(23) })]),
    ];
    try {
      openFeed(groups, {
        // The server's answer says its time; by the device's, Bob's story expired two hours ago.
        "GET /stories": () =>
          new Response(JSON.stringify({ stories: groups }), {
            headers: { "content-type": "application/json", date: new Date(serverTime).toUTCString() },
          }),
      });
      const strip = await findStrip();
      await waitFor(() => expect(tiles(strip)).toEqual(["Add to your story", "bob's story, not seen"]));
      // Dropped on coming back to the page, were it read by the device's clock.
      act(() => window.dispatchEvent(new Event("focus")));
      expect(tiles(strip)).toEqual(["Add to your story", "bob's story, not seen"]);
    } finally {
      noteServerDate(new Date().toUTCString());
    }
  });

  it("removes a deleted story, and the member with it when it was their last (storyDeleted)", async () => {
    openFeed(bobAndCarol());
    const strip = await findStrip();
    const socket = await currentSocket();

    act(() => socket.fire("storyDeleted", { storyId: "s-carol-1", userId: "u-carol" }));
    await waitFor(() => expect(tiles(strip)).toEqual(["Add to your story", "bob's story, not seen"]));

    act(() => socket.fire("storyDeleted", { storyId: "s-bob-1", userId: "u-bob" }));
    act(() => socket.fire("storyDeleted", { storyId: "s-bob-2", userId: "u-bob" }));
    await waitFor(() => expect(tiles(strip)).toEqual(["Add to your story"]));
    expect(within(strip).getByText("No stories yet")).toBeInTheDocument();
  });

  it("keeps the keyboard in the strip when the viewer closes because the stories it played were deleted", async () => {
    const [bobs] = bobAndCarol();
    const { user } = openFeed(bobs ? [bobs] : []);
    const strip = await findStrip();
    const own = within(strip).getByRole("button", { name: "Add to your story" });
    own.focus();
    await user.keyboard("{ArrowRight}{Enter}");
    await findViewer();
    const socket = await currentSocket();

    act(() => socket.fire("storyDeleted", { storyId: "s-bob-1", userId: "u-bob" }));
    act(() => socket.fire("storyDeleted", { storyId: "s-bob-2", userId: "u-bob" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
    expect(tiles(strip)).toEqual(["Add to your story"]);
    expect(within(strip).getByRole("button", { name: "Add to your story" })).toHaveFocus();
  });

  it("loads the strip again when the socket first connects (a story posted while it loaded)", async () => {
    await nextSocketStillConnecting();
    let calls = 0;
    openFeed(null, {
      "GET /stories": () => jsonResponse(200, { stories: ++calls === 1 ? [] : bobAndCarol() }),
    });
    await findStrip();
    const socket = await currentSocket();
    expect(socket.connected).toBe(false);
    act(() => connectNow(socket));

    expect(await screen.findByRole("button", { name: "bob's story, not seen" })).toBeInTheDocument();
  });

  it("loads the strip again after a reconnect (events sent meanwhile were never delivered)", async () => {
    let calls = 0;
    openFeed(null, {
      "GET /stories": () => jsonResponse(200, { stories: ++calls === 1 ? [] : bobAndCarol() }),
    });
    await findStrip();
    const socket = await currentSocket();
    act(() => socket.fire("connect"));
    act(() => socket.fire("connect"));

    expect(await screen.findByRole("button", { name: "bob's story, not seen" })).toBeInTheDocument();
  });
});
