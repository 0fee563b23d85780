import type { User } from "@flik/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getUsername } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { jsonResponse, makeUser, sentJson } from "../../../test/fixtures";
import { userKeys } from "../../auth/api/user-keys";
import { openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

describe("Settings › Profile info", () => {
  it("saves full name, username and bio through PUT /user", async () => {
    const success = vi.spyOn(toast, "success");
    const saved = makeUser({ fullName: "Alice L.", username: "alice_l", bio: "Down the rabbit hole" });
    const put = vi.fn(() => jsonResponse(200, { user: saved }));
    const { user } = openSettings({ "PUT /user": put });
    const panel = await openPanel(user, "Profile info", "Profile info");
    const fullName = within(panel).getByLabelText("Full name");
    expect(fullName).toHaveFocus();
    expect(fullName).toHaveValue("Alice Liddell");

    await user.clear(fullName);
    await user.type(fullName, "Alice L.");
    await user.clear(within(panel).getByLabelText("Username"));
    await user.type(within(panel).getByLabelText("Username"), "alice_l");
    await user.type(within(panel).getByLabelText("Bio"), "Down the rabbit hole");
    await user.click(within(panel).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(put)).toEqual({ fullName: "Alice L.", username: "alice_l", bio: "Down the rabbit hole" });
    expect(success).toHaveBeenCalledWith("Profile updated successfully!");
    expect(screen.getByRole("button", { name: "Profile info" })).toHaveAccessibleDescription(
      "Alice L. · @alice_l",
    );
    expect(getUsername()).toBe("alice_l");
  });

  it("sends only what was changed, so a panel opened before a change made elsewhere never undoes it", async () => {
    const put = vi.fn(() => jsonResponse(200, { user: makeUser({ bio: "Curiouser" }) }));
    const { user } = openSettings({ "PUT /user": put });
    let panel = await openPanel(user, "Profile info", "Profile info");
    await user.type(within(panel).getByLabelText("Bio"), "Curiouser");
    await user.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(put)).toEqual({ bio: "Curiouser" });

    // Nothing changed: the panel closes without asking the server.
    panel = await openPanel(user, "Profile info", "Profile info");
    await user.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(put).toHaveBeenCalledTimes(1);
  });

  it("never puts back a bio changed elsewhere while it was open (the account read again meanwhile)", async () => {
    const put = vi.fn(() => jsonResponse(200, { user: makeUser({ fullName: "Alice R." }) }));
    const { user, queryClient } = openSettings({ "PUT /user": put });
    const panel = await openPanel(user, "Profile info", "Profile info");
    queryClient.setQueriesData<User>(
      { queryKey: userKeys.me() },
      (me) => me && { ...me, bio: "Set elsewhere" },
    );

    // Shown as it is now, where the member changed nothing.
    await waitFor(() => expect(within(panel).getByLabelText("Bio")).toHaveValue("Set elsewhere"));
    const name = within(panel).getByLabelText("Full name");
    await user.clear(name);
    await user.type(name, "Alice R.");
    await user.click(within(panel).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(sentJson(put)).toEqual({ fullName: "Alice R." });
  });

  it("keeps the bio to 150 characters and shows a taken username under its field", async () => {
    const { user } = openSettings({
      "PUT /user": () => jsonResponse(409, { message: "This username is taken" }),
    });
    const panel = await openPanel(user, "Profile info", "Profile info");
    const bio = within(panel).getByLabelText("Bio");
    await user.click(bio);
    await user.paste("x".repeat(160));
    expect(bio).toHaveValue("x".repeat(150));
    expect(within(panel).getByText("150/150")).toBeInTheDocument();
    // The full name (80) and the username (30) hold what the server takes, as the bio does.
    const fullName = within(panel).getByLabelText("Full name");
    await user.clear(fullName);
    await user.paste("Ω".repeat(90));
    expect(fullName).toHaveValue("Ω".repeat(80));
    const username = within(panel).getByLabelText("Username");
    await user.clear(username);
    await user.paste("a".repeat(40));
    expect(username).toHaveValue("a".repeat(30));

    await user.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(panel).getByLabelText("Username")).toHaveAccessibleDescription("This username is taken"),
    );
  });

  it("takes the focus to the refused field: a taken username, or one the rules refuse", async () => {
    const { user } = openSettings({
      "PUT /user": () => jsonResponse(409, { message: "That username is already taken" }),
    });
    const panel = await openPanel(user, "Profile info", "Profile info");
    const username = within(panel).getByLabelText("Username");
    await user.clear(username);
    await user.type(username, "hatter");
    await user.click(within(panel).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAccessibleDescription("That username is already taken");

    await user.clear(username);
    await user.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses a new name's stray periods in the form, without asking, and keeps a name that had them", async () => {
    const update = vi.fn(() => jsonResponse(200, { user: makeUser({ username: "old.name.", bio: "Hi" }) }));
    const { user } = openSettings({ "PUT /user": update }, { user: { username: "old.name." } });
    const panel = await openPanel(user, "Profile info", "Profile info");
    const username = within(panel).getByLabelText("Username");

    const refusals: [typed: string, said: string][] = [
      ["maya.", "Username can't start or end with a period"],
      ["ma..ya", "Username can't have two periods in a row"],
    ];
    for (const [typed, said] of refusals) {
      await user.clear(username);
      await user.type(username, typed);
      await user.click(within(panel).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(username).toHaveFocus());
      expect(username).toHaveAccessibleDescription(said);
    }
    expect(update).not.toHaveBeenCalled();

    // Said at once beside another field's problem, not only once the rest is right.
    await user.clear(within(panel).getByLabelText("Full name"));
    await user.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(within(panel).getByLabelText("Full name")).toHaveFocus());
    expect(username).toHaveAccessibleDescription("Username can't have two periods in a row");
    await user.type(within(panel).getByLabelText("Full name"), "Alice");

    // Her own name from before the rule, typed back in other letters' case, is hers to keep.
    await user.clear(username);
    await user.type(username, "Old.Name.");
    await user.type(within(panel).getByLabelText("Bio"), "Hi");
    await user.click(within(panel).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });

  it("keeps the focus on Save while it saves, and there when the server refuses for no one field", async () => {
    let reply = (_response: Response) => {};
    const put = vi.fn(() => new Promise<Response>((resolve) => (reply = resolve)));
    const { user } = openSettings({ "PUT /user": put });
    const panel = await openPanel(user, "Profile info", "Profile info");
    await user.type(within(panel).getByLabelText("Bio"), "Curiouser");
    const save = within(panel).getByRole("button", { name: "Save" });

    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute("aria-disabled", "true"));
    expect(save).toBeEnabled();
    expect(save).toHaveFocus();
    await user.click(save);
    expect(put).toHaveBeenCalledTimes(1);

    reply(jsonResponse(500, { message: "Something went wrong" }));
    await waitFor(() => expect(save).not.toHaveAttribute("aria-disabled"));
    expect(save).toHaveFocus();
  });
});
