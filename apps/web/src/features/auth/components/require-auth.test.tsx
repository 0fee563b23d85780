import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getCachedUser, getToken, getUserId, getUsername, saveAuth } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeToken, makeUser, pending } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("treats an expired token as signed out", async () => {
    const expired = makeToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    saveAuth({ token: expired, userId: "u-alice", username: "alice" });
    const fetchMock = stubFetch(fetchRoutes({}));
    const { router } = renderApp("/chat");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ from: "/chat" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Checking authentication...' while the user is being fetched", async () => {
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": () => pending() }));
    renderApp("/settings");

    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Checking authentication...");
    expect(screen.queryByRole("heading", { name: "Settings" })).not.toBeInTheDocument();
  });

  it("on a 401 clears the stored auth and sends the member to /login with the origin", async () => {
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": jsonResponse(401, { message: "Session revoked" }) }));
    const { router } = renderApp("/notifications");

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
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
        "GET /profile/me": jsonResponse(200, { user: makeUser() }),
      }),
    );
    const { router } = renderApp("/login");

    expect(await screen.findByRole("heading", { name: "@alice" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
  });
});
