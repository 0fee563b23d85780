import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("Settings › Phone", () => {
  it("refuses a number without its country code in the form", async () => {
    const request = vi.fn();
    const { user } = openSettings({ "POST /user/phone/request-otp": request });
    const panel = await openPanel(user, "Phone", "Phone number");
    const field = within(panel).getByLabelText("Phone number");
    expect(field).toHaveAccessibleDescription("Start with + and your country code.");

    await user.type(field, "415 555 2671{Enter}");

    expect(field).toHaveAccessibleDescription(expect.stringContaining("with its country code"));
    expect(request).not.toHaveBeenCalled();
  });

  it("shows the current number as people read it, grouped by its country's plan", async () => {
    const { user } = openSettings({}, { user: { phone: "+447911123456", phoneVerified: true } });
    const panel = await openPanel(user, "Phone", "Phone number");
    expect(within(panel).getByText("+44 7911 123456")).toBeInTheDocument();
  });

  it("sends the code in E.164, verifies it and says 'Phone updated!'", async () => {
    const success = vi.spyOn(toast, "success");
    const request = vi.fn(() => jsonResponse(200, { message: "OTP sent to your phone!" }));
    const verify = vi.fn(() =>
      jsonResponse(200, { user: makeUser({ phone: "+14155552671", phoneVerified: true }) }),
    );
    const { user } = openSettings({
      "POST /user/phone/request-otp": request,
      "POST /user/phone/verify": verify,
    });
    const panel = await openPanel(user, "Phone", "Phone number");

    await user.type(within(panel).getByLabelText("Phone number"), "+1 415 555 2671{Enter}");
    await within(panel).findByRole("group", { name: "Verification code" });
    expect(sentJson(request)).toEqual({ phone: "+14155552671" });
    expect(within(panel).getByText("+1 415 555 2671")).toBeInTheDocument();
    await user.keyboard("135790");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(verify)).toEqual({ otp: "135790" });
    expect(success).toHaveBeenLastCalledWith("Phone updated!");
    // Shown as people read it, as the code was typed.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Phone" })).toHaveAccessibleDescription(
        "Verified +1 415 555 2671",
      ),
    );
  });

  it("says 'Failed to send OTP' (with the server's reason in the form) and 'Invalid OTP'", async () => {
    const error = vi.spyOn(toast, "error");
    let answer = jsonResponse(429, { message: "Too many codes requested. Please try again in 12 minutes." });
    const { user } = openSettings({
      "POST /user/phone/request-otp": () => answer,
      "POST /user/phone/verify": () => jsonResponse(400, { message: "Invalid OTP" }),
    });
    const panel = await openPanel(user, "Phone", "Phone number");
    const field = within(panel).getByLabelText("Phone number");
    await user.type(field, "+33 6 12 34 56 78{Enter}");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to send OTP"));
    expect(field).toHaveAccessibleDescription("Too many codes requested. Please try again in 12 minutes.");

    answer = jsonResponse(200, {});
    await user.click(within(panel).getByRole("button", { name: "Send code" }));
    await within(panel).findByRole("group", { name: "Verification code" });
    await user.keyboard("000000");
    await waitFor(() => expect(error).toHaveBeenLastCalledWith("Invalid OTP"));
    expect(screen.getByRole("dialog", { name: "Phone number" })).toBeInTheDocument();
  });

  it("says why a right code changed nothing (the number is someone else's), and when a resend may come again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const error = vi.spyOn(toast, "error");
    const request = vi.fn(() => jsonResponse(200, { message: "OTP sent to your phone!" }));
    const { user } = openSettings(
      {
        "POST /user/phone/request-otp": request,
        "POST /user/phone/verify": () =>
          jsonResponse(409, { message: "That phone number belongs to another account" }),
      },
      { fakeTimers: true },
    );
    const panel = await openPanel(user, "Phone", "Phone number");
    await user.type(within(panel).getByLabelText("Phone number"), "+1 212 555 0199{Enter}");
    await within(panel).findByRole("group", { name: "Verification code" });
    await user.keyboard("135790");
    await waitFor(() =>
      expect(error).toHaveBeenLastCalledWith("That phone number belongs to another account"),
    );
    expect(error).not.toHaveBeenCalledWith("Invalid OTP");

    await expectResendRefusedSaysWhen(user, panel, request, error);
  });
});
