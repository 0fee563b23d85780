import type { Flick } from "@flik/shared";
import { act } from "@testing-library/react";
import { vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

type Routes = Parameters<typeof fetchRoutes>[0];

/** jsdom has no IntersectionObserver: this one records what is watched and lets a test scroll. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<HTMLElement>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: HTMLElement) {
    this.elements.add(element);
  }
  unobserve(element: HTMLElement) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
}

/** Reports flick `id` fully in view and every other watched one out of it, as a snap scroll would. */
export function scrollToFlick(id: string | null) {
  for (const observer of FakeIntersectionObserver.instances) {
    const entries = [...observer.elements].map((target) => {
      const seen = target.dataset.flickId === id;
      return { target, isIntersecting: seen, intersectionRatio: seen ? 1 : 0 };
    });
    act(() => observer.callback(entries as unknown as IntersectionObserverEntry[], observer as never));
  }
}

/** What jsdom lacks for the feed: the observer, and media elements that play and pause. */
export function stubPlayback() {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
  return { play, pause };
}

export const flicksPage = (flicks: Flick[], nextCursor: string | null = null) =>
  jsonResponse(200, { flicks, nextCursor });

/** Alice signed in, on `path` (default /flicks), with these API routes answered. */
export function openFlicks(routes: Routes, path = "/flicks") {
  signInAsAlice();
  const playback = stubPlayback();
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /notifications": jsonResponse(200, { notifications: [], unreadCount: 0, nextCursor: null }),
      ...routes,
    }),
  );
  return { ...renderApp(path), fetchMock, ...playback };
}

/** The calls made to "METHOD /path", with their JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        `${init?.method ?? "GET"} ${
          String(url)
            .replace(/^\/api/, "")
            .split("?")[0]
        }` === key,
    )
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
