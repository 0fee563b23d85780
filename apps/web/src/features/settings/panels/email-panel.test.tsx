import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCachedUser } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { jsonResponse, makeUser, sentJson } from "../../../test/fixtures";
import { expectResendRefusedSaysWhen, openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

afterEach(() => {
  vi.useRealTimers();
});

const sent = () => jsonResponse(200, { message: "OTP sent to your new email!" });

describe("Settings › Email", () => {
  it("refuses an empty address with 'Email cannot be empty', calling nothing", async () => {
    const request = vi.fn(sent);
    const { user } = openSettings({ "POST /user/request-email-otp": request });
    const panel = await openPanel(user, "Email", "Email");

    expect(within(panel).getByLabelText("New email")).toHaveFocus();
    await user.type(within(panel).getByLabelText("New email"), "   ");
    await user.click(within(panel).getByRole("button", { name: "Send code" }));

    expect(within(panel).getByLabelText("New email")).toHaveAccessibleDescription("Email cannot be empty");
    expect(request).not.toHaveBeenCalled();
  });

  it("sends the code to the new address, then verifies it by itself once six digits are in and closes", async () => {
    const success = vi.spyOn(toast, "success");
    const request = vi.fn(sent);
    const changed = makeUser({ email: "alice@new.example", emailVerified: true });
    const verify = vi.fn(() => jsonResponse(200, { user: changed }));
    const { user } = openSettings(
      { "POST /user/request-email-otp": request, "POST /user/verify-email-otp": verify },
      { user: { emailVerified: false } },
    );
    const panel = await openPanel(user, "Email", "Email");
    expect(within(panel).getByText("Not verified")).toBeInTheDocument();

    await user.type(within(panel).getByLabelText("New email"), "Alice@New.example");
    await user.click(within(panel).getByRole("button", { name: "Send code" }));

    expect(await within(panel).findByRole("group", { name: "Verification code" })).toBeInTheDocument();
    expect(sentJson(request)).toEqual({ email: "alice@new.example" });
    expect(success).toHaveBeenCalledWith("OTP sent to your new email!");
    expect(within(panel).getByText("alice@new.example")).toBeInTheDocument();
    expect(within(panel).getByRole("textbox", { name: "Digit 1 of 6" })).toHaveFocus();

    await user.keyboard("246810");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(verify)).toEqual({ otp: "246810" });
    expect(success).toHaveBeenLastCalledWith("Email verified successfully!");
    // The cached member follows the answer: the row shows the new address, verified.
    const row = screen.getByRole("button", { name: "Email" });
    expect(row).toHaveAccessibleDescription("Verified alice@new.example");
    expect(getCachedUser()?.email).toBe("alice@new.example");
    expect(row).toHaveFocus();
  });

  it("verifies an address never verified where it is, and offers nothing to a verified one", async () => {
    const success = vi.spyOn(toast, "success");
    const request = vi.fn(() => jsonResponse(200, { message: "OTP sent to your email!" }));
    const verified = makeUser({ email: "alice@example.com", emailVerified: true });
    const verify = vi.fn(() => jsonResponse(200, { user: verified }));
    const { user } = openSettings(
      { "POST /user/request-email-otp": request, "POST /user/verify-email-otp": verify },
      { user: { email: "alice@example.com", emailVerified: false } },
    );
    const panel = await openPanel(user, "Email", "Email");
    expect(within(panel).getByText("Verify it to get notification emails.")).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "Verify this email" }));

    expect(await within(panel).findByRole("group", { name: "Verification code" })).toBeInTheDocument();
    expect(sentJson(request)).toEqual({ email: "alice@example.com" });
    expect(success).toHaveBeenCalledWith("OTP sent to your email!");
    await user.keyboard("135790");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(verify)).toEqual({ otp: "135790" });
    expect(screen.getByRole("button", { name: "Email" })).toHaveAccessibleDescription(
      "Verified alice@example.com",
    );

    const again = await openPanel(user, "Email", "Email");
    expect(within(again).queryByRole("button", { name: "Verify this email" })).not.toBeInTheDocument();
  });

  it("Verify with no digits says 'OTP cannot be empty'", async () => {
    const verify = vi.fn();
    const { user } = openSettings({
      "POST /user/request-email-otp": sent,
      "POST /user/verify-email-otp": verify,
    });
    const panel = await openPanel(user, "Email", "Email");
    await user.type(within(panel).getByLabelText("New email"), "alice@new.example{Enter}");
    await within(panel).findByRole("group", { name: "Verification code" });

    await user.click(within(panel).getByRole("button", { name: "Verify" }));

    expect(within(panel).getByRole("group", { name: "Verification code" })).toHaveAccessibleDescription(
      "OTP cannot be empty",
    );
    expect(verify).not.toHaveBeenCalled();
  });

  it("a refused code shows the server's message, else 'Invalid or expired OTP.', and keeps the panel open", async () => {
    const error = vi.spyOn(toast, "error");
    let answer = jsonResponse(400, { message: "Too many wrong codes. Request a new code." });
    const { user } = openSettings({
      "POST /user/request-email-otp": sent,
      "POST /user/verify-email-otp": () => answer,
    });
    const panel = await openPanel(user, "Email", "Email");
    await user.type(within(panel).getByLabelText("New email"), "alice@new.example{Enter}");
    await within(panel).findByRole("group", { name: "Verification code" });

    await user.keyboard("111111");
    expect(await within(panel).findByRole("alert")).toHaveTextContent(
      "Too many wrong codes. Request a new code.",
    );
    expect(error).toHaveBeenCalledWith("Too many wrong codes. Request a new code.");
    expect(within(panel).getByRole("textbox", { name: "Digit 1 of 6" })).toHaveValue("");
    // The code's tries are spent: Resend is there at once, without the countdown's wait.
    expect(within(panel).getByRole("button", { name: "Resend code" })).toBeEnabled();

    answer = jsonResponse(500, {});
    await user.keyboard("222222");
    await waitFor(() => expect(error).toHaveBeenLastCalledWith("Invalid or expired OTP."));
    expect(screen.getByRole("dialog", { name: "Email" })).toBeInTheDocument();
  });

  it("a refused address shows the server's message, else 'Failed to send OTP. Try again.'", async () => {
    const error = vi.spyOn(toast, "error");
    let answer = jsonResponse(409, { message: "An account with that email already exists" });
    const { user } = openSettings({ "POST /user/request-email-otp": () => answer });
    const panel = await openPanel(user, "Email", "Email");
    const field = within(panel).getByLabelText("New email");

    await user.type(field, "bob@example.com{Enter}");
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription("An account with that email already exists"),
    );
    expect(error).toHaveBeenCalledWith("An account with that email already exists");

    answer = jsonResponse(503, {});
    await user.click(within(panel).getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(field).toHaveAccessibleDescription("Failed to send OTP. Try again."));
  });

  it("counts 60 s down before 'Resend code', then resends to the same address", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const success = vi.spyOn(toast, "success");
    const error = vi.spyOn(toast, "error");
    const request = vi.fn(sent);
    const { user } = openSettings({ "POST /user/request-email-otp": request }, { fakeTimers: true });
    const panel = await openPanel(user, "Email", "Email");
    await user.type(within(panel).getByLabelText("New email"), "alice@new.example{Enter}");
    await within(panel).findByRole("group", { name: "Verification code" });

    expect(within(panel).getByText(/Resend code in \d+s/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(within(panel).getByText(/Resend code in \d+s/)).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Resend code" })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_500));

    await user.click(within(panel).getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(success).toHaveBeenLastCalledWith("OTP resent successfully!"));
    expect(sentJson(request, 1)).toEqual({ email: "alice@new.example" });
    expect(within(panel).getByText(/Resend code in \d+s/)).toBeInTheDocument();

    request.mockImplementation(() => jsonResponse(500, {}));
    act(() => vi.advanceTimersByTime(61_000));
    await user.click(within(panel).getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(error).toHaveBeenLastCalledWith("Failed to resend OTP."));

    // Refused for the number of codes: the server's words say when to try again.
    await expectResendRefusedSaysWhen(user, panel, request, error);
  });

  it("'Change email' goes back to the form with the address kept", async () => {
    const { user } = openSettings({ "POST /user/request-email-otp": sent });
    const panel = await openPanel(user, "Email", "Email");
    await user.type(within(panel).getByLabelText("New email"), "alice@new.example{Enter}");
    await user.click(await within(panel).findByRole("button", { name: "Change email" }));
    expect(within(panel).getByLabelText("New email")).toHaveValue("alice@new.example");
    expect(within(panel).getByLabelText("New email")).toHaveFocus();
  });
});
