import { LAST_SIGN_IN_MESSAGE, type LinkedIdentity } from "@flik/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { acmeProvider, fakeOidc } from "../../../test/fake-oidc";
import { jsonResponse, pending } from "../../../test/fixtures";
import { openPanel, openSettings } from "../test/settings-harness";

vi.mock("oidc-client-ts", async () => (await import("../../../test/fake-oidc")).fakeOidcModule);
vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const acme: LinkedIdentity = {
  id: "i-acme",
  provider: "Acme ID",
  issuer: acmeProvider.issuer,
  email: "alice@example.com",
  createdAt: "2026-03-04T10:00:00.000Z",
};
const older: LinkedIdentity = {
  id: "i-old",
  provider: "https://id.old.test",
  issuer: "https://id.old.test",
  email: null,
  createdAt: "2025-11-20T10:00:00.000Z",
};

const listed =
  (identities: LinkedIdentity[] = [acme, older], hasPassword = true) =>
  () =>
    jsonResponse(200, { identities, hasPassword });
const providers = (oidc: unknown = acmeProvider) => jsonResponse(200, { oidc });

const rows = (panel: HTMLElement) =>
  within(within(panel).getByRole("list", { name: "Linked sign-ins" })).getAllByRole("listitem");

async function openLinked(
  routes: Parameters<typeof openSettings>[0],
  options?: Parameters<typeof openSettings>[1],
) {
  const settings = openSettings({ "GET /auth/providers": () => providers(), ...routes }, options);
  const panel = await openPanel(settings.user, "Linked sign-ins", "Linked sign-ins");
  return { ...settings, panel };
}

beforeEach(() => fakeOidc.reset());

describe("Settings › Linked sign-ins (issue 19)", () => {
  it("lists each linked sign-in with its provider, e-mail and the day it was linked", async () => {
    const { panel } = await openLinked({ "GET /user/identities": listed() });

    await within(panel).findByRole("list", { name: "Linked sign-ins" });
    const [first, second] = rows(panel);
    expect(first).toHaveTextContent("Acme ID");
    expect(first).toHaveTextContent("alice@example.com");
    expect(first).toHaveTextContent("Linked Mar 4, 2026");
    expect(second).toHaveTextContent("https://id.old.test");
    expect(second).toHaveTextContent("Linked Nov 20, 2025");
    expect(
      within(panel).getByRole("button", { name: "Unlink Acme ID (alice@example.com)" }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Link Acme ID" })).toBeInTheDocument();
    expect(within(panel).queryByRole("link", { name: "Set a password" })).not.toBeInTheDocument();
  });

  it("is a side panel: focus inside, Escape closes it and gives focus back to its row", async () => {
    const { panel, user } = await openLinked({ "GET /user/identities": listed() });

    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Linked sign-ins" })).toHaveFocus();
  });

  it("says so while the list loads", async () => {
    const { panel } = await openLinked({ "GET /user/identities": () => pending() });
    expect(within(panel).getByRole("status")).toHaveTextContent("Loading linked sign-ins...");
  });

  it("offers to try again when the list fails, and says when there is none", async () => {
    let answer = () => jsonResponse(500, {});
    const { panel, user } = await openLinked({ "GET /user/identities": () => answer() });
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Couldn't load your linked sign-ins");

    answer = listed([]);
    await user.click(within(panel).getByRole("button", { name: "Try again" }));
    expect(await within(panel).findByText("No linked sign-ins yet")).toBeInTheDocument();
  });

  it("unlinks after asking, at once in the list", async () => {
    const success = vi.spyOn(toast, "success");
    let identities = [acme, older];
    const unlink = vi.fn(() => {
      identities = [older];
      return jsonResponse(200, { message: "Unlinked" });
    });
    const { panel, user } = await openLinked({
      "GET /user/identities": () => listed(identities)(),
      "DELETE /user/identities/i-acme": unlink,
    });
    await within(panel).findByRole("list", { name: "Linked sign-ins" });

    await user.click(within(panel).getByRole("button", { name: "Unlink Acme ID (alice@example.com)" }));
    const confirm = await screen.findByRole("dialog", { name: "Unlink Acme ID?" });
    expect(confirm).toHaveTextContent(
      "You won't be able to sign in with Acme ID (alice@example.com) any more",
    );
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(confirm).getByRole("button", { name: "Unlink" }));

    await waitFor(() => expect(rows(panel)).toHaveLength(1));
    expect(unlink).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(success).toHaveBeenCalledWith("Acme ID unlinked"));
    // Its row went with the button the question came from: the next sign-in's Unlink has the focus.
    await waitFor(() =>
      expect(within(panel).getByRole("button", { name: "Unlink https://id.old.test" })).toHaveFocus(),
    );
  });

  it("calls nothing when the question is cancelled", async () => {
    const unlink = vi.fn();
    const { panel, user } = await openLinked({
      "GET /user/identities": listed(),
      "DELETE /user/identities/i-acme": unlink,
    });
    await within(panel).findByRole("list", { name: "Linked sign-ins" });

    await user.click(within(panel).getByRole("button", { name: "Unlink Acme ID (alice@example.com)" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unlink Acme ID?" })).getByRole("button", {
        name: "Cancel",
      }),
    );

    expect(screen.queryByRole("dialog", { name: "Unlink Acme ID?" })).not.toBeInTheDocument();
    expect(rows(panel)).toHaveLength(2);
    expect(unlink).not.toHaveBeenCalled();
  });

  it("puts the row back and toasts the server's reason when it turned out the last way to sign in", async () => {
    // No password, two sign-ins as the list was read; the other one was unlinked in another tab since.
    const error = vi.spyOn(toast, "error");
    let refuse: (response: Response) => void = () => {};
    const { panel, user } = await openLinked({
      "GET /user/identities": listed([acme, older], false),
      "DELETE /user/identities/i-acme": () => new Promise<Response>((resolve) => (refuse = resolve)),
    });
    await within(panel).findByRole("list", { name: "Linked sign-ins" });

    await user.click(within(panel).getByRole("button", { name: "Unlink Acme ID (alice@example.com)" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unlink Acme ID?" })).getByRole("button", {
        name: "Unlink",
      }),
    );
    // Gone at once…
    await waitFor(() => expect(rows(panel)).toHaveLength(1));

    refuse(jsonResponse(409, { message: LAST_SIGN_IN_MESSAGE }));

    // …and back when the server refuses.
    await waitFor(() => expect(rows(panel)).toHaveLength(2));
    expect(error).toHaveBeenCalledWith(LAST_SIGN_IN_MESSAGE);
  });

  it("links through the provider with 'link' as the purpose, back to Settings", async () => {
    const { panel, user } = await openLinked({ "GET /user/identities": listed([]) });

    await user.click(await within(panel).findByRole("button", { name: "Link Acme ID" }));

    await waitFor(() =>
      expect(fakeOidc.redirect).toHaveBeenCalledWith({
        state: { purpose: "link", returnTo: "/settings" },
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      }),
    );
    expect(fakeOidc.settings[0]).toMatchObject({ authority: acmeProvider.issuer, client_id: "flik-web" });
    expect(within(panel).getByRole("button", { name: "Link Acme ID" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("hides Link when external sign-in is off, and keeps the list", async () => {
    const { panel } = await openLinked({
      "GET /user/identities": listed(),
      "GET /auth/providers": () => providers(null),
    });

    expect(await within(panel).findByRole("list", { name: "Linked sign-ins" })).toBeInTheDocument();
    expect(rows(panel)).toHaveLength(2);
    expect(within(panel).queryByRole("button", { name: /^Link / })).not.toBeInTheDocument();
  });

  it("says the sign-ins come besides the password only to a member who has one", async () => {
    const { panel } = await openLinked({ "GET /user/identities": listed([acme], true) });
    await within(panel).findByRole("list", { name: "Linked sign-ins" });
    expect(panel).toHaveTextContent("Services you can sign in to Flik with, besides your password.");
  });

  it("does not offer to unlink a member's only way to sign in, and says why with the button", async () => {
    const unlink = vi.fn(() => jsonResponse(409, { message: LAST_SIGN_IN_MESSAGE }));
    const { panel, user } = await openLinked({
      "GET /user/identities": listed([acme], false),
      "DELETE /user/identities/i-acme": unlink,
    });
    await within(panel).findByRole("list", { name: "Linked sign-ins" });

    expect(panel).toHaveTextContent("Services you can sign in to Flik with.");
    expect(panel).not.toHaveTextContent("besides your password");
    const button = within(panel).getByRole("button", { name: "Unlink Acme ID (alice@example.com)" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toHaveAttribute("aria-haspopup");
    expect(button).toHaveAccessibleDescription(
      "Your only way to sign in: set a password before you unlink it.",
    );

    // Still reachable by keyboard, so the reason is heard; a click asks nothing and calls nothing.
    await user.click(button);
    expect(screen.queryByRole("dialog", { name: "Unlink Acme ID?" })).not.toBeInTheDocument();
    expect(unlink).not.toHaveBeenCalled();
    expect(rows(panel)).toHaveLength(1);
    expect(within(panel).getByRole("link", { name: "Set a password" })).toBeInTheDocument();
  });

  it("offers to unlink either of two sign-ins of a member without a password", async () => {
    const { panel } = await openLinked({ "GET /user/identities": listed([acme, older], false) });
    await within(panel).findByRole("list", { name: "Linked sign-ins" });
    for (const name of ["Unlink Acme ID (alice@example.com)", "Unlink https://id.old.test"]) {
      const button = within(panel).getByRole("button", { name });
      expect(button).not.toHaveAttribute("aria-disabled");
      expect(button).toHaveAttribute("aria-haspopup", "dialog");
    }
  });

  it("offers a member without a password to set one by the e-mailed code, the address filled in", async () => {
    const { panel, user, router } = await openLinked({ "GET /user/identities": listed([acme], false) });

    const setPassword = await within(panel).findByRole("link", { name: "Set a password" });
    expect(within(panel).getByText(/Your account has no password yet/)).toBeInTheDocument();
    await user.click(setPassword);

    expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forgot");
    expect(screen.getByLabelText("Email")).toHaveValue("alice@example.com");
    // The keyboard goes on from the address brought: Enter sends the code.
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
  });
});
