import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { fetchRoutes, jsonResponse, sentJson } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

afterEach(() => {
  vi.useRealTimers();
});

type User = ReturnType<typeof renderApp>["user"];

/** The toasts on screen, by their text (those on their way out are gone already for a member). */

const digit = (n: number) => screen.getByRole("textbox", { name: `Digit ${n} of 6` });

async function sendCode(user: User, email = "alice@example.com") {
  await user.type(await screen.findByLabelText("Email"), email);
  await user.click(screen.getByRole("button", { name: "Send code" }));
}

describe("Forgot password", () => {
  it("links back to /login", async () => {
    stubFetch(fetchRoutes({}));
    const { user, router } = renderApp("/forgot");
    await user.click(await screen.findByRole("link", { name: "Back to log in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("step 1 refuses an empty or malformed e-mail in the form, without calling the server", async () => {
    const fetchMock = stubFetch(fetchRoutes({}));
    const { user } = renderApp("/forgot");

    await user.click(await screen.findByRole("button", { name: "Send code" }));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter your email");
    expect(screen.getByLabelText("Email")).toHaveFocus();

    await user.type(screen.getByLabelText("Email"), "alice@");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Enter a valid email address");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("step 1 → step 2 with the server's message, showing where the code went", async () => {
    const success = vi.spyOn(toast, "success");
    const forgot = vi.fn(() =>
      jsonResponse(200, { message: "If an account uses that email, a 6-digit code is on its way." }),
    );
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": forgot }));
    const { user } = renderApp("/forgot");

    await sendCode(user, "  Alice@Example.com ");

    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    expect(sentJson(forgot)).toEqual({ email: "alice@example.com" });
    expect(success).toHaveBeenCalledWith("If an account uses that email, a 6-digit code is on its way.", {
      position: "top-center",
    });
    expect(screen.getByText("alice@example.com")).toBeInTheDocument();
    // A password manager saving the new password learns whose it is.
    expect(document.querySelector("form input[autocomplete=username]")).toHaveValue("alice@example.com");
    expect(digit(1)).toHaveFocus();
    expect(screen.getByText(/Resend code in \d+s/)).toBeInTheDocument();
  });

  it("step 2 tells no more than step 1 did: whether an account uses the address stays unsaid", async () => {
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": jsonResponse(200, {}) }));
    const { user } = renderApp("/forgot");
    const long = "alice.wonderland.through.the.looking.glass@example.test";
    await sendCode(user, long);

    await screen.findByRole("heading", { name: "Check your email" });
    const main = screen.getByRole("main");
    expect(main).toHaveTextContent(`If an account uses this email, we sent it a 6-digit code:${long}`);
    expect(main).not.toHaveTextContent("We sent a 6-digit code to");
    // A long address may wrap after its "@", not mid-word.
    const address = screen.getByText(long);
    const breaks = address.querySelectorAll("wbr");
    expect(breaks).toHaveLength(1);
    expect(breaks[0]?.previousSibling?.textContent).toBe("alice.wonderland.through.the.looking.glass@");
    expect(breaks[0]?.nextSibling?.textContent).toBe("example.test");
  });

  it("without a server message, toasts 'OTP sent successfully!'", async () => {
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": jsonResponse(200, {}) }));
    const { user } = renderApp("/forgot");
    await sendCode(user);
    expect(await screen.findByText("OTP sent successfully!")).toBeInTheDocument();
  });

  it("a failed send shows the server's message, else 'Something went wrong, please try again.'", async () => {
    stubFetch(
      fetchRoutes({
        "POST /auth/forgot-password": jsonResponse(429, { message: "Too many requests, slow down" }),
      }),
    );
    const { user } = renderApp("/forgot");
    await sendCode(user);
    expect(await within(screen.getByRole("main")).findByRole("alert")).toHaveTextContent(
      "Too many requests, slow down",
    );
    expect(shownToasts()).toEqual(["Too many requests, slow down"]);

    // A second failure says its own words in the same toast, not beside the first one's.
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": () => Promise.reject(new TypeError("offline")) }));
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(shownToasts()).toEqual(["Something went wrong, please try again."]));
    expect(screen.getByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
  });

  it("a failure just after the last one's toast was closed gets a toast of its own", async () => {
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": jsonResponse(500, {}) }));
    const { user } = renderApp("/forgot");
    await sendCode(user);
    await waitFor(() => expect(shownToasts()).toEqual(["Something went wrong, please try again."]));

    act(() => toast.dismiss());
    await waitFor(() => expect(shownToasts()).toEqual([]));
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(shownToasts()).toEqual(["Something went wrong, please try again."]));
  });

  it("a send that succeeds after failing takes the failure's toast down", async () => {
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": jsonResponse(500, {}) }));
    const { user } = renderApp("/forgot");
    await sendCode(user);
    await waitFor(() => expect(shownToasts()).toEqual(["Something went wrong, please try again."]));

    stubFetch(fetchRoutes({ "POST /auth/forgot-password": jsonResponse(200, { message: "Code sent" }) }));
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("heading", { name: "Check your email" });
    await waitFor(() => expect(shownToasts()).toEqual(["Code sent"]));
  });

  it("sends the reset by itself once the sixth digit is in and the password is valid, then is back at step 1, cleared", async () => {
    const success = vi.spyOn(toast, "success");
    const reset = vi.fn(() => jsonResponse(200, { message: "Password reset successfully!" }));
    stubFetch(
      fetchRoutes({
        "POST /auth/forgot-password": jsonResponse(200, { message: "Code sent" }),
        "POST /auth/reset-password": reset,
      }),
    );
    const { user } = renderApp("/forgot");
    await sendCode(user);
    await screen.findByRole("heading", { name: "Check your email" });

    await user.type(screen.getByLabelText("New password"), "a-new-secret");
    await user.click(digit(1));
    await user.keyboard("48291");
    expect(reset).not.toHaveBeenCalled();
    await user.keyboard("3");

    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
    expect(sentJson(reset)).toEqual({
      email: "alice@example.com",
      otp: "482913",
      newPassword: "a-new-secret",
    });
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(success).toHaveBeenLastCalledWith("Password reset successfully!", { position: "top-center" });
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your password has been reset. Log in with your new password.",
    );
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("with the code in first and the password not yet valid, goes on to the password and waits for the button", async () => {
    const reset = vi.fn(() => jsonResponse(200, {}));
    stubFetch(
      fetchRoutes({
        "POST /auth/forgot-password": jsonResponse(200, {}),
        "POST /auth/reset-password": reset,
      }),
    );
    const { user } = renderApp("/forgot");
    await sendCode(user);
    await screen.findByRole("heading", { name: "Check your email" });

    await user.click(digit(1));
    await user.paste("482913");
    // Nothing to send yet: the password is the next thing to fill.
    expect(screen.getByLabelText("New password")).toHaveFocus();
    await user.keyboard("a-new-secret");
    expect(reset).not.toHaveBeenCalled();

    await user.keyboard("{Enter}");
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
    // No server message: spec §8's own words.
    expect(await screen.findByText("Password reset successfully!")).toBeInTheDocument();
  });

  it("a short password or a missing digit is refused in the form", async () => {
    const reset = vi.fn(() => jsonResponse(200, {}));
    stubFetch(
      fetchRoutes({
        "POST /auth/forgot-password": jsonResponse(200, {}),
        "POST /auth/reset-password": reset,
      }),
    );
    const { user } = renderApp("/forgot");
    await sendCode(user);
    await screen.findByRole("heading", { name: "Check your email" });

    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(screen.getByRole("group", { name: "Verification code" })).toHaveAccessibleDescription(
      "OTP cannot be empty",
    );

    await user.click(digit(1));
    await user.keyboard("12345");
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(screen.getByRole("group", { name: "Verification code" })).toHaveAccessibleDescription(
      "The code is 6 digits",
    );
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining("Password must be at least 8 characters"),
    );
    expect(reset).not.toHaveBeenCalled();
  });

  it("a refused code toasts 'Failed to reset password, please try again.', says why and empties the boxes", async () => {
    stubFetch(
      fetchRoutes({
        "POST /auth/forgot-password": jsonResponse(200, {}),
        "POST /auth/reset-password": jsonResponse(400, { message: "Invalid or expired code" }),
      }),
    );
    const { user } = renderApp("/forgot");
    await sendCode(user);
    await screen.findByRole("heading", { name: "Check your email" });

    await user.type(screen.getByLabelText("New password"), "a-new-secret");
    await user.click(digit(1));
    await user.paste("000000");

    expect(await within(screen.getByRole("main")).findByRole("alert")).toHaveTextContent(
      "Invalid or expired code",
    );
    // In place of "OTP sent successfully!", which it would contradict.
    await waitFor(() => expect(shownToasts()).toEqual(["Failed to reset password, please try again."]));
    expect(digit(1)).toHaveValue("");
    expect(digit(6)).toHaveValue("");
    expect(digit(1)).toHaveFocus();
    expect(screen.getByLabelText("New password")).toHaveValue("a-new-secret");
    expect(screen.getByRole("heading", { name: "Check your email" })).toBeInTheDocument();
  });

  it("offers 'Resend code' after 30 s, and 'Use a different email' goes back to step 1", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const forgot = vi.fn(() => jsonResponse(200, { message: "Code sent" }));
    stubFetch(fetchRoutes({ "POST /auth/forgot-password": forgot }));
    const { user } = renderApp("/forgot", { fakeTimers: true });
    await sendCode(user);
    await screen.findByRole("heading", { name: "Check your email" });

    expect(screen.getByText(/Resend code in \d+s/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend code" })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByText(/Resend code in \ds/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_500));

    await user.click(screen.getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(forgot).toHaveBeenCalledTimes(2));
    expect(sentJson(forgot, 1)).toEqual({ email: "alice@example.com" });
    expect(await screen.findByText(/Resend code in \d+s/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Use a different email" }));
    expect(await screen.findByLabelText("Email")).toHaveValue("alice@example.com");
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("keeps the tabs away: /forgot is public and has no frame", async () => {
    stubFetch(fetchRoutes({}));
    renderApp("/forgot");
    const main = await screen.findByRole("main");
    expect(within(main).getByRole("heading", { level: 1 })).toHaveTextContent("Forgot your password?");
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });
});
