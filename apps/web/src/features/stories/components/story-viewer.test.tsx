import { STORY_DEFAULT_DURATION_MS, STORY_PROGRESS_TICK_MS } from "@flik/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/fixtures";
import {
  advance,
  bars,
  callsTo,
  findStrip,
  findViewer,
  loadImage,
  loadVideo,
  openFeed,
  preloadViewer,
  setTabHidden,
  shownMedia,
  shownUrl,
} from "../test/stories-harness";
import { alice, bobAndCarol, carol, hoursAgo, makeGroup, makeStory } from "../test/story-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadViewer);
afterEach(() => {
  vi.useRealTimers();
  setTabHidden(false);
});

/** The strip on screen with real timers (queries settle), then the clock is the test's; opens `name`. */
async function openViewerWithFakeClock(
  groups = bobAndCarol(),
  name = "bob's story, not seen",
  { playFails }: { playFails?: DOMException } = {},
) {
  const opened = openFeed(groups);
  if (playFails) opened.play.mockRejectedValue(playFails);
  const strip = await findStrip();
  vi.useFakeTimers();
  fireEvent.click(within(strip).getByRole("button", { name }));
  const viewer = await findViewer();
  return { ...opened, strip, viewer };
}

describe("Story timing (spec §2, §9)", () => {
  it("shows a picture for 5 s, its bar filling every 50 ms, then the member's next story", async () => {
    const { viewer } = await openViewerWithFakeClock();
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");
    expect(bars(viewer)).toEqual([0, 0]);

    // The time starts once the picture is there.
    advance(1000);
    expect(bars(viewer)).toEqual([0, 0]);
    loadImage(viewer);

    advance(STORY_PROGRESS_TICK_MS - 1);
    expect(bars(viewer)).toEqual([0, 0]);
    advance(1);
    expect(bars(viewer)).toEqual([1, 0]);
    advance(STORY_PROGRESS_TICK_MS);
    expect(bars(viewer)).toEqual([2, 0]);

    advance(STORY_DEFAULT_DURATION_MS - 3 * STORY_PROGRESS_TICK_MS);
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");
    expect(bars(viewer)).toEqual([99, 0]);
    advance(STORY_PROGRESS_TICK_MS);

    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    expect(bars(viewer)).toEqual([100, 0]);
  });

  it("plays a video for its own length", async () => {
    const clip = makeStory({ _id: "s-clip", mediaType: "video", mediaUrl: "/media/video/clip.mp4" });
    const after = makeStory({ _id: "s-after", mediaUrl: "/media/image/after.jpg", createdAt: hoursAgo(1) });
    const { viewer, play } = await openViewerWithFakeClock([makeGroup([clip, after])]);
    expect(shownMedia(viewer).tagName).toBe("VIDEO");
    expect(shownMedia(viewer)).toHaveAccessibleName("Story by @bob, 2h ago");
    expect(play).toHaveBeenCalled();

    loadVideo(viewer, 12.5);
    advance(5000);
    expect(shownUrl(viewer)).toBe("/media/video/clip.mp4");
    expect(bars(viewer)).toEqual([40, 0]);
    advance(12_450 - 5000);
    expect(shownUrl(viewer)).toBe("/media/video/clip.mp4");
    advance(STORY_PROGRESS_TICK_MS);

    expect(shownUrl(viewer)).toBe("/media/image/after.jpg");
  });

  it("says a story can't be shown when its video won't load, and moves on after 5 s", async () => {
    const broken = makeStory({ _id: "s-gone", mediaType: "video", mediaUrl: "/media/video/gone.mp4" });
    const after = makeStory({ _id: "s-after", mediaUrl: "/media/image/after.jpg", createdAt: hoursAgo(1) });
    const { viewer } = await openViewerWithFakeClock([makeGroup([broken, after])]);
    act(() => {
      fireEvent.error(shownMedia(viewer));
    });

    expect(within(viewer).getByText("This story can't be shown")).toBeInTheDocument();
    advance(STORY_DEFAULT_DURATION_MS / 2);
    expect(bars(viewer)).toEqual([50, 0]);
    advance(STORY_DEFAULT_DURATION_MS / 2);
    expect(shownUrl(viewer)).toBe("/media/image/after.jpg");
    expect(within(viewer).queryByText("This story can't be shown")).not.toBeInTheDocument();
  });

  it("moves on after 5 s from a video that waited for data and then failed, as from any story that can't be shown", async () => {
    const photo = makeStory({ _id: "s-photo", mediaUrl: "/media/image/photo.jpg", createdAt: hoursAgo(3) });
    const broken = makeStory({ _id: "s-gone", mediaType: "video", mediaUrl: "/media/video/gone.mp4" });
    const after = makeStory({ _id: "s-after", mediaUrl: "/media/image/after.jpg", createdAt: hoursAgo(1) });
    const { viewer } = await openViewerWithFakeClock([makeGroup([photo, broken, after])]);
    loadImage(viewer);
    advance(STORY_DEFAULT_DURATION_MS);
    expect(shownUrl(viewer)).toBe("/media/video/gone.mp4");

    // What a browser does with a video it cannot load: play, waiting, then error (never playing).
    act(() => {
      fireEvent.play(shownMedia(viewer));
      fireEvent.waiting(shownMedia(viewer));
    });
    act(() => {
      fireEvent.error(shownMedia(viewer));
    });
    expect(within(viewer).getByText("This story can't be shown")).toBeInTheDocument();
    advance(STORY_DEFAULT_DURATION_MS / 2);
    expect(bars(viewer)).toEqual([100, 50, 0]);
    advance(STORY_DEFAULT_DURATION_MS / 2);
    expect(shownUrl(viewer)).toBe("/media/image/after.jpg");
  });

  it("times a video whose length the browser knew before the viewer listened (a cached video opened first)", async () => {
    vi.spyOn(HTMLMediaElement.prototype, "readyState", "get").mockReturnValue(HTMLMediaElement.HAVE_METADATA);
    vi.spyOn(HTMLMediaElement.prototype, "duration", "get").mockReturnValue(10);
    const clip = makeStory({ _id: "s-clip", mediaType: "video", mediaUrl: "/media/video/clip.mp4" });
    const after = makeStory({ _id: "s-after", mediaUrl: "/media/image/after.jpg", createdAt: hoursAgo(1) });
    const { viewer } = await openViewerWithFakeClock([makeGroup([clip, after])]);

    // No loadedmetadata event: it came before the element was on screen.
    advance(5000);
    expect(bars(viewer)).toEqual([50, 0]);
    advance(5000);
    expect(shownUrl(viewer)).toBe("/media/image/after.jpg");
  });

  it("times a picture the browser had loaded before the viewer listened", async () => {
    vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, "naturalWidth", "get").mockReturnValue(1080);
    const { viewer } = await openViewerWithFakeClock();

    // No load event: it came before the element was on screen.
    advance(STORY_DEFAULT_DURATION_MS);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    expect(bars(viewer)).toEqual([100, 0]);

    // The same element shows the next picture: it is timed by its own load, not by the one before's.
    advance(STORY_DEFAULT_DURATION_MS);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
  });

  it("says a picture the browser gave up on before the viewer listened can't be shown, and moves on", async () => {
    const complete = vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    const { viewer } = await openViewerWithFakeClock();
    expect(within(viewer).getByText("This story can't be shown")).toBeInTheDocument();
    complete.mockRestore();

    advance(STORY_DEFAULT_DURATION_MS);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
  });

  it("says a story can't be shown when the browser refuses to play its video, with no error event", async () => {
    const broken = makeStory({ _id: "s-gone", mediaType: "video", mediaUrl: "/media/video/gone.mp4" });
    const after = makeStory({ _id: "s-after", mediaUrl: "/media/image/after.jpg", createdAt: hoursAgo(1) });
    const { viewer } = await openViewerWithFakeClock([makeGroup([broken, after])], "bob's story, not seen", {
      playFails: new DOMException("The element has no supported sources.", "NotSupportedError"),
    });

    // The refused play() settles.
    await act(async () => {});
    expect(within(viewer).getByText("This story can't be shown")).toBeInTheDocument();
    advance(STORY_DEFAULT_DURATION_MS);
    expect(shownUrl(viewer)).toBe("/media/image/after.jpg");
  });

  it("says a story can't be shown in place of a broken picture, not its alt text", async () => {
    const { viewer } = await openViewerWithFakeClock();
    act(() => {
      fireEvent.error(shownMedia(viewer));
    });
    expect(within(viewer).getByText("This story can't be shown")).toBeInTheDocument();
    expect(viewer.querySelector("img[alt^='Story by']")).toBeNull();
    advance(STORY_DEFAULT_DURATION_MS);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
  });

  it("moves on when a video ends, whatever the clock says", async () => {
    const clip = makeStory({ _id: "s-clip", mediaType: "video", mediaUrl: "/media/video/clip.mp4" });
    const after = makeStory({ _id: "s-after", mediaUrl: "/media/image/after.jpg", createdAt: hoursAgo(1) });
    const { viewer } = await openViewerWithFakeClock([makeGroup([clip, after])]);

    loadVideo(viewer, 30);
    advance(1000);
    fireEvent.ended(shownMedia(viewer));

    expect(shownUrl(viewer)).toBe("/media/image/after.jpg");
  });

  it("holds still while pressed, and letting go after a hold does not step on", async () => {
    const { viewer, pause } = await openViewerWithFakeClock();
    loadImage(viewer);
    advance(1000);
    expect(bars(viewer)).toEqual([20, 0]);

    const next = within(viewer).getByTestId("story-tap-next");
    fireEvent.pointerDown(next);
    advance(10_000);
    expect(bars(viewer)).toEqual([20, 0]);
    fireEvent.pointerUp(next);
    fireEvent.click(next);
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");

    advance(1000);
    expect(bars(viewer)).toEqual([40, 0]);
    advance(3000);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    // Pictures have nothing to pause; only videos are.
    expect(pause).not.toHaveBeenCalled();
  });

  it("pauses a video while held, and plays it on again", async () => {
    const clip = makeStory({ _id: "s-clip", mediaType: "video", mediaUrl: "/media/video/clip.mp4" });
    const { viewer, play, pause } = await openViewerWithFakeClock([makeGroup([clip])]);
    loadVideo(viewer, 10);
    const back = within(viewer).getByTestId("story-tap-back");

    fireEvent.pointerDown(back);
    expect(pause).toHaveBeenCalledTimes(1);
    play.mockClear();
    fireEvent.pointerUp(back);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it("holds the clock while a video buffers, without pausing the video", async () => {
    const clip = makeStory({ _id: "s-clip", mediaType: "video", mediaUrl: "/media/video/clip.mp4" });
    const { viewer, pause } = await openViewerWithFakeClock([makeGroup([clip])]);
    loadVideo(viewer, 10);
    advance(1000);

    fireEvent.waiting(shownMedia(viewer));
    advance(5000);
    expect(bars(viewer)).toEqual([10]);
    expect(pause).not.toHaveBeenCalled();

    fireEvent.playing(shownMedia(viewer));
    advance(1000);
    expect(bars(viewer)).toEqual([20]);
  });

  it("holds still while the tab is hidden", async () => {
    const { viewer } = await openViewerWithFakeClock();
    loadImage(viewer);
    advance(2000);

    setTabHidden(true);
    advance(60_000);
    expect(bars(viewer)).toEqual([40, 0]);
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");

    setTabHidden(false);
    advance(3000);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
  });

  it("holds still while paused with the Pause button", async () => {
    const { viewer } = await openViewerWithFakeClock();
    loadImage(viewer);
    advance(1000);

    fireEvent.click(within(viewer).getByRole("button", { name: "Pause" }));
    advance(20_000);
    expect(bars(viewer)).toEqual([20, 0]);

    fireEvent.click(within(viewer).getByRole("button", { name: "Play" }));
    advance(4000);
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
  });

  it("pauses and plays with Space wherever the focus is, a tap on the story's right third too", async () => {
    const { user } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    const viewer = await findViewer();
    // On the Pause button, Space presses it: once, not pressed and toggled again.
    await user.keyboard(" ");
    expect(within(viewer).getByRole("button", { name: "Play" })).toHaveFocus();

    await user.click(within(viewer).getByTestId("story-tap-next"));
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    expect(document.activeElement?.tagName).toBe("DIV");
    await user.keyboard(" ");
    expect(within(viewer).getByRole("button", { name: "Pause" })).toBeInTheDocument();
    await user.keyboard(" ");
    expect(within(viewer).getByRole("button", { name: "Play" })).toBeInTheDocument();
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
  });

  it("after a member's last story plays the next member's, and after the last member the first again", async () => {
    const { viewer } = await openViewerWithFakeClock();
    const playThrough = () => {
      loadImage(viewer);
      advance(STORY_DEFAULT_DURATION_MS);
    };

    playThrough();
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    playThrough();
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");
    expect(bars(viewer)).toEqual([0]);
    playThrough();

    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");
    expect(bars(viewer)).toEqual([0, 0]);
  });

  it("starts again from the start when a member's only story ends and no one else has any", async () => {
    const { viewer } = await openViewerWithFakeClock([makeGroup([makeStory()])]);
    loadImage(viewer);
    advance(STORY_DEFAULT_DURATION_MS);
    expect(bars(viewer)).toEqual([0]);
    advance(1000);
    expect(bars(viewer)).toEqual([20]);
  });
});

describe("Moving between stories", () => {
  it("taps the right third for the next story and the left third for the one before", async () => {
    const { viewer } = await openViewerWithFakeClock();

    fireEvent.click(within(viewer).getByTestId("story-tap-next"));
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    fireEvent.click(within(viewer).getByTestId("story-tap-next"));
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");
    fireEvent.click(within(viewer).getByTestId("story-tap-back"));
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    fireEvent.click(within(viewer).getByTestId("story-tap-back"));
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");
    // Back from the very first: the last member's last story.
    fireEvent.click(within(viewer).getByTestId("story-tap-back"));
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");
  });

  it("moves with the arrow keys and the Previous and Next buttons, wrapping at the end", async () => {
    const { user } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    const viewer = await findViewer();

    await user.keyboard("{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    await user.keyboard("{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");
    await user.keyboard("{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");
    await user.keyboard("{ArrowLeft}");
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");

    await user.click(within(viewer).getByRole("button", { name: "Previous story" }));
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    await user.click(within(viewer).getByRole("button", { name: "Next story" }));
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");
  });

  it("starts a member's stories at the first one not seen yet", async () => {
    const halfSeen = makeGroup([
      makeStory({ _id: "s-bob-1", mediaUrl: "/media/image/bob-1.jpg", viewed: true, createdAt: hoursAgo(3) }),
      makeStory({ _id: "s-bob-2", mediaUrl: "/media/image/bob-2.jpg", createdAt: hoursAgo(2) }),
    ]);
    const { user } = openFeed([halfSeen]);

    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));

    expect(shownUrl(await findViewer())).toBe("/media/image/bob-2.jpg");
  });
});

describe("The viewer as a dialog", () => {
  it("is a labelled dialog that keeps the focus, labels each story with its author and time, and closes with Escape", async () => {
    const { user } = openFeed(bobAndCarol());
    const tile = await screen.findByRole("button", { name: "bob's story, not seen" });
    await user.click(tile);
    const viewer = await findViewer();

    expect(viewer).toHaveAttribute("aria-modal", "true");
    expect(within(viewer).getByRole("img", { name: "Story by @bob, 3h ago" })).toBeInTheDocument();
    expect(within(viewer).getByText("Story 1 of 2 by @bob, 3h ago")).toBeInTheDocument();
    expect(within(viewer).getByRole("link", { name: "bob" })).toHaveAttribute("href", "/profile/bob");
    expect(within(viewer).getByRole("button", { name: "Pause" })).toHaveFocus();

    // Tab goes round the viewer's own controls only.
    const controls =
      within(viewer).getAllByRole("button").length + within(viewer).getAllByRole("link").length;
    for (let step = 0; step < controls + 1; step += 1) {
      await user.tab();
      expect(viewer).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(tile).toHaveFocus();
  });

  it("closes with its Close button", async () => {
    const { user } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "carol's story, not seen" }));
    const viewer = await findViewer();
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");

    await user.click(within(viewer).getByRole("button", { name: "Close" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("loads the next story's picture ahead, and the next video in a hidden player", async () => {
    const loaded: string[] = [];
    vi.stubGlobal(
      "Image",
      class {
        decoding = "";
        set src(url: string) {
          loaded.push(url);
        }
      },
    );
    const clip = makeStory({
      _id: "s-clip",
      user: carol,
      mediaType: "video",
      mediaUrl: "/media/video/c.mp4",
    });
    const bobs = makeGroup([
      makeStory({ _id: "s-bob-1", mediaUrl: "/media/image/bob-1.jpg", createdAt: hoursAgo(3) }),
      makeStory({ _id: "s-bob-2", mediaUrl: "/media/image/bob-2.jpg", createdAt: hoursAgo(2) }),
    ]);
    const { user } = openFeed([bobs, makeGroup([clip])]);
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    const viewer = await findViewer();

    expect(loaded).toEqual(["/media/image/bob-2.jpg"]);
    await user.keyboard("{ArrowRight}");
    const preload = viewer.querySelector("video[data-preload]");
    expect(preload).toHaveAttribute("src", "/media/video/c.mp4");
    expect(preload).toHaveAttribute("preload", "auto");
  });
});

describe("Marking stories viewed (spec §4, §6)", () => {
  it("marks someone else's story viewed once, and its member's ring turns muted when all are seen", async () => {
    const { user, fetchMock } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "carol's story, not seen" }));
    const viewer = await findViewer();

    await waitFor(() => expect(callsTo(fetchMock, "POST /stories/s-carol-1/view")).toBe(1));
    // Round the strip and back: Carol's story is not sent again.
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/carol-1.jpg");
    await user.keyboard("{Escape}");

    expect(await screen.findByRole("button", { name: "carol's story, seen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "bob's story, seen" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /stories/s-carol-1/view")).toBe(1);
    expect(callsTo(fetchMock, "POST /stories/s-bob-1/view")).toBe(1);
    expect(callsTo(fetchMock, "POST /stories/s-bob-2/view")).toBe(1);
  });

  it("drops a story the server no longer shows the member (its author blocked them), and reads the strip again", async () => {
    const [bobs, carols] = bobAndCarol();
    let strips = 0;
    const gone = () => jsonResponse(404, { message: "Story not found" });
    const { user, fetchMock } = openFeed(bobAndCarol(), {
      "GET /stories": () => jsonResponse(200, { stories: ++strips === 1 ? [bobs, carols] : [carols] }),
      "POST /stories/s-bob-1/view": gone,
      "POST /stories/s-bob-2/view": gone,
    });
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    await findViewer();

    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /^bob's story/ })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, "GET /stories")).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole("button", { name: /^carol's story/ })).toBeInTheDocument();
    // Said once for the member, or the viewer moving on at once would look like a fault.
    expect(await screen.findByText("This story isn't available anymore.")).toBeInTheDocument();
    expect(screen.getAllByText("This story isn't available anymore.")).toHaveLength(1);
  });

  it("closes on the browser's Back and stays on the feed; Forward opens it again", async () => {
    const { user, router } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    await findViewer();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/post");
    await act(() => router.navigate(1));
    expect(await findViewer()).toBeInTheDocument();
  });

  it("goes to the author's profile from their name, leaving the viewer behind", async () => {
    const { user, router } = openFeed(bobAndCarol());
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    const viewer = await findViewer();

    await user.click(within(viewer).getByRole("link", { name: "bob" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/bob"));
    // The profile renders in a transition after the address changes (its code may still be on its way).
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
    // Back returns to the stories where the member left them, as Instagram's does.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(await findViewer()).toBeInTheDocument();
  });

  it("never marks the member's own story viewed", async () => {
    const own = makeGroup([makeStory({ _id: "s-own", user: alice, viewed: true })]);
    const { user, fetchMock } = openFeed([own, ...bobAndCarol()], {
      "GET /stories/s-own/viewers": () => new Promise(() => {}),
    });
    await user.click(await screen.findByRole("button", { name: "Your story" }));
    const viewer = await findViewer();

    expect(within(viewer).getByRole("img", { name: "Story by @alice, 2h ago" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /stories/s-own/view")).toBe(0);
  });
});
