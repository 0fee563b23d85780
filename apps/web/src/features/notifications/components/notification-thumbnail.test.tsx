import { act, fireEvent, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POSTER_RETRY_DELAYS_MS } from "../hooks/use-retried-source";
import { makeNotification } from "../test/notification-fixtures";
import { NotificationThumbnail } from "./notification-thumbnail";

/** A flick the built-in host keeps: its poster is written beside it once it is processed. */
const VIDEO = "/media/video/0b6c1f0e-4a7b-4c2d-9e8f-1a2b3c4d5e6f.mp4";
const POSTER = "/media/video/0b6c1f0e-4a7b-4c2d-9e8f-1a2b3c4d5e6f.jpg";
const flickLiked = makeNotification({
  post: { _id: "p-flick", image: VIDEO, isReel: true, mediaType: "video" },
  media: VIDEO,
  mediaType: "video",
});

function renderThumbnail() {
  const { container } = render(<NotificationThumbnail notification={flickLiked} />);
  return {
    poster: () => container.querySelector("img"),
    video: () => container.querySelector("video"),
    /** The neutral tile a video shows while there is nothing to show. */
    tile: () => container.querySelector("span[aria-hidden='true'] svg"),
  };
}

describe("NotificationThumbnail of a flick", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the video's poster, with the play mark", () => {
    const { poster, video } = renderThumbnail();
    expect(poster()).toHaveAttribute("src", POSTER);
    expect(video()).toBeNull();
  });

  it("asks for a poster not there yet (the video still processing) again, later, until it comes", () => {
    const { poster, tile } = renderThumbnail();
    act(() => fireEvent.error(poster() as HTMLImageElement));
    // Meanwhile a video's tile, not a blank square, and no request at once.
    expect(poster()).toBeNull();
    expect(tile()).not.toBeNull();
    act(() => vi.advanceTimersByTime((POSTER_RETRY_DELAYS_MS[0] ?? 0) - 1));
    expect(poster()).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    // At an address of its own, so that no cache answers with the 404.
    expect(poster()).toHaveAttribute("src", `${POSTER}?retry=1`);
    act(() => fireEvent.load(poster() as HTMLImageElement));
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(poster()).toHaveAttribute("src", `${POSTER}?retry=1`);
  });

  it("asks a few times, further apart each time, then gives up on the poster for the video's own frame", () => {
    const { poster, video } = renderThumbnail();
    const asked = [poster()?.getAttribute("src")];
    for (const delay of POSTER_RETRY_DELAYS_MS) {
      act(() => fireEvent.error(poster() as HTMLImageElement));
      act(() => vi.advanceTimersByTime(delay));
      asked.push(poster()?.getAttribute("src"));
    }
    expect(asked).toEqual([POSTER, `${POSTER}?retry=1`, `${POSTER}?retry=2`, `${POSTER}?retry=3`]);
    expect(POSTER_RETRY_DELAYS_MS).toEqual([...POSTER_RETRY_DELAYS_MS].sort((a, b) => a - b));

    act(() => fireEvent.error(poster() as HTMLImageElement));
    expect(poster()).toBeNull();
    expect(video()).toHaveAttribute("src", VIDEO);
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(poster()).toBeNull();
  });

  it("asks again at once when the browser comes back online", () => {
    const { poster } = renderThumbnail();
    act(() => fireEvent.error(poster() as HTMLImageElement));
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(poster()).toHaveAttribute("src", POSTER);
  });
});
