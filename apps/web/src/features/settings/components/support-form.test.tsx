import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, sentJson } from "../../../test/fixtures";
import { openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

async function supportBox() {
  const section = await screen.findByRole("region", { name: "Support" });
  return { section, field: within(section).getByLabelText("How can we help?") };
}

describe("Settings › Support", () => {
  it("refuses a blank message with 'Please enter a message', calling nothing", async () => {
    const support = vi.fn();
    const { user } = openSettings({ "POST /support": support });
    const { section, field } = await supportBox();

    await user.click(within(section).getByRole("button", { name: "Send message" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Please enter a message"));
    expect(field).toHaveFocus();

    await user.type(field, "   \n  ");
    await user.click(within(section).getByRole("button", { name: "Send message" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Please enter a message"));
    expect(support).not.toHaveBeenCalled();
  });

  it("sends the message, says 'Support request submitted!' and empties the box", async () => {
    const success = vi.spyOn(toast, "success");
    const support = vi.fn(() => jsonResponse(201, { message: "Support request submitted!" }));
    const { user } = openSettings({ "POST /support": support });
    const { section, field } = await supportBox();

    await user.type(field, "  My flicks will not upload  ");
    await user.click(within(section).getByRole("button", { name: "Send message" }));

    await waitFor(() => expect(success).toHaveBeenCalledWith("Support request submitted!"));
    expect(sentJson(support)).toEqual({ message: "My flicks will not upload" });
    expect(field).toHaveValue("");
  });

  it("keeps the focus on Send message while it sends and after, sending once", async () => {
    let reply = (_response: Response) => {};
    const support = vi.fn(() => new Promise<Response>((resolve) => (reply = resolve)));
    const { user } = openSettings({ "POST /support": support });
    const { section, field } = await supportBox();
    await user.type(field, "Help");
    const send = within(section).getByRole("button", { name: "Send message" });

    await user.click(send);
    await waitFor(() => expect(send).toHaveAttribute("aria-disabled", "true"));
    expect(send).toBeEnabled();
    expect(send).toHaveFocus();
    await user.click(send);
    expect(support).toHaveBeenCalledTimes(1);

    reply(jsonResponse(201, { message: "Support request submitted!" }));
    await waitFor(() => expect(send).not.toHaveAttribute("aria-disabled"));
    expect(field).toHaveValue("");
    expect(send).toHaveFocus();
  });

  it("says 'Failed to submit support request' and keeps the message", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openSettings({ "POST /support": () => jsonResponse(500, {}) });
    const { section, field } = await supportBox();
    await user.type(field, "Help");
    await user.click(within(section).getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to submit support request"));
    expect(field).toHaveValue("Help");
  });

  it("says the server's words when it refuses for the number of requests, which trying again can't mend", async () => {
    const error = vi.spyOn(toast, "error");
    const tooMany = "You have sent 5 support requests in the last hour. Please try again in 12 minutes.";
    const { user } = openSettings({ "POST /support": () => jsonResponse(429, { message: tooMany }) });
    const { section, field } = await supportBox();
    await user.type(field, "Help");
    await user.click(within(section).getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(tooMany));
  });

  it("says where the reply goes, a long address wrapping within the card", async () => {
    const email = `${"alice.liddell.through.the.looking.glass".repeat(2)}@wonderland.example.com`;
    openSettings({}, { user: { email } });
    const { section, field } = await supportBox();
    const hint = within(section).getByText(email).closest("p");
    expect(hint).toHaveTextContent(`We'll reply to ${email}.`);
    expect(field).toHaveAccessibleDescription(`We'll reply to ${email}.`);
    // jsdom lays nothing out: what lets the line break inside the address.
    expect(hint).toHaveClass("wrap-anywhere");
  });
});
