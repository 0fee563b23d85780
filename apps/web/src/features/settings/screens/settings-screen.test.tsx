import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getCachedUser, getToken, getUserId, getUsername, saveCachedUser } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Handler = Parameters<typeof fetchRoutes>[0][string];

function openSettings(logout: Handler) {
  signInAsAlice();
  saveCachedUser(makeUser());
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "PATCH /sessions/logout-current": logout,
    }),
  );
  return renderApp("/settings");
}

async function askToLogOut(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Log out" }));
  return screen.getByRole("dialog", { name: "Log out?" });
}

describe("Log out from Settings", () => {
  it("asks first: Cancel keeps the member signed in and calls nothing", async () => {
    const logout = vi.fn(() => jsonResponse(200, { message: "Logged out" }));
    const { user, router } = openSettings(logout);
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();

    const dialog = await askToLogOut(user);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.getByRole("button", { name: "Log out" })).toHaveFocus();
  });

  it("once confirmed, revokes the current session by its id, clears storage and goes to /login", async () => {
    const logout = vi.fn(() => jsonResponse(200, { message: "Logged out" }));
    const { user, router } = openSettings(logout);

    const dialog = await askToLogOut(user);
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect((logout.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      "x-session-id": "s-alice-1",
    });
    expect(getToken()).toBeNull();
    expect(getUserId()).toBeNull();
    expect(getUsername()).toBeNull();
    expect(getCachedUser()).toBeNull();
  });

  it("still signs out locally when the logout call fails", async () => {
    const { user, router } = openSettings(jsonResponse(500, { message: "Boom" }));

    const dialog = await askToLogOut(user);
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getToken()).toBeNull();
  });

  it("is reached from the header's Settings button", async () => {
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }) }));
    const { user, router } = renderApp("/search");

    await user.click(await screen.findByRole("link", { name: "Settings" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(await screen.findByRole("button", { name: "Log out" })).toBeInTheDocument();
  });
});
