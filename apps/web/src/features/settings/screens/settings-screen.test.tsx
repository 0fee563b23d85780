import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  getCachedUser,
  getToken,
  getUserId,
  getUsername,
  saveCachedUser,
  saveUnreadCount,
} from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { signInAsAlice } from "../../../test/auth-storage";
import { acmeProvider } from "../../../test/fake-oidc";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { settingsKeys } from "../api/settings-keys";
import { makeSession, openSettings as openSettingsWith } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Handler = Parameters<typeof fetchRoutes>[0][string];

function openSettings(logout: Handler) {
  signInAsAlice();
  saveCachedUser(makeUser());
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "PATCH /sessions/logout-current": logout,
    }),
  );
  return renderApp("/settings");
}

async function askToLogOut(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Log out" }));
  return screen.getByRole("dialog", { name: "Log out?" });
}

describe("Log out from Settings", () => {
  it("asks first: Cancel keeps the member signed in and calls nothing", async () => {
    const logout = vi.fn(() => jsonResponse(200, { message: "Logged out" }));
    const { user, router } = openSettings(logout);
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();

    const dialog = await askToLogOut(user);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(logout).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.getByRole("button", { name: "Log out" })).toHaveFocus();
  });

  it("once confirmed, revokes the current session by its id, clears storage and goes to /login", async () => {
    const info = vi.spyOn(toast, "info");
    const logout = vi.fn(() => jsonResponse(200, { message: "Logged out" }));
    const { user, router } = openSettings(logout);
    saveUnreadCount(3);

    const dialog = await askToLogOut(user);
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    // A member who chose to leave starts afresh: /login remembers no page to return to.
    expect(router.state.location.state).toBeNull();
    // Their own choice: no word of a session that ended.
    expect(info).not.toHaveBeenCalled();
    expect((logout.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      "x-session-id": "s-alice-1",
    });
    expect(getToken()).toBeNull();
    expect(getUserId()).toBeNull();
    expect(getUsername()).toBeNull();
    expect(getCachedUser()).toBeNull();
    // The next member to sign in here starts without this one's unread badge.
    expect(localStorage.getItem("unreadCount")).toBeNull();
  });

  it("still signs out locally when the logout call fails", async () => {
    const { user, router } = openSettings(jsonResponse(500, { message: "Boom" }));

    const dialog = await askToLogOut(user);
    await user.click(within(dialog).getByRole("button", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getToken()).toBeNull();
  });

  it("is reached from the header's Settings button", async () => {
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }) }));
    const { user, router } = renderApp("/search");

    await user.click(await screen.findByRole("link", { name: "Settings" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(await screen.findByRole("button", { name: "Log out" })).toBeInTheDocument();
  });
});

describe("Settings screen (spec §2)", () => {
  it("has the five sections, with the e-mail's and phone's verified status", async () => {
    openSettingsWith({}, { user: { emailVerified: true, phone: "+14155552671", phoneVerified: false } });

    await screen.findByRole("region", { name: "Account information" });
    for (const section of ["Account information", "Security", "Privacy", "Sessions", "Support"]) {
      expect(screen.getByRole("region", { name: section })).toBeInTheDocument();
    }
    const account = screen.getByRole("region", { name: "Account information" });
    expect(within(account).getByRole("button", { name: "Email" })).toHaveAccessibleDescription(
      "Verified alice@example.com",
    );
    // The number stored in E.164 shows grouped, as people read it.
    await waitFor(() =>
      expect(within(account).getByRole("button", { name: "Phone" })).toHaveAccessibleDescription(
        "Not verified +1 415 555 2671",
      ),
    );
    expect(within(account).getByRole("button", { name: "Profile info" })).toHaveAccessibleDescription(
      "Alice Liddell · @alice",
    );
    // A control's name holds all the text inside it (WCAG 2.5.3, axe's label-content-name-mismatch):
    // the status and value are beside the button, not in it.
    expect(
      within(account)
        .getAllByRole("button")
        .map((row) => row.textContent),
    ).toEqual(["Email", "Phone", "Profile info"]);
    expect(
      within(screen.getByRole("region", { name: "Security" })).getByRole("button", {
        name: "Change password",
      }),
    ).toBeInTheDocument();
    const privacy = screen.getByRole("region", { name: "Privacy" });
    for (const row of ["Profile visibility", "Download your data", "Blocked accounts"]) {
      expect(within(privacy).getByRole("button", { name: row })).toBeInTheDocument();
    }
    const sessions = screen.getByRole("region", { name: "Sessions" });
    for (const row of ["Active sessions", "Log out of other devices"]) {
      expect(within(sessions).getByRole("button", { name: row })).toBeInTheDocument();
    }
  });

  it("shows the side panel: a fixed 75% security score, quick actions and security tips", async () => {
    openSettingsWith();
    const aside = await screen.findByRole("complementary", { name: "Account security" });
    expect(within(aside).getByRole("region", { name: "Security score" })).toHaveTextContent("75%");
    expect(within(aside).getByRole("region", { name: "Quick actions" })).toBeInTheDocument();
    expect(
      within(within(aside).getByRole("region", { name: "Security tips" })).getAllByRole("listitem").length,
    ).toBeGreaterThan(2);
  });

  it("downloads the member's data as user-data.json with the bearer token", async () => {
    const success = vi.spyOn(toast, "success");
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const download = vi.fn(
      () =>
        new Response(JSON.stringify({ user: { username: "alice" } }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    const { user } = openSettingsWith({ "GET /user/download-data": download });

    await user.click(
      within(await screen.findByRole("region", { name: "Privacy" })).getByRole("button", {
        name: "Download your data",
      }),
    );

    await waitFor(() => expect(success).toHaveBeenCalledWith("Data download started!"));
    expect(saved).toEqual([{ name: "user-data.json", href: expect.stringMatching(/^blob:/) }]);
    const headers = (download.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<
      string,
      string
    >;
    expect(headers.Authorization).toMatch(/^Bearer /);
  });

  it.each([
    [500, {}, "Failed to download data"],
    [
      429,
      { message: "You can download your data 3 times an hour." },
      "You can download your data 3 times an hour.",
    ],
  ])(
    "says why a download failed (%i): the spec's words, or the server's for too many",
    async (status, body, said) => {
      const error = vi.spyOn(toast, "error");
      const { user } = openSettingsWith({ "GET /user/download-data": () => jsonResponse(status, body) });
      await user.click(
        within(await screen.findByRole("region", { name: "Privacy" })).getByRole("button", {
          name: "Download your data",
        }),
      );
      await waitFor(() => expect(error).toHaveBeenCalledWith(said));
      expect(getToken()).not.toBeNull();
    },
  );

  it("'Log out of other devices' asks first, then keeps only this session", async () => {
    const success = vi.spyOn(toast, "success");
    const others = vi.fn(() =>
      jsonResponse(200, { message: "Logged out from all other devices!", count: 1 }),
    );
    const { user } = openSettingsWith({
      "GET /sessions": () =>
        jsonResponse(200, { sessions: [makeSession(), makeSession({ _id: "s-2", current: false })] }),
      "PATCH /sessions/logout-others": others,
    });

    await user.click(await screen.findByRole("button", { name: "Log out of other devices" }));
    const dialog = screen.getByRole("dialog", { name: "Log out of other devices?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Log out others" }));

    await waitFor(() => expect(success).toHaveBeenCalledWith("Logged out from all other devices!"));
    expect((others.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      "x-session-id": "s-alice-1",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(getToken()).not.toBeNull();
  });

  it("'Log out of other devices' gives the focus back to its row, which stays focusable while it works", async () => {
    let reply = (_response: Response) => {};
    const { user } = openSettingsWith({
      "GET /sessions": () => jsonResponse(200, { sessions: [makeSession()] }),
      "PATCH /sessions/logout-others": () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    const row = await screen.findByRole("button", { name: "Log out of other devices" });
    await user.click(row);
    await user.click(screen.getByRole("button", { name: "Log out others" }));

    // The dialog may close a moment before the row hears it is done: a disabled row then can't take
    // the focus back, and it falls to the page.
    await waitFor(() => expect(row).toHaveAttribute("aria-disabled", "true"));
    expect(row).toBeEnabled();
    reply(jsonResponse(200, { message: "Logged out from all other devices!", count: 0 }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(row).toHaveFocus();
  });

  it.each([
    ["its row", "Privacy"],
    ["the quick action", "Quick actions"],
  ])(
    "'Download your data' keeps the focus on %s while it prepares and after, asking once",
    async (_, region) => {
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
      let reply = (_response: Response) => {};
      const download = vi.fn(() => new Promise<Response>((resolve) => (reply = resolve)));
      const { user } = openSettingsWith({ "GET /user/download-data": download });
      const button = within(await screen.findByRole("region", { name: region })).getByRole("button", {
        name: "Download your data",
      });

      await user.click(button);
      await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "true"));
      expect(button).toBeEnabled();
      expect(button).toHaveFocus();
      await user.click(button);
      expect(download).toHaveBeenCalledTimes(1);

      reply(new Response("{}", { status: 200, headers: { "content-type": "application/json" } }));
      await waitFor(() => expect(button).not.toHaveAttribute("aria-disabled"));
      expect(button).toHaveFocus();
    },
  );
});

describe("Settings › the Linked sign-ins row", () => {
  const acmeIdentity = {
    id: "i-acme",
    provider: "Acme ID",
    issuer: "https://id.acme.test",
    email: "alice@example.com",
    createdAt: "2026-03-04T10:00:00.000Z",
  };
  const identities = (linked: unknown[]) => () =>
    jsonResponse(200, { identities: linked, hasPassword: true });
  const security = async () => screen.findByRole("region", { name: "Security" });

  it("is left out with no provider to link and nothing linked, where its panel would be a dead end", async () => {
    const asked = vi.fn(identities([]));
    const { queryClient } = openSettingsWith({ "GET /user/identities": asked });
    const section = await security();
    await waitFor(() => expect(queryClient.getQueryData(settingsKeys.identities())).toBeDefined());
    expect(
      within(section)
        .getAllByRole("button")
        .map((row) => row.textContent),
    ).toEqual(["Change password"]);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it("is offered with no provider while something is linked (to unlink), and stays once the last goes", async () => {
    let linked = [acmeIdentity];
    const { user } = openSettingsWith({
      "GET /user/identities": () => identities(linked)(),
      "DELETE /user/identities/i-acme": () => {
        linked = [];
        return jsonResponse(200, { message: "Unlinked" });
      },
    });
    const row = await within(await security()).findByRole("button", { name: "Linked sign-ins" });
    await user.click(row);
    const panel = await screen.findByRole("dialog", { name: "Linked sign-ins" });
    await user.click(await within(panel).findByRole("button", { name: /^Unlink Acme ID/ }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unlink Acme ID?" })).getByRole("button", {
        name: "Unlink",
      }),
    );
    expect(await within(panel).findByText("No linked sign-ins yet")).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "Close" }));
    // Still there to take the focus back, for the rest of the visit.
    expect(screen.getByRole("button", { name: "Linked sign-ins" })).toHaveFocus();
  });

  it("is offered while a provider is configured, without asking for the linked list", async () => {
    const asked = vi.fn(identities([]));
    openSettingsWith({
      "GET /auth/providers": () => jsonResponse(200, { oidc: acmeProvider }),
      "GET /user/identities": asked,
    });
    expect(
      await within(await security()).findByRole("button", { name: "Linked sign-ins" }),
    ).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });
});
