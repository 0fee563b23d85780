import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { appCalls, fetchRoutes, jsonResponse } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";

async function fillAndSubmit(user: ReturnType<typeof renderApp>["user"]) {
  await user.type(screen.getByLabelText("Full name"), "Alice Liddell");
  await user.type(screen.getByLabelText("Username"), "alice");
  await user.type(screen.getByLabelText("Email"), "alice@example.com");
  await user.type(screen.getByLabelText("Password"), "wonderland");
  await user.click(screen.getByRole("button", { name: "Sign up" }));
}

describe("SignUpForm", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("toasts the server's message, then goes to /login after 1.5 s", async () => {
    // The clock also follows real time here (the form needs it to settle), so the steps below count
    // from the moment the redirect began (with the toast), however long a busy machine took to get there.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const raiseToast = toast.success;
    let toastAt = 0;
    const success = vi.spyOn(toast, "success").mockImplementation((...args) => {
      toastAt = Date.now();
      return raiseToast(...args);
    });
    const sinceToast = () => Date.now() - toastAt;
    const fetchMock = stubFetch(
      fetchRoutes({ "POST /auth/signup": jsonResponse(201, { message: "Account created for alice" }) }),
    );
    const { router, user } = renderApp("/", { fakeTimers: true });

    await fillAndSubmit(user);

    expect(await screen.findByText("Account created for alice")).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith("Account created for alice", {
      position: "top-center",
      autoClose: 2000,
    });
    expect(JSON.parse(String(appCalls(fetchMock)[0]?.[1]?.body))).toEqual({
      fullName: "Alice Liddell",
      username: "alice",
      email: "alice@example.com",
      password: "wonderland",
    });

    act(() => vi.advanceTimersByTime(1400 - sinceToast()));
    expect(router.state.location.pathname).toBe("/");

    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe("/login");
  });

  it("goes on at /login with the new username filled in (not in the address) and the focus on the password", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(fetchRoutes({ "POST /auth/signup": jsonResponse(201, { message: "Account created" }) }));
    const { router, user } = renderApp("/", { fakeTimers: true });
    await user.type(screen.getByLabelText("Full name"), "Alice Liddell");
    // Kept by the server trimmed and in lower case: as it will be known at sign-in.
    await user.type(screen.getByLabelText("Username"), " Alice_L ");
    await user.type(screen.getByLabelText("Email"), "alice@example.com");
    await user.type(screen.getByLabelText("Password"), "wonderland");
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await screen.findByText("Account created");

    act(() => vi.advanceTimersByTime(1600));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("");
    expect(await screen.findByLabelText("Email or username")).toHaveValue("alice_l");
    expect(screen.getByLabelText("Password")).toHaveFocus();
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("falls back to 'Signup successful! 🎉' when the server sends no message", async () => {
    stubFetch(fetchRoutes({ "POST /auth/signup": jsonResponse(201, {}) }));
    const { user } = renderApp("/");

    await fillAndSubmit(user);

    expect(await screen.findByText("Signup successful! 🎉")).toBeInTheDocument();
  });

  it("falls back to 'Signup failed. Please try again ❌' without a server message", async () => {
    stubFetch(fetchRoutes({ "POST /auth/signup": new Response("Bad gateway", { status: 502 }) }));
    const { router, user } = renderApp("/");

    await fillAndSubmit(user);

    expect(await screen.findByText("Signup failed. Please try again ❌")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("button", { name: "Sign up" })).toBeEnabled();
  });

  it("keeps a failure under the form when Flik cannot be reached, saying whose it is", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const { user } = renderApp("/");

    await fillAndSubmit(user);

    expect(await screen.findByText("Signup failed. Please try again ❌")).toBeInTheDocument();
    expect(screen.getByText("Signup failed. Check your connection and try again.")).toBeInTheDocument();
    // Once the toast is gone the line stays.
    act(() => toast.dismiss());
    await waitFor(() => expect(shownToasts()).toEqual([]));
    expect(screen.getByText("Signup failed. Check your connection and try again.")).toBeInTheDocument();
  });

  it("says a server's failure under the form in its words, or as the server's when it has none", async () => {
    let calls = 0;
    stubFetch(
      fetchRoutes({
        "POST /auth/signup": () =>
          ++calls === 1
            ? jsonResponse(429, { message: "Too many sign-ups. Please try again in 10 minutes." })
            : new Response("Bad gateway", { status: 502 }),
      }),
    );
    const { user } = renderApp("/");

    await fillAndSubmit(user);
    expect(
      await screen.findByText("Couldn't sign up: Too many sign-ups. Please try again in 10 minutes."),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(
      await screen.findByText(
        "Signup failed. Something went wrong on our side. Please try again in a moment.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Couldn't sign up/)).not.toBeInTheDocument();
  });

  it("takes a failure's toast down when the next try succeeds", async () => {
    let calls = 0;
    stubFetch(
      fetchRoutes({
        "POST /auth/signup": () =>
          ++calls === 1
            ? jsonResponse(409, { message: "That username is taken" })
            : jsonResponse(201, { message: "Account created for alice" }),
      }),
    );
    const { user } = renderApp("/");
    await fillAndSubmit(user);
    await screen.findByText("That username is taken");

    await user.click(screen.getByRole("button", { name: "Sign up" }));

    await screen.findByText("Account created for alice");
    await waitFor(() => expect(shownToasts()).toEqual(["Account created for alice"]));
  });

  it("shows the server's message and its field errors under the fields", async () => {
    stubFetch(
      fetchRoutes({
        "POST /auth/signup": jsonResponse(409, {
          message: "That username is taken",
          errors: [{ field: "username", message: "Choose another username" }],
        }),
      }),
    );
    const { user } = renderApp("/");

    await fillAndSubmit(user);

    expect(await screen.findByText("That username is taken")).toBeInTheDocument();
    const username = screen.getByLabelText("Username");
    expect(username).toHaveAccessibleDescription("Choose another username");
    expect(username).toHaveAttribute("aria-invalid", "true");
    expect(username).toHaveFocus();
    // Said under its field, not again under the form.
    expect(screen.queryByText(/^Couldn't sign up/)).not.toBeInTheDocument();

    await user.type(username, "2");
    expect(username).not.toHaveAccessibleDescription();
  });

  it("marks both the username and the e-mail when the server says both are someone's", async () => {
    stubFetch(
      fetchRoutes({
        "POST /auth/signup": jsonResponse(409, {
          message: "That username is already taken, and an account with that email already exists",
          errors: [
            { field: "username", message: "That username is already taken" },
            { field: "email", message: "An account with that email already exists" },
          ],
        }),
      }),
    );
    const { user } = renderApp("/");

    await fillAndSubmit(user);

    const username = screen.getByLabelText("Username");
    await waitFor(() => expect(username).toHaveAccessibleDescription("That username is already taken"));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      "An account with that email already exists",
    );
    expect(username).toHaveFocus();
    // The toast says it of both.
    expect(
      await screen.findByText(
        "That username is already taken, and an account with that email already exists",
      ),
    ).toBeInTheDocument();
  });

  it("marks every field required and links to log in", () => {
    stubFetch(fetchRoutes({}));
    renderApp("/");

    for (const label of ["Full name", "Username", "Email", "Password"]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("says in its own words, under each empty field, what is missing, and sends nothing", async () => {
    const fetchMock = stubFetch(fetchRoutes({}));
    const { user } = renderApp("/");
    // The product's messages replace the browser's bubbles.
    expect(screen.getByLabelText("Full name").closest("form")).toHaveAttribute("novalidate");

    await user.click(screen.getByRole("button", { name: "Sign up" }));

    const expected = {
      "Full name": "Enter your full name",
      Username: "Choose a username",
      Email: "Enter your email",
      Password: "Choose a password",
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute("aria-invalid", "true");
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText("Full name")).toHaveFocus();
    expect(appCalls(fetchMock)).toEqual([]);
  });

  it("flags only the fields still empty, focuses the first, and clears a message as its field is typed in", async () => {
    const fetchMock = stubFetch(fetchRoutes({}));
    const { user } = renderApp("/");
    await user.type(screen.getByLabelText("Full name"), "Alice Liddell");
    await user.type(screen.getByLabelText("Email"), "   ");

    await user.click(screen.getByRole("button", { name: "Sign up" }));

    expect(screen.getByLabelText("Full name")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Full name")).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("Choose a username");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter your email");
    expect(screen.getByLabelText("Username")).toHaveFocus();

    await user.type(screen.getByLabelText("Username"), "alice");
    expect(screen.getByLabelText("Username")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Choose a password");
    expect(appCalls(fetchMock)).toEqual([]);
  });
});
