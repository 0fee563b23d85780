import type { StoryViewer } from "@flik/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonResponse, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";
import {
  advance,
  bars,
  callsTo,
  findStrip,
  findViewer,
  loadImage,
  openFeed,
  preloadViewer,
  shownUrl,
} from "../test/stories-harness";
import { alice, bob, bobAndCarol, carol, hoursAgo, makeGroup, makeStory } from "../test/story-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadViewer);
afterEach(() => {
  vi.useRealTimers();
});

const ownFirst = makeStory({
  _id: "s-own-1",
  user: alice,
  viewed: true,
  viewersCount: 2,
  mediaUrl: "/media/image/own-1.jpg",
  createdAt: hoursAgo(5),
});
const ownSecond = makeStory({
  _id: "s-own-2",
  user: alice,
  viewed: true,
  mediaUrl: "/media/image/own-2.jpg",
  createdAt: hoursAgo(1),
});

function viewerOf(person: typeof bob, minutesAgo: number): StoryViewer {
  return { ...person, viewedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() };
}

type Routes = Parameters<typeof openFeed>[1];

async function openOwn(routes: Routes = {}, stories = [ownFirst, ownSecond]) {
  const opened = openFeed([makeGroup(stories), ...bobAndCarol()], routes);
  await opened.user.click(await screen.findByRole("button", { name: "Your story" }));
  return { ...opened, viewer: await findViewer() };
}

describe("The owner's viewers (spec §6)", () => {
  it("shows how many opened the story, and who, newest first", async () => {
    const { user, viewer } = await openOwn({
      "GET /stories/s-own-1/viewers": jsonResponse(200, {
        viewers: [viewerOf(carol, 5), viewerOf(bob, 90)],
        viewersCount: 2,
      }),
    });

    await user.click(within(viewer).getByRole("button", { name: "2 viewers" }));

    const list = await screen.findByRole("list", { name: "Viewers" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(["carolCarol Danvers5m ago", "bobBob Builder1h ago"]);
    expect(screen.getByRole("dialog", { name: "Viewers" })).toBeInTheDocument();
  });

  it("says 'No viewers yet', and adds a viewer live with the new count", async () => {
    const { user, viewer } = await openOwn({
      "GET /stories/s-own-2/viewers": jsonResponse(200, { viewers: [], viewersCount: 0 }),
    });
    await user.keyboard("{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/own-2.jpg");

    await user.click(within(viewer).getByRole("button", { name: "0 viewers" }));
    const dialog = await screen.findByRole("dialog", { name: "Viewers" });
    expect(await within(dialog).findByText("No viewers yet")).toBeInTheDocument();

    const socket = await currentSocket();
    act(() => socket.fire("storyViewed", { storyId: "s-own-2", viewer: viewerOf(bob, 0), viewersCount: 1 }));

    expect(await within(dialog).findByText("Bob Builder")).toBeInTheDocument();
    expect(within(dialog).queryByText("No viewers yet")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(within(viewer).getByRole("button", { name: "1 viewer" })).toBeInTheDocument();
  });

  it("holds the story still while the viewers list is open", async () => {
    openFeed([makeGroup([ownFirst, ownSecond])], {
      "GET /stories/s-own-1/viewers": () => pending(),
    });
    await findStrip();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Your story" }));
    const viewer = await findViewer();
    loadImage(viewer);
    advance(1000);

    fireEvent.click(within(viewer).getByRole("button", { name: "2 viewers" }));
    advance(30_000);
    expect(shownUrl(viewer)).toBe("/media/image/own-1.jpg");
    expect(bars(viewer)).toEqual([20, 0]);
  });

  it("shows someone else's story without viewers or Delete", async () => {
    const { user } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    const viewer = await findViewer();

    expect(within(viewer).queryByRole("button", { name: /viewers?$/ })).not.toBeInTheDocument();
    expect(within(viewer).queryByRole("button", { name: "Story options" })).not.toBeInTheDocument();
  });
});

describe("Deleting a story (spec §6)", () => {
  it("asks first; Cancel keeps it, Delete removes it and shows the member's next story", async () => {
    const remove = vi.fn(() => jsonResponse(200, { message: "Story deleted" }));
    const { user, viewer } = await openOwn({ "DELETE /stories/s-own-1": remove });

    await user.click(within(viewer).getByRole("button", { name: "Story options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete story?" });
    expect(confirm).toHaveTextContent("Are you sure you want to delete this story?");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Stories" })).toBeInTheDocument();

    await user.click(within(viewer).getByRole("button", { name: "Story options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete story?" })).getByRole("button", { name: "Delete" }),
    );

    await waitFor(() => expect(shownUrl(viewer)).toBe("/media/image/own-2.jpg"));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(bars(viewer)).toEqual([0]);
    // Said inside the viewer, not by a toast over its header (a phone's toasts are at the top).
    expect(await within(viewer).findByText("Story deleted")).toBeInTheDocument();
    expect(shownToasts()).not.toContain("Story deleted");
  });

  it("closes only the menu on Escape, and the viewer on the next one", async () => {
    const { user, viewer } = await openOwn();
    const options = within(viewer).getByRole("button", { name: "Story options" });

    await user.click(options);
    expect(screen.getByRole("menu", { name: "Story options" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(options).toHaveFocus();
    expect(screen.getByRole("dialog", { name: "Stories" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes the viewer after the member's last story is deleted, without opening anyone else's", async () => {
    const { user, viewer, fetchMock } = await openOwn(
      { "DELETE /stories/s-own-1": jsonResponse(200, { message: "Story deleted" }) },
      [ownFirst],
    );

    await user.click(within(viewer).getByRole("button", { name: "Story options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete story?" })).getByRole("button", { name: "Delete" }),
    );

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("button", { name: "Add to your story" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /stories/s-bob-1/view")).toBe(0);
    await waitFor(() => expect(shownToasts()).toContain("Story deleted"));
  });

  it("stays on the member's next story when the server's storyDeleted comes before the delete's answer", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, viewer } = await openOwn({
      "DELETE /stories/s-own-1": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });

    await user.click(within(viewer).getByRole("button", { name: "Story options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete story?" })).getByRole("button", { name: "Delete" }),
    );
    // The server tells every tab of Alice's, this one too, before this tab hears its own answer.
    const socket = await currentSocket();
    act(() => socket.fire("storyDeleted", { storyId: "s-own-1", userId: "u-alice" }));
    await waitFor(() => expect(shownUrl(viewer)).toBe("/media/image/own-2.jpg"));
    act(() => answer(jsonResponse(200, { message: "Story deleted" })));

    expect(await within(viewer).findByText("Story deleted")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Stories" })).toBeInTheDocument();
    expect(shownUrl(viewer)).toBe("/media/image/own-2.jpg");
  });

  it("keeps the story and says so when the delete fails", async () => {
    const { user, viewer } = await openOwn({
      "DELETE /stories/s-own-1": jsonResponse(500, { message: "" }),
    });

    await user.click(within(viewer).getByRole("button", { name: "Story options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete story?" })).getByRole("button", { name: "Delete" }),
    );

    expect(await screen.findByText("Failed to delete story")).toBeInTheDocument();
    expect(shownUrl(viewer)).toBe("/media/image/own-1.jpg");
  });

  it("moves on when a story on screen is deleted elsewhere (storyDeleted)", async () => {
    const { user } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    const viewer = await findViewer();

    const socket = await currentSocket();
    act(() => socket.fire("storyDeleted", { storyId: "s-bob-1", userId: "u-bob" }));

    await waitFor(() => expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg"));
    expect(bars(viewer)).toEqual([0]);
  });
});
