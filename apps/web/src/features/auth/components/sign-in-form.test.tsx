import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getToken, getUserId, getUsername } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { appCalls, fetchRoutes, jsonResponse, makeToken, pending } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const token = makeToken({ sub: "u-alice", sid: "s-alice-1" });

async function logIn(user: ReturnType<typeof renderApp>["user"], identifier = "alice@example.com") {
  await user.type(screen.getByLabelText("Email or username"), identifier);
  await user.type(screen.getByLabelText("Password"), "wonderland");
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

describe("SignInForm", () => {
  it("stores token, userId and username and returns to the remembered origin", async () => {
    const success = vi.spyOn(toast, "success");
    const fetchMock = stubFetch(
      fetchRoutes({
        "POST /auth/signin": jsonResponse(200, { token, user: { id: "u-alice", username: "alice" } }),
        "GET /user": () => pending(),
      }),
    );
    const { router, user } = renderApp({ pathname: "/login", state: { from: "/chat?with=bob#latest" } });

    await logIn(user);

    expect(await screen.findByText("Login successful! 🎉")).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith("Login successful! 🎉", { autoClose: 3000 });
    expect(getToken()).toBe(token);
    expect(getUserId()).toBe("u-alice");
    expect(getUsername()).toBe("alice");
    // The chat screen's code loads lazily; the router moves once it has.
    await waitFor(() =>
      expect(router.state.location).toMatchObject({
        pathname: "/chat",
        search: "?with=bob",
        hash: "#latest",
      }),
    );
    expect(JSON.parse(String(appCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      identifier: "alice@example.com",
      password: "wonderland",
    });
  });

  it("goes to /profile when there is no remembered origin", async () => {
    stubFetch(
      fetchRoutes({
        "POST /auth/signin": jsonResponse(200, { token, user: { id: "u-alice", username: "alice" } }),
        "GET /user": () => pending(),
      }),
    );
    const { router, user } = renderApp("/login");

    await logIn(user, "alice");

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
  });

  it("shows the server's message on failure and stores nothing", async () => {
    stubFetch(fetchRoutes({ "POST /auth/signin": jsonResponse(401, { message: "Invalid credentials" }) }));
    const { router, user } = renderApp("/login");

    await logIn(user);

    expect(await screen.findByText("Invalid credentials")).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("falls back to 'Login failed!' when the server sends no message", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = renderApp("/login");

    await logIn(user);

    expect(await screen.findByText("Login failed!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Log in" })).toBeEnabled();
  });

  it("disables the button with a busy label while signing in", async () => {
    stubFetch(fetchRoutes({ "POST /auth/signin": () => pending() }));
    const { user } = renderApp("/login");

    await logIn(user);

    expect(await screen.findByRole("button", { name: "Logging in..." })).toBeDisabled();
  });

  it("links to sign-up and to forgot password, and requires both fields", () => {
    stubFetch(fetchRoutes({}));
    renderApp("/login");

    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot");
    expect(screen.getByLabelText("Email or username")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
  });

  it("marks both fields and keeps the message under the form when the credentials are refused", async () => {
    const error = vi.spyOn(toast, "error");
    stubFetch(
      fetchRoutes({
        "POST /auth/signin": jsonResponse(401, { message: "Incorrect email/username or password" }),
      }),
    );
    const { user } = renderApp("/login");

    await logIn(user);

    expect(
      await screen.findByText("Couldn't log in: Incorrect email/username or password"),
    ).toBeInTheDocument();
    // At the top, on phones too: at the bottom it would float over Log in (lib/toast AUTH_TOASTS).
    expect(error).toHaveBeenCalledWith("Incorrect email/username or password", { position: "top-center" });
    for (const field of [screen.getByLabelText("Email or username"), screen.getByLabelText("Password")]) {
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription("Couldn't log in: Incorrect email/username or password");
    }
    expect(screen.getByLabelText("Email or username")).toHaveFocus();

    // Once the toast is gone the message is still there; typing again lifts the marks.
    act(() => toast.dismiss());
    await user.type(screen.getByLabelText("Password"), "!");
    expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Email or username")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("Couldn't log in: Incorrect email/username or password")).toBeInTheDocument();
  });

  it("does not blame the fields when Flik cannot be reached", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = renderApp("/login");

    await logIn(user);

    expect(await screen.findByText("Login failed! Check your connection and try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email or username")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid");
  });

  it("blames the server, not the connection, when it fails without a word of its own", async () => {
    const error = vi.spyOn(toast, "error");
    stubFetch(fetchRoutes({ "POST /auth/signin": new Response("", { status: 500 }) }));
    const { user } = renderApp("/login");

    await logIn(user);

    expect(
      await screen.findByText(
        "Login failed! Something went wrong on our side. Please try again in a moment.",
      ),
    ).toBeInTheDocument();
    // The toast keeps spec §8's words.
    expect(error).toHaveBeenCalledWith("Login failed!", { position: "top-center" });
    expect(screen.getByLabelText("Password")).not.toHaveAttribute("aria-invalid");
  });

  it("says the last try's outcome alone: its toast takes down the one before", async () => {
    const locked =
      "Too many failed sign-ins to this account. Please try again in 1 second, or reset your password.";
    let calls = 0;
    stubFetch(
      fetchRoutes({
        "POST /auth/signin": () =>
          ++calls === 1
            ? jsonResponse(429, { message: locked })
            : jsonResponse(401, { message: "Incorrect email/username or password" }),
      }),
    );
    const { user } = renderApp("/login");

    await logIn(user);
    await waitFor(() => expect(shownToasts()).toEqual([locked]));

    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(shownToasts()).toEqual(["Incorrect email/username or password"]));
  });

  it("says in its own words which field is empty, and sends nothing", async () => {
    const fetchMock = stubFetch(fetchRoutes({}));
    const { user } = renderApp("/login");
    expect(screen.getByLabelText("Password").closest("form")).toHaveAttribute("novalidate");

    await user.type(screen.getByLabelText("Email or username"), "alice");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Enter your password");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).toHaveFocus();
    expect(screen.getByLabelText("Email or username")).not.toHaveAttribute("aria-invalid");
    expect(appCalls(fetchMock)).toEqual([]);
  });
});
