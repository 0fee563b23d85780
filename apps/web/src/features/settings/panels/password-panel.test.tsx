import { NO_PASSWORD_YET_MESSAGE } from "@flik/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToken } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { jsonResponse, sentJson } from "../../../test/fixtures";
import { shownToasts } from "../../../test/toasts";
import { openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

afterEach(() => {
  vi.useRealTimers();
});

const rule = (panel: HTMLElement, text: string) => within(panel).getByText(text).closest("li");

/** The panel open, a wrong current password sent and refused: the server's toast is up. */
async function refusedAsWrongCurrentPassword() {
  const { user } = openSettings({
    "PUT /user/password": () => jsonResponse(400, { message: "Current password is incorrect" }),
  });
  const panel = await openPanel(user, "Change password", "Change password");
  await user.type(within(panel).getByLabelText("Current password"), "wrong-one");
  await user.type(within(panel).getByLabelText("New password"), "a-new-secret{Enter}");
  await waitFor(() => expect(shownToasts()).toEqual(["Current password is incorrect"]));
  return { user, panel };
}

describe("Settings › Change password", () => {
  it("ticks each rule of PASSWORD_RULES as the new password meets it", async () => {
    const { user } = openSettings();
    const panel = await openPanel(user, "Change password", "Change password");
    // A password manager updating the password learns whose it is.
    expect(panel.querySelector("form input[autocomplete=username]")).toHaveValue("alice");
    expect(within(panel).getByLabelText("Current password")).toHaveFocus();

    const length = () => rule(panel, "8 to 128 characters");
    const different = () => rule(panel, "Different from your current password");
    const personal = () => rule(panel, "Not your username or email address");
    for (const each of [length, different, personal]) expect(each()).toHaveAttribute("data-met", "false");

    await user.type(within(panel).getByLabelText("Current password"), "old-secret");
    await user.type(within(panel).getByLabelText("New password"), "alice");
    expect(length()).toHaveAttribute("data-met", "false");
    expect(different()).toHaveAttribute("data-met", "true");
    expect(personal()).toHaveAttribute("data-met", "false");
    // As the server judges it: the name with spaces around it, in any case, is still the name.
    fireEvent.change(within(panel).getByLabelText("New password"), { target: { value: " ALICE " } });
    expect(personal()).toHaveAttribute("data-met", "false");

    await user.clear(within(panel).getByLabelText("New password"));
    await user.type(within(panel).getByLabelText("New password"), "old-secret");
    expect(length()).toHaveAttribute("data-met", "true");
    expect(different()).toHaveAttribute("data-met", "false");

    await user.type(within(panel).getByLabelText("New password"), "-2");
    for (const each of [length, different, personal]) expect(each()).toHaveAttribute("data-met", "true");
    // The rules are read with the field.
    expect(within(panel).getByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining("8 to 128 characters: met"),
    );
    // Past the longest a password may be, the length is not met, and says so in its words.
    fireEvent.change(within(panel).getByLabelText("New password"), { target: { value: "x".repeat(129) } });
    expect(length()).toHaveAttribute("data-met", "false");
  });

  it("refuses in the form a new password that breaks a rule, calling nothing", async () => {
    const change = vi.fn();
    const { user } = openSettings({ "PUT /user/password": change });
    const panel = await openPanel(user, "Change password", "Change password");

    await user.click(within(panel).getByRole("button", { name: "Update password" }));
    expect(within(panel).getByLabelText("Current password")).toHaveAccessibleDescription(
      "Current password is required",
    );

    await user.type(within(panel).getByLabelText("Current password"), "old-secret");
    await user.type(within(panel).getByLabelText("New password"), "alice@example.com");
    await user.click(within(panel).getByRole("button", { name: "Update password" }));
    expect(within(panel).getByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining("Password cannot be your email address"),
    );
    expect(change).not.toHaveBeenCalled();
  });

  it("a wrong current password shows the server's message on that field", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openSettings({
      "PUT /user/password": () => jsonResponse(400, { message: "Current password is incorrect" }),
    });
    const panel = await openPanel(user, "Change password", "Change password");
    await user.type(within(panel).getByLabelText("Current password"), "wrong-one");
    await user.type(within(panel).getByLabelText("New password"), "a-new-secret{Enter}");

    await waitFor(() =>
      expect(within(panel).getByLabelText("Current password")).toHaveAccessibleDescription(
        "Current password is incorrect",
      ),
    );
    expect(error).toHaveBeenCalledWith("Current password is incorrect");
    expect(within(panel).getByLabelText("Current password")).toHaveFocus();
    expect(getToken()).not.toBeNull();
  });

  it("takes its failure toast down as it closes, so it never shows over the next panel", async () => {
    const { user, panel } = await refusedAsWrongCurrentPassword();

    await user.click(within(panel).getByRole("button", { name: "Close" }));
    await openPanel(user, "Email", "Email");
    await waitFor(() => expect(shownToasts()).toEqual([]));
  });

  it("takes an earlier refusal's toast down when the form itself refuses the next try", async () => {
    const { user, panel } = await refusedAsWrongCurrentPassword();

    // No longer true once the right one is typed: the new password's own problem is the outcome now.
    await user.clear(within(panel).getByLabelText("New password"));
    await user.type(within(panel).getByLabelText("New password"), "alice{Enter}");
    expect(within(panel).getByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining("Password must be at least 8 characters"),
    );
    await waitFor(() => expect(shownToasts()).toEqual([]));
  });

  it("without a server message, says 'Failed to update password'", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openSettings({ "PUT /user/password": () => jsonResponse(500, {}) });
    const panel = await openPanel(user, "Change password", "Change password");
    await user.type(within(panel).getByLabelText("Current password"), "old-secret");
    await user.type(within(panel).getByLabelText("New password"), "a-new-secret{Enter}");
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Failed to update password");
    expect(error).toHaveBeenCalledWith("Failed to update password");
  });

  it("on success shows the message, then 2 s later ends this session and goes to /login", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const raise = toast.success;
    let shownAt = 0;
    vi.spyOn(toast, "success").mockImplementation((...args) => {
      shownAt = Date.now();
      return raise(...args);
    });
    const sinceMessage = () => Date.now() - shownAt;
    const change = vi.fn(() => jsonResponse(200, { message: "Password updated! Please log in again." }));
    const logoutCurrent = vi.fn(() => jsonResponse(200, { message: "Logged out" }));
    const { user, router } = openSettings(
      { "PUT /user/password": change, "PATCH /sessions/logout-current": logoutCurrent },
      { fakeTimers: true },
    );
    const panel = await openPanel(user, "Change password", "Change password");
    await user.type(within(panel).getByLabelText("Current password"), "old-secret");
    await user.type(within(panel).getByLabelText("New password"), "a-new-secret");
    await user.click(within(panel).getByRole("button", { name: "Update password" }));

    expect(await within(panel).findByRole("status")).toHaveTextContent(
      "Password updated! Please log in again.",
    );
    expect(sentJson(change)).toEqual({ currentPassword: "old-secret", newPassword: "a-new-secret" });
    // Nothing may stop the logout now: Escape does not close the panel.
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Change password" })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1_900 - sinceMessage()));
    expect(logoutCurrent).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();

    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect((logoutCurrent.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      "x-session-id": "s-alice-1",
    });
    expect(getToken()).toBeNull();
  });

  it("signs out all the same when ending the session on the server fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openSettings(
      {
        "PUT /user/password": () => jsonResponse(200, {}),
        "PATCH /sessions/logout-current": () => jsonResponse(500, {}),
      },
      { fakeTimers: true },
    );
    const panel = await openPanel(user, "Change password", "Change password");
    await user.type(within(panel).getByLabelText("Current password"), "old-secret");
    await user.type(within(panel).getByLabelText("New password"), "a-new-secret{Enter}");
    expect(await within(panel).findByRole("status")).toHaveTextContent(
      "Password updated! Please log in again.",
    );

    act(() => vi.advanceTimersByTime(2_100));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getToken()).toBeNull();
  });

  it("links a member who forgot the current password to /forgot, the address filled in", async () => {
    const { user, router } = openSettings();
    const panel = await openPanel(user, "Change password", "Change password");

    await user.click(within(panel).getByRole("link", { name: "Forgot password?" }));

    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forgot");
    expect(screen.getByLabelText("Email")).toHaveValue("alice@example.com");
  });
});

describe("Settings › Change password, for a member without a password", () => {
  const noPassword = () => jsonResponse(200, { identities: [], hasPassword: false });

  it("asks for no current password: it says so at once and leads to setting one by e-mailed code", async () => {
    const change = vi.fn();
    const { user, router } = openSettings({
      "GET /user/identities": noPassword,
      "PUT /user/password": change,
    });
    const panel = await openPanel(user, "Change password", "Change password");

    const setPassword = await within(panel).findByRole("link", { name: "Set a password" });
    expect(panel).toHaveTextContent("Your account has no password yet.");
    expect(within(panel).queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Update password" })).not.toBeInTheDocument();
    await waitFor(() => expect(setPassword).toHaveFocus());

    await user.click(setPassword);
    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forgot");
    expect(screen.getByLabelText("Email")).toHaveValue("alice@example.com");
    expect(change).not.toHaveBeenCalled();
  });

  it("when the server says so first (the list was out of date), says it once, in the panel", async () => {
    const error = vi.spyOn(toast, "error");
    let hasPassword = true;
    const { user } = openSettings({
      "GET /user/identities": () => jsonResponse(200, { identities: [], hasPassword }),
      "PUT /user/password": () => {
        hasPassword = false;
        return jsonResponse(400, { message: NO_PASSWORD_YET_MESSAGE });
      },
    });
    const panel = await openPanel(user, "Change password", "Change password");
    await user.type(within(panel).getByLabelText("Current password"), "a-guess");
    await user.type(within(panel).getByLabelText("New password"), "a-new-secret{Enter}");

    const setPassword = await within(panel).findByRole("link", { name: "Set a password" });
    expect(setPassword).toHaveFocus();
    expect(within(panel).getAllByText("Your account has no password yet.")).toHaveLength(1);
    expect(within(panel).queryByRole("alert")).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });
});
