import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makePost, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { scrollToFlick, stubPlayback } from "../../flicks/test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Post = ReturnType<typeof makePost>;

function openFeed(...posts: Post[]) {
  signInAsAlice();
  const playback = stubPlayback();
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /posts": jsonResponse(200, { posts, nextCursor: null }),
    }),
  );
  return { ...renderApp("/post"), ...playback };
}

const video = (id: string, caption: string) =>
  makePost({
    _id: id,
    image: `/media/video/${id}.mp4`,
    mediaType: "video",
    caption,
    width: 720,
    height: 1280,
  });

/** The frame around a post's media: its shape is set before the media loads. */
async function frameOf(caption: string) {
  const media = screen.queryByAltText(caption) ?? (await screen.findByLabelText(caption));
  const frame = media.closest<HTMLElement>("[style]");
  if (!frame) throw new Error(`no frame around ${caption}`);
  return frame.style.getPropertyValue("--media-frame");
}

describe("the feed's photos", () => {
  it("keep their own shape, cropped only past 1.91:1 and 4:5, and 4:5 when their size is unknown", async () => {
    openFeed(
      makePost({ _id: "p-wide", caption: "Wide", width: 1500, height: 1000 }),
      makePost({ _id: "p-square", caption: "Square", width: 1080, height: 1080 }),
      makePost({ _id: "p-tall", caption: "Tall", width: 1080, height: 1350 }),
      makePost({ _id: "p-pano", caption: "Panorama", width: 6000, height: 1000 }),
      makePost({ _id: "p-old", caption: "Old", width: null, height: null }),
    );
    await screen.findByRole("img", { name: "Wide" });
    expect(await frameOf("Wide")).toBe("1500 / 1000");
    expect(await frameOf("Square")).toBe("1080 / 1080");
    expect(await frameOf("Tall")).toBe("1080 / 1350");
    expect(await frameOf("Panorama")).toBe("191 / 100");
    expect(await frameOf("Old")).toBe("4 / 5");
    expect(screen.getByRole("img", { name: "Wide" })).toHaveAttribute("width", "1500");
  });

  it("fetch the first post's photo at once and first (the screen's largest paint), the rest when near", async () => {
    openFeed(
      makePost({ _id: "p-first", caption: "First", width: 1080, height: 1080 }),
      makePost({ _id: "p-second", caption: "Second", width: 1080, height: 1080 }),
    );
    const first = await screen.findByRole("img", { name: "First" });
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("fetchpriority", "high");
    const second = screen.getByRole("img", { name: "Second" });
    expect(second).toHaveAttribute("loading", "lazy");
    expect(second).toHaveAttribute("fetchpriority", "auto");
  });
});

describe("the feed's videos", () => {
  it("play as the flicks screen does: muted, inline, looping, no browser controls, a frame for a poster", async () => {
    openFeed(video("v-1", "Surf"));
    const element = await screen.findByLabelText("Surf");
    expect(element.tagName).toBe("VIDEO");
    expect(element).toHaveProperty("muted", true);
    expect(element).toHaveAttribute("playsinline");
    expect(element).toHaveAttribute("loop");
    expect(element).not.toHaveAttribute("controls");
    expect(element).toHaveAttribute("src", "/media/video/v-1.mp4#t=0.1");
    // A 9:16 video is cropped to the tallest frame.
    expect(await frameOf("Surf")).toBe("4 / 5");
  });

  it("play only while mostly in view, one at a time, and pause when scrolled away", async () => {
    const { play, pause } = openFeed(video("v-1", "Surf"), video("v-2", "Waves"));
    const surf = await screen.findByLabelText<HTMLVideoElement>("Surf");
    const waves = screen.getByLabelText<HTMLVideoElement>("Waves");
    expect(play).not.toHaveBeenCalled();

    scrollToFlick("v-1");
    await waitFor(() => expect(play.mock.contexts).toContain(surf));
    expect(play.mock.contexts).not.toContain(waves);

    play.mockClear();
    scrollToFlick("v-2");
    await waitFor(() => expect(play.mock.contexts).toContain(waves));
    expect(pause.mock.contexts).toContain(surf);

    pause.mockClear();
    scrollToFlick(null);
    await waitFor(() => expect(pause.mock.contexts).toContain(waves));
  });

  it("pause and play again with their own button, by mouse or keyboard", async () => {
    const { user, play, pause } = openFeed(video("v-1", "Surf"));
    const surf = await screen.findByLabelText<HTMLVideoElement>("Surf");
    scrollToFlick("v-1");
    await waitFor(() => expect(play.mock.contexts).toContain(surf));

    pause.mockClear();
    await user.click(screen.getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(pause.mock.contexts).toContain(surf));
    play.mockClear();
    screen.getByRole("button", { name: "Play" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(play.mock.contexts).toContain(surf));
  });

  it("wait to be started by one who asked for less motion (prefers-reduced-motion)", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)",
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { user, play } = openFeed(video("v-1", "Surf"));
    const surf = await screen.findByLabelText<HTMLVideoElement>("Surf");
    scrollToFlick("v-1");
    await user.click(await screen.findByRole("button", { name: "Play" }));
    await waitFor(() => expect(play.mock.contexts).toEqual([surf]));
    expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("turn the sound on and off with a tap on the labelled sound button, for the whole feed", async () => {
    const { user } = openFeed(video("v-1", "Surf"), video("v-2", "Waves"));
    const surf = await screen.findByLabelText<HTMLVideoElement>("Surf");
    scrollToFlick("v-1");
    const [card] = screen.getAllByRole("article", { name: "Post by @bob" });
    await user.click(within(card as HTMLElement).getByRole("button", { name: "Unmute" }));
    expect(surf.muted).toBe(false);
    expect(screen.getByRole("status")).toHaveTextContent("Sound on");
    // Once unmuted, the next video plays with sound too.
    expect(screen.getAllByRole("button", { name: "Mute" })).toHaveLength(2);

    await user.click(screen.getAllByRole("button", { name: "Mute" })[0] as HTMLElement);
    expect(surf.muted).toBe(true);
  });

  it("go back to muted when the browser refuses sound", async () => {
    const { user, play } = openFeed(video("v-1", "Surf"));
    const surf = await screen.findByLabelText<HTMLVideoElement>("Surf");
    play.mockRejectedValue(new DOMException("no tap yet", "NotAllowedError"));
    await user.click(screen.getByRole("button", { name: "Unmute" }));
    await act(async () => scrollToFlick("v-1"));
    await waitFor(() => expect(screen.getByRole("button", { name: "Unmute" })).toBeInTheDocument());
    expect(surf.muted).toBe(true);
  });
});
