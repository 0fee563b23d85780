import { screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routes } from "../app/routes";
import { signInAsAlice } from "../test/auth-storage";
import { jsonResponse, makeUser, pending } from "../test/fixtures";
import { renderApp, stubFetch } from "../test/render-app";
import { apiFetch } from "./api-client";
import { dropEarlyReads, EARLY_READ_FOR_MS, earlyReadsFor, sendEarlyReads } from "./early-reads";
import { noteServerDate, serverNow } from "./server-clock";
import { clearAuth } from "./storage";

vi.mock("./socket", async () => {
  const { createFakeSocket } = await import("../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

afterEach(dropEarlyReads);

/** Answers every read as an empty signed-in world would, recording what was asked. */
function emptyWorld() {
  return stubFetch((url) => {
    const path = url.replace(/^\/api/, "").split("?")[0];
    if (path === "/user") return jsonResponse(200, { user: makeUser() });
    if (path === "/messages/unread-count") return jsonResponse(200, { count: 0 });
    if (path === "/stories") return jsonResponse(200, { stories: [] });
    if (path === "/chats") return jsonResponse(200, { chats: [] });
    return jsonResponse(200, { posts: [], notifications: [], unreadCount: 0, nextCursor: null });
  });
}

const askedPaths = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url).replace(/^\/api/, ""));

describe("the first reads of a signed-in page, sent early", () => {
  it.each([
    ["/post", "No posts yet"],
    ["/chat", "No chats yet"],
  ])("are all asked by %s's first screen, so none is sent in vain", async (page, shown) => {
    signInAsAlice();
    const fetchMock = emptyWorld();
    renderApp(page);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(earlyReadsFor(page).length).toBeGreaterThan(0);
    expect(askedPaths(fetchMock)).toEqual(expect.arrayContaining(earlyReadsFor(page)));
  });

  it("are sent for every signed-in screen's address", () => {
    const guard = routes[0]?.children?.find((route) =>
      route.children?.some((child) => child.path === "flicks"),
    );
    const paths = (list: RouteObject[] = []): string[] =>
      list.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children)]);
    const signedIn = paths(guard?.children);
    expect(signedIn.length).toBeGreaterThan(10);
    for (const path of signedIn)
      expect(earlyReadsFor(`/${path.replace(/:\w+/g, "x")}`), path).not.toEqual([]);
  });

  it("are sent for signed-in pages only", () => {
    for (const page of ["/", "/login", "/forgot", "/auth/callback", "/nope"])
      expect(earlyReadsFor(page)).toEqual([]);
    expect(earlyReadsFor("/profile/maya")).toEqual([
      "/user",
      "/messages/unread-count",
      "/notifications?limit=1",
    ]);
  });

  it("hands each answer once to the first GET of its path with the same session, while fresh", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const token = signInAsAlice();
    const fetchMock = emptyWorld();
    sendEarlyReads("/api", 30_000, "/post", token);
    let sent = fetchMock.mock.calls.length;
    expect(sent).toBe(earlyReadsFor("/post").length);
    expect(fetchMock).toHaveBeenCalledWith("/api/user", {
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      credentials: "include",
      signal: expect.any(AbortSignal),
    });
    const asked = () => fetchMock.mock.calls.length - sent;

    // The first read of /user takes the answer sent early; the second asks again.
    expect(await apiFetch("/user")).toEqual({ user: makeUser() });
    expect(asked()).toBe(0);
    await apiFetch("/user");
    expect(asked()).toBe(1);

    // A write to the same path, or a call with a token of its own, is never given a GET's answer.
    await apiFetch("/stories", { method: "POST", body: {} });
    expect(asked()).toBe(2);
    await apiFetch("/posts?limit=10", { headers: { Authorization: "Bearer provider-token" } });
    expect(asked()).toBe(3);

    // Another session's read asks for itself.
    signInAsAlice("s-alice-2");
    await apiFetch("/messages/unread-count");
    expect(asked()).toBe(4);

    // Untaken once its time is up, an answer is let go: the read asks afresh.
    signInAsAlice();
    sent = fetchMock.mock.calls.length;
    vi.advanceTimersByTime(EARLY_READ_FOR_MS);
    await apiFetch("/notifications?limit=1");
    expect(asked()).toBe(1);
    vi.useRealTimers();
  });

  it("lets every answer not yet taken go at sign-out", async () => {
    const token = signInAsAlice();
    const fetchMock = emptyWorld();
    sendEarlyReads("/api", 30_000, "/chat", token);
    const sent = fetchMock.mock.calls.length;
    clearAuth();
    signInAsAlice();
    await apiFetch("/user");
    expect(fetchMock.mock.calls.length).toBe(sent + 1);
  });

  it("gives up on an early answer still on its way when its call is aborted", async () => {
    const token = signInAsAlice();
    stubFetch(() => pending());
    sendEarlyReads("/api", 30_000, "/chat", token);
    const controller = new AbortController();
    const read = apiFetch("/user", { signal: controller.signal });
    controller.abort(new DOMException("Left the screen", "AbortError"));
    await expect(read).rejects.toThrow("Left the screen");
  });

  it("fails a read whose early answer failed, as its own would", async () => {
    const token = signInAsAlice();
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    sendEarlyReads("/api", 30_000, "/chat", token);
    await expect(apiFetch("/user")).rejects.toThrow("Failed to fetch");
  });

  it("tell the server's clock as they come, though no screen has taken them yet", async () => {
    const serverTime = Date.now() - 25 * 3_600_000;
    stubFetch(
      () =>
        new Response("{}", {
          headers: { "content-type": "application/json", date: new Date(serverTime).toUTCString() },
        }),
    );
    try {
      sendEarlyReads("/api", 10_000, "/post", "token-1");
      await vi.waitFor(() =>
        expect(Math.abs(serverNow() - (Date.now() - 25 * 3_600_000))).toBeLessThan(2_000),
      );
    } finally {
      noteServerDate(new Date().toUTCString());
    }
  });
});
