import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/fixtures";
import { makeFlick } from "../test/flick-fixtures";
import { callsTo, flicksPage, openFlicks } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

/** The feed on screen with real timers (queries settle), then the clock is the test's. */
async function openWithFakeClock(flick = makeFlick()) {
  const opened = openFlicks({
    "GET /flicks": flicksPage([flick]),
    "POST /flicks/f-1/like": jsonResponse(200, { isLiked: true, likesCount: 3, reactionByUser: [] }),
  });
  const article = await screen.findByRole("article", { name: "Flick by @bob" });
  vi.useFakeTimers();
  const video = within(article).getByLabelText("Surfing at dawn") as HTMLVideoElement;
  const tap = () => fireEvent.click(within(article).getByTestId("flick-tap-area"));
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { ...opened, article, video, tap, advance };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("tapping a flick", () => {
  it("toggles the sound after the double-tap window, and the indicator goes after 800 ms", async () => {
    const { article, video, tap, advance } = await openWithFakeClock();
    expect(video.muted).toBe(true);

    tap();
    advance(299);
    // Still within the double-tap window: nothing has happened yet.
    expect(video.muted).toBe(true);
    expect(within(article).queryByRole("status")).not.toBeInTheDocument();

    advance(1);
    expect(video.muted).toBe(false);
    expect(within(article).getByRole("status")).toHaveTextContent("Sound on");
    expect(screen.getByRole("button", { name: "Mute" })).toBeInTheDocument();

    advance(799);
    expect(within(article).getByRole("status")).toBeInTheDocument();
    advance(1);
    expect(within(article).queryByRole("status")).not.toBeInTheDocument();
  });

  it("likes on a double tap within 300 ms, shows the heart for about 700 ms, and leaves the sound alone", async () => {
    const { article, video, tap, advance, fetchMock } = await openWithFakeClock();

    tap();
    advance(200);
    tap();

    expect(callsTo(fetchMock, "POST /flicks/f-1/like")).toEqual([{ liked: true }]);
    expect(within(article).getByTestId("like-heart")).toBeInTheDocument();
    advance(0);
    expect(within(article).getByRole("button", { name: "Unlike" })).not.toHaveAttribute("aria-pressed");

    advance(699);
    expect(within(article).getByTestId("like-heart")).toBeInTheDocument();
    advance(1);
    expect(within(article).queryByTestId("like-heart")).not.toBeInTheDocument();

    // Long after the window: the double tap never toggled the sound.
    advance(1000);
    expect(video.muted).toBe(true);
    expect(within(article).queryByRole("status")).not.toBeInTheDocument();
  });

  it("never unlikes on a double tap of a liked flick, but shows the heart", async () => {
    const { article, tap, advance, fetchMock } = await openWithFakeClock(makeFlick({ isLiked: true }));

    tap();
    tap();
    advance(0);

    expect(within(article).getByTestId("like-heart")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /flicks/f-1/like")).toEqual([]);
    expect(within(article).getByRole("button", { name: "Unlike" })).toBeInTheDocument();
  });

  it("counts two taps 400 ms apart as two single taps", async () => {
    const { article, video, tap, advance, fetchMock } = await openWithFakeClock();

    tap();
    advance(400);
    expect(video.muted).toBe(false);
    tap();
    advance(300);

    expect(video.muted).toBe(true);
    expect(within(article).getByRole("status")).toHaveTextContent("Sound off");
    expect(callsTo(fetchMock, "POST /flicks/f-1/like")).toEqual([]);
    expect(within(article).queryByTestId("like-heart")).not.toBeInTheDocument();
  });
});
