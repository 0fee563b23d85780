import {
  ACCOUNT_DELETED_MESSAGE,
  DELETE_ACCOUNT_PASSWORD_MISSING,
  DELETE_ACCOUNT_USERNAME_MISSING,
} from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getToken } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { jsonResponse, sentJson } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";
import { openPanel, openSettings } from "../test/settings-harness";
import { DELETE_ACCOUNT_TEXTS } from "./delete-account-panel";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const deleted = () => jsonResponse(200, { message: ACCOUNT_DELETED_MESSAGE });

describe("Settings › Delete account", () => {
  it("asks the password, refuses an empty one in the form, and shows the server's refusal on the field", async () => {
    const remove = vi.fn(() =>
      jsonResponse(400, {
        message: "Password is incorrect",
        errors: [{ field: "password", message: "Password is incorrect" }],
      }),
    );
    const { user } = openSettings({ "DELETE /user": remove });
    const panel = await openPanel(user, "Delete account", "Delete account");
    const password = within(panel).getByLabelText("Your password");
    expect(password).toHaveFocus();
    expect(panel).toHaveTextContent(DELETE_ACCOUNT_TEXTS.intro);

    await user.click(within(panel).getByRole("button", { name: "Delete account" }));
    expect(password).toHaveAccessibleDescription(DELETE_ACCOUNT_PASSWORD_MISSING);
    expect(remove).not.toHaveBeenCalled();

    await user.type(password, "not-it{Enter}");
    await waitFor(() => expect(password).toHaveAccessibleDescription("Password is incorrect"));
    expect(password).toHaveFocus();
    expect(sentJson(remove)).toEqual({ password: "not-it" });
    expect(shownToasts()).toEqual(["Password is incorrect"]);
    expect(getToken()).not.toBeNull();
  });

  it("deletes the account, signs out here and says so on the sign-in screen, starting fresh", async () => {
    const remove = vi.fn(deleted);
    const { user, router } = openSettings({ "DELETE /user": remove });
    const panel = await openPanel(user, "Delete account", "Delete account");
    await user.type(within(panel).getByLabelText("Your password"), "my-secret{Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(sentJson(remove)).toEqual({ password: "my-secret" });
    expect(getToken()).toBeNull();
    // Not a session thrown out: no page to go back to after the next sign-in.
    expect(router.state.location.state).toBeNull();
    expect(await screen.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    expect(shownToasts()).toEqual([ACCOUNT_DELETED_MESSAGE]);
  });

  it("reads the server's session-revoked echo, arriving before its answer, as the deletion", async () => {
    let answer: (response: Response) => void = () => {};
    const remove = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = openSettings({ "DELETE /user": remove });
    const panel = await openPanel(user, "Delete account", "Delete account");
    await user.type(within(panel).getByLabelText("Your password"), "my-secret{Enter}");
    await waitFor(() => expect(remove).toHaveBeenCalled());

    const socket = await currentSocket();
    expect(socket.listens("sessionRevoked")).toBe(true);
    const success = vi.spyOn(toast, "success");
    act(() => socket.fire("sessionRevoked", { reason: "account-deleted" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    answer(deleted());
    expect(await screen.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    // The answer, once it comes, signs out nothing more: said once.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(success.mock.calls.filter(([text]) => text === ACCOUNT_DELETED_MESSAGE)).toHaveLength(1);
    expect(screen.queryByText("Your session has ended. Please sign in again.")).not.toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it("signs out another device of the member, saying the account was deleted, when the server says so", async () => {
    const { router } = openSettings();
    await screen.findByRole("heading", { name: "Settings", level: 1 });
    const socket = await currentSocket();
    act(() => socket.fire("sessionRevoked", { reason: "account-deleted" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
    expect(getToken()).toBeNull();
  });

  it("asks an account without a password for its username instead", async () => {
    const remove = vi.fn(deleted);
    const { user, router } = openSettings({
      "GET /user/identities": jsonResponse(200, { identities: [], hasPassword: false }),
      "DELETE /user": remove,
    });
    const panel = await openPanel(user, "Delete account", "Delete account");
    const username = await within(panel).findByLabelText("Username");
    expect(panel).toHaveAccessibleDescription(
      `${DELETE_ACCOUNT_TEXTS.intro} ${DELETE_ACCOUNT_TEXTS.usernameHint("alice")}`,
    );
    await waitFor(() => expect(username).toHaveFocus());

    await user.click(within(panel).getByRole("button", { name: "Delete account" }));
    expect(username).toHaveAccessibleDescription(DELETE_ACCOUNT_USERNAME_MISSING);
    expect(remove).not.toHaveBeenCalled();

    await user.type(username, "alice{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(sentJson(remove)).toEqual({ username: "alice" });
  });

  it("offers the data download first, from inside the dialog", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const download = vi.fn(() => jsonResponse(200, { user: { username: "alice" } }));
    const { user } = openSettings({ "GET /user/download-data": download });
    const panel = await openPanel(user, "Delete account", "Delete account");
    await user.click(within(panel).getByRole("button", { name: DELETE_ACCOUNT_TEXTS.copyFirst }));
    await waitFor(() => expect(shownToasts()).toEqual(["Data download started!"]));
    expect(saved).toEqual(["user-data.json"]);
    expect(screen.getByRole("dialog", { name: "Delete account" })).toBeInTheDocument();
  });

  it("keeps the member signed in and says so when the deletion fails", async () => {
    const { user } = openSettings({ "DELETE /user": () => jsonResponse(503, {}) });
    const panel = await openPanel(user, "Delete account", "Delete account");
    await user.type(within(panel).getByLabelText("Your password"), "my-secret{Enter}");
    expect(await within(panel).findByText(DELETE_ACCOUNT_TEXTS.failed)).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
    expect(screen.getByRole("dialog", { name: "Delete account" })).toBeInTheDocument();
  });
});
