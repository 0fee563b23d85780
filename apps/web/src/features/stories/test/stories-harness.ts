import type { StoryGroup } from "@flik/shared";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";
import { storiesOf } from "./story-fixtures";

type Routes = Parameters<typeof fetchRoutes>[0];

/** POST /stories/{id}/view for every story of the strip, as the server answers it. */
function viewRoutes(groups: StoryGroup[]): Routes {
  const routes: Routes = {};
  for (const story of groups.flatMap((group) => group.stories)) {
    routes[`POST /stories/${story._id}/view`] = jsonResponse(200, {
      message: "Story viewed",
      viewersCount: story.viewersCount + 1,
    });
  }
  return routes;
}

/** Alice signed in on the home feed (no posts), with `groups` in the stories strip. */
export function openFeed(groups: StoryGroup[] | null, routes: Routes = {}) {
  signInAsAlice();
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser({ following: ["u-bob", "u-carol"] }) }),
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
      "GET /notifications": jsonResponse(200, { notifications: [], unreadCount: 0, nextCursor: null }),
      ...(groups ? { "GET /stories": storiesOf(...groups), ...viewRoutes(groups) } : {}),
      ...routes,
    }),
  );
  return { ...renderApp("/post"), fetchMock, play, pause };
}

/** Loads the lazy viewer up front: its first, cold import can outlast a findBy's wait. */
export async function preloadViewer(): Promise<void> {
  await import("../components/story-viewer");
}

export async function findStrip(): Promise<HTMLElement> {
  const strip = await screen.findByRole("region", { name: "Stories" });
  await within(strip).findAllByRole("listitem");
  return strip;
}

/** The open viewer, once its lazy code has come. Works with fake timers too. */
export function findViewer(): Promise<HTMLElement> {
  return waitUntil(() => screen.getByRole("dialog", { name: "Stories" }));
}

/** The story on screen: its picture or video, named by author and time. */
export function shownMedia(viewer: HTMLElement): HTMLImageElement | HTMLVideoElement {
  const media = viewer.querySelector<HTMLImageElement | HTMLVideoElement>(
    "img[alt^='Story by'], video:not([hidden])",
  );
  if (!media) throw new Error("No story on screen");
  return media;
}

export function shownUrl(viewer: HTMLElement): string {
  return shownMedia(viewer).getAttribute("src") ?? "";
}

/** The picture has loaded (jsdom loads nothing): its time starts. */
export function loadImage(viewer: HTMLElement): void {
  act(() => {
    fireEvent.load(shownMedia(viewer));
  });
}

/** The video's metadata has come, saying how long it lasts. */
export function loadVideo(viewer: HTMLElement, seconds: number): void {
  const video = shownMedia(viewer);
  Object.defineProperty(video, "duration", { configurable: true, value: seconds });
  act(() => {
    fireEvent.loadedMetadata(video);
  });
}

export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Each bar's filled percent, in order. */
export function bars(viewer: HTMLElement): number[] {
  return within(viewer)
    .getAllByRole("progressbar")
    .map((bar) => Number(bar.getAttribute("aria-valuenow")));
}

/** The tab is hidden or shown again (jsdom's tab is always visible). */
export function setTabHidden(hidden: boolean): void {
  if (hidden) Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  else Reflect.deleteProperty(document, "visibilityState");
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

/** The calls made to "METHOD /path". */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, key: string): number {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      `${init?.method ?? "GET"} ${
        String(url)
          .replace(/^\/api/, "")
          .split("?")[0]
      }` === key,
  ).length;
}
