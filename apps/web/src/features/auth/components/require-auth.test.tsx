import { QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useBlocker } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/app-providers";
import { emitLogout } from "../../../lib/auth-events";
import { createUserSocket } from "../../../lib/socket";
import {
  clearAuth,
  getCachedUser,
  getToken,
  getUserId,
  getUsername,
  saveAuth,
  saveCachedUser,
} from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { signInAsAlice } from "../../../test/auth-storage";
import {
  appCalls,
  fetchRoutes,
  jsonResponse,
  makeProfile,
  makeToken,
  makeUser,
  pending,
} from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { LogoutListener, SESSION_ENDED_TEXT } from "./logout-listener";
import { RequireAuth } from "./require-auth";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

describe("RequireAuth", () => {
  it("sends a visitor without a token to /login, remembering the full origin", async () => {
    const fetchMock = stubFetch(fetchRoutes({}));
    const { router } = renderApp("/settings?tab=privacy#sessions");

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({ from: "/settings?tab=privacy#sessions" });
    expect(appCalls(fetchMock)).toEqual([]);
  });

  it.each([
    ["an expired token", makeToken({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ["an empty token", ""],
  ])("treats %s as signed out, and clears the stored auth as a 401 would", async (_case, token) => {
    saveAuth({ token, userId: "u-alice", username: "alice" });
    saveCachedUser(makeUser());
    const fetchMock = stubFetch(fetchRoutes({}));
    const { router } = renderApp("/chat");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ from: "/chat" });
    expect(appCalls(fetchMock)).toEqual([]);
    await waitFor(() => expect(localStorage.getItem("token")).toBeNull());
    expect(getUserId()).toBeNull();
    expect(getUsername()).toBeNull();
    expect(getCachedUser()).toBeNull();
  });

  it("shows 'Checking authentication...' while the user is being fetched", async () => {
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": () => pending() }));
    renderApp("/settings");

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Checking authentication...");
    expect(screen.queryByRole("heading", { name: "Settings" })).not.toBeInTheDocument();
  });

  it("draws the app's frame around 'Checking authentication...', and asks nothing else meanwhile", async () => {
    signInAsAlice();
    const fetchMock = stubFetch(fetchRoutes({ "GET /user": () => pending() }));
    renderApp("/chat");

    expect(await screen.findByRole("status")).toHaveTextContent("Checking authentication...");
    expect(screen.getByRole("link", { name: "Chat" })).toHaveAttribute("href", "/chat");
    expect(screen.getByRole("link", { name: "Settings" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(screen.getByRole("main")).toContainElement(screen.getByRole("status"));
    expect(screen.queryByRole("heading", { name: "Chats" })).not.toBeInTheDocument();
    // The frame may be drawn before the check's request leaves: wait for it, then for nothing else.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/user"]);
    expect(createUserSocket).not.toHaveBeenCalled();
  });

  it("keeps the frame in place when the screen arrives", async () => {
    signInAsAlice();
    const [response, answer] = deferredResponse();
    stubFetch(fetchRoutes({ "GET /user": () => response }));
    renderApp("/settings");
    const settingsLink = await screen.findByRole("link", { name: "Settings" });

    answer(jsonResponse(200, { user: makeUser() }));

    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Settings" })).toBe(settingsLink);
    expect(screen.queryByText("Checking authentication...")).not.toBeInTheDocument();
  });

  it("draws the flicks screen's own black frame and tabs while checking /flicks", async () => {
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": () => pending() }));
    renderApp("/flicks");

    expect(await screen.findByRole("status")).toHaveTextContent("Checking authentication...");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Flicks" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByText("Loading Reels...")).not.toBeInTheDocument();
  });

  describe("with a copy of the member stored (spec §3)", () => {
    it("renders the screen from it at once, while the check still runs", async () => {
      signInAsAlice();
      saveCachedUser(makeUser());
      const fetchMock = stubFetch(
        fetchRoutes({
          "GET /user": () => pending(),
          "GET /profile/alice": jsonResponse(200, {
            user: makeProfile({ _id: "u-alice", id: "u-alice", username: "alice", isFollowed: false }),
            posts: [],
            isMyProfile: true,
          }),
          "GET /highlights/user/alice": jsonResponse(200, { highlights: [] }),
        }),
      );
      renderApp("/profile");

      expect(await screen.findByRole("heading", { level: 1, name: "@alice" })).toBeInTheDocument();
      expect(screen.getByText("Checking authentication...")).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/user")).toBe(true);
    });

    it("says nothing more once the server confirms the member", async () => {
      signInAsAlice();
      saveCachedUser(makeUser({ fullName: "Old Name" }));
      stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }) }));
      renderApp("/settings");

      expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText("Checking authentication...")).not.toBeInTheDocument());
      expect(getCachedUser()?.fullName).toBe("Alice Liddell");
    });

    it("is rolled back on a 401: signed out, stored auth cleared, sent to /login with the origin", async () => {
      signInAsAlice();
      saveCachedUser(makeUser());
      const [answer, refuse] = deferredResponse();
      stubFetch(fetchRoutes({ "GET /user": () => answer }));
      const { router } = renderApp("/settings");
      expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();

      refuse(jsonResponse(401, { message: "Session revoked" }));

      expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/login");
      expect(router.state.location.state).toEqual({ from: "/settings" });
      expect(getToken()).toBeNull();
      expect(getUserId()).toBeNull();
      expect(getUsername()).toBeNull();
      expect(getCachedUser()).toBeNull();
    });

    it("ignores a stored copy of another member", async () => {
      signInAsAlice();
      saveCachedUser(makeUser({ _id: "u-bob", id: "u-bob", username: "bob" }));
      stubFetch(fetchRoutes({ "GET /user": () => pending() }));
      renderApp("/settings");

      expect(await screen.findByRole("status")).toHaveTextContent("Checking authentication...");
      expect(screen.queryByRole("heading", { name: "Settings" })).not.toBeInTheDocument();
    });
  });

  it("on a 401 clears the stored auth and sends the member to /login with the origin, saying why", async () => {
    const info = vi.spyOn(toast, "info");
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": jsonResponse(401, { message: "Session revoked" }) }));
    const { router } = renderApp("/notifications");

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(SESSION_ENDED_TEXT, { position: "top-center" });
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({ from: "/notifications" });
    expect(getToken()).toBeNull();
    expect(getUserId()).toBeNull();
    expect(getUsername()).toBeNull();
  });

  it("renders the screen once the user is confirmed, and caches the user", async () => {
    const token = signInAsAlice();
    const fetchMock = stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }) }));
    renderApp("/settings");

    expect(await screen.findByRole("heading", { name: "Settings" })).toBeInTheDocument();
    expect(getCachedUser()).toMatchObject({ id: "u-alice", username: "alice" });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${token}` });
  });

  it("sends a signed-in member who opens /login or / to /profile", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /profile/alice": jsonResponse(200, {
          user: makeProfile({ _id: "u-alice", id: "u-alice", username: "alice", isFollowed: false }),
          posts: [],
          isMyProfile: true,
        }),
        "GET /highlights/user/alice": jsonResponse(200, { highlights: [] }),
      }),
    );
    const { router } = renderApp("/login");

    expect(await screen.findByRole("heading", { name: "@alice" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
  });
});

/**
 * An answer settled by the test whenever it likes: the screen may be drawn before the session check's
 * request leaves (its code loads lazily), so settling must not depend on the request having been made.
 */
function deferredResponse(): [Promise<Response>, (response: Response) => void] {
  let settle: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  return [promise, settle];
}

/** A screen that asks before every way out, as the composer asks before its draft is left. */
function HoldsEveryWayOut() {
  useBlocker(true);
  return <p>Holding on</p>;
}

/** The app's frame around a signed-in route at `path`, as the real routes nest it, opened there. */
function renderSignedInRoute(path: string, element: React.ReactNode) {
  signInAsAlice();
  stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }) }));
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <LogoutListener />
            <Outlet />
          </>
        ),
        children: [
          { path: "/login", element: <h1>Sign in</h1> },
          { element: <RequireAuth />, children: [{ path, element }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  // Every move the router makes, as history sees it.
  const moves: string[] = [];
  let shown = router.state.location;
  router.subscribe(({ location, historyAction }) => {
    if (location !== shown) moves.push(`${historyAction} ${location.pathname}`);
    shown = location;
  });
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, moves };
}

describe("RequireAuth after a logout", () => {
  it("reaches /login when a screen's leave check held the logout's own way there, never a blank page", async () => {
    const { router, moves } = renderSignedInRoute("/holding", <HoldsEveryWayOut />);
    await screen.findByText("Holding on");

    // The session was ended elsewhere (the socket's sessionRevoked does just this).
    act(() => {
      clearAuth();
      emitLogout("session-revoked");
    });

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/holding" });
    expect(moves).toEqual(["REPLACE /login"]);
  });

  it("adds /login to the history once on Log out: the guard leaves the way there to the logout", async () => {
    const { router, moves } = renderSignedInRoute("/home", <p>Home screen</p>);
    await screen.findByText("Home screen");

    act(() => emitLogout("user"));

    expect(await screen.findByRole("heading", { name: "Sign in" })).toBeInTheDocument();
    expect(moves).toEqual(["PUSH /login"]);
    expect(router.state.location.state).toBeNull();
  });
});
