import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getCachedUser, getToken, getUserId, getUsername } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser, pending } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const alice = makeUser();

describe("OwnProfileScreen", () => {
  it("shows 'Loading profile...' until the profile arrives", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({ "GET /user": jsonResponse(200, { user: alice }), "GET /profile/me": () => pending() }),
    );
    renderApp("/profile");

    expect(await screen.findByText("Loading profile...")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
  });

  it("shows @username and the full name, or 'Unnamed User' without one", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: alice }),
        "GET /profile/me": jsonResponse(200, {
          user: { ...alice, fullName: "", bio: "Down the rabbit hole" },
        }),
      }),
    );
    renderApp("/profile");

    expect(await screen.findByRole("heading", { level: 1, name: "@alice" })).toBeInTheDocument();
    expect(screen.getByText("Unnamed User")).toBeInTheDocument();
    expect(screen.getByText("Down the rabbit hole")).toBeInTheDocument();
    expect(document.title).toBe("@alice · Flik");
  });

  it("logs out the current session with its id, clears storage and goes to /login", async () => {
    signInAsAlice("s-alice-9");
    const logout = vi.fn(() => jsonResponse(200, { message: "Logged out" }));
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: alice }),
        "GET /profile/me": jsonResponse(200, { user: alice }),
        "PATCH /sessions/logout-current": logout,
      }),
    );
    const { router, user } = renderApp("/profile");

    await user.click(await screen.findByRole("button", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(logout.mock.calls[0]).toBeDefined();
    const [, init] = (logout.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ "x-session-id": "s-alice-9" });
    expect(getToken()).toBeNull();
    expect(getUserId()).toBeNull();
    expect(getUsername()).toBeNull();
    expect(getCachedUser()).toBeNull();
  });

  it("still signs out locally when the logout call fails", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: alice }),
        "GET /profile/me": jsonResponse(200, { user: alice }),
        "PATCH /sessions/logout-current": jsonResponse(500, { message: "Boom" }),
      }),
    );
    const { router, user } = renderApp("/profile");

    await user.click(await screen.findByRole("button", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getToken()).toBeNull();
  });
});
