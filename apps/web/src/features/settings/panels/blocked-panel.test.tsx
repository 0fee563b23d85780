import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, makeUser, sentJson } from "../../../test/fixtures";
import { openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const blockedUsers = [
  { _id: "0b6f0f4e-0000-4000-8000-000000000001", username: "mallory", fullName: "Mallory", avatar: "" },
  { _id: "0b6f0f4e-0000-4000-8000-000000000002", username: "trudy", fullName: "Trudy", avatar: "" },
];

describe("Settings › Blocked accounts", () => {
  it("says 'No blocked accounts' when there are none", async () => {
    const { user } = openSettings();
    const panel = await openPanel(user, "Blocked accounts", "Blocked accounts");
    expect(within(panel).getByText("No blocked accounts")).toBeInTheDocument();
  });

  it("lists them and unblocks one with 'Unblocked {name}'", async () => {
    const success = vi.spyOn(toast, "success");
    const unblock = vi.fn(() =>
      jsonResponse(200, {
        message: "Unblocked mallory",
        user: makeUser({ blockedUsers: blockedUsers.slice(1) }),
      }),
    );
    const { user } = openSettings({ "PUT /user/unblock": unblock }, { user: { blockedUsers } });
    const panel = await openPanel(user, "Blocked accounts", "Blocked accounts");
    expect(within(panel).getAllByRole("listitem")).toHaveLength(2);

    await user.click(within(panel).getByRole("button", { name: "Unblock mallory" }));

    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(1));
    expect(sentJson(unblock)).toEqual({ userId: blockedUsers[0]?._id });
    expect(success).toHaveBeenCalledWith("Unblocked mallory");
    expect(screen.getByRole("button", { name: "Blocked accounts" })).toHaveAccessibleDescription("1 blocked");
    // The focus goes to the row now in its place, never lost to the page.
    await waitFor(() => expect(within(panel).getByRole("button", { name: /^Unblock / })).toHaveFocus());
  });

  it("shows each account's avatar, username and full name", async () => {
    const withDetails = [
      {
        _id: "u-mallory",
        username: "mallory",
        fullName: "Mallory Malice",
        avatar: "/media/image/mallory.jpg",
      },
      { _id: "u-trudy", username: "trudy", fullName: "", avatar: "" },
    ];
    const { user } = openSettings({}, { user: { blockedUsers: withDetails } });
    const panel = await openPanel(user, "Blocked accounts", "Blocked accounts");

    const [mallory, trudy] = within(panel).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(mallory).toHaveTextContent("mallory Mallory Malice");
    expect(mallory.querySelector("img")).toHaveAttribute("src", "/media/image/mallory.jpg");
    expect(trudy).toHaveTextContent("trudy");
    expect(within(trudy).getByRole("button", { name: "Unblock trudy" })).toBeInTheDocument();
  });

  it("says 'Failed to unblock user' when the server refuses", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openSettings(
      { "PUT /user/unblock": () => jsonResponse(500, { message: "Something went wrong" }) },
      { user: { blockedUsers } },
    );
    const panel = await openPanel(user, "Blocked accounts", "Blocked accounts");
    await user.click(within(panel).getByRole("button", { name: "Unblock trudy" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to unblock user"));
    expect(within(panel).getAllByRole("listitem")).toHaveLength(2);
  });

  it("takes a 404 (unblocked in another tab meanwhile) as done, and reads the account again", async () => {
    const success = vi.spyOn(toast, "success");
    let kept = blockedUsers;
    const { user } = openSettings(
      {
        "PUT /user/unblock": () => {
          kept = kept.filter((member) => member.username !== "trudy");
          return jsonResponse(404, { message: "That account is not blocked" });
        },
        "GET /user": () => jsonResponse(200, { user: makeUser({ blockedUsers: kept }) }),
      },
      { user: { blockedUsers } },
    );
    const panel = await openPanel(user, "Blocked accounts", "Blocked accounts");
    await user.click(within(panel).getByRole("button", { name: "Unblock trudy" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Unblocked trudy"));
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(1));
  });
});
