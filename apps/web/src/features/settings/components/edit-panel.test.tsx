import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/fixtures";
import { openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

describe("Settings' edit panels", () => {
  it("are modal dialogs with a heading; focus moves in and Tab stays inside", async () => {
    const { user } = openSettings();
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");

    expect(panel).toHaveAttribute("aria-modal", "true");
    expect(within(panel).getByRole("heading", { name: "Profile visibility" })).toBeInTheDocument();
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    // Around the whole panel and back, forwards and backwards, focus never leaves it.
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(panel).toContainElement(document.activeElement as HTMLElement);
    }
    const close = within(panel).getByRole("button", { name: "Close" });
    close.focus();
    await user.tab({ shift: true });
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(close);
  });

  it("Escape closes the panel and gives the focus back to the row that opened it", async () => {
    const { user } = openSettings();
    await openPanel(user, "Email", "Email");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Email" })).toHaveFocus();
  });

  it("the Close button closes it too, back to the quick action that opened it", async () => {
    const { user } = openSettings();
    const aside = await screen.findByRole("complementary", { name: "Account security" });
    await user.click(within(aside).getByRole("button", { name: "Change password" }));
    const panel = await screen.findByRole("dialog", { name: "Change password" });
    await user.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(within(aside).getByRole("button", { name: "Change password" })).toHaveFocus();
  });

  it("the browser's Back closes it and stays on Settings, focus back on the row that opened it", async () => {
    const { router, user } = openSettings({}, { entries: ["/elsewhere", "/settings"] });
    await openPanel(user, "Blocked accounts", "Blocked accounts");

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Blocked accounts/ })).toHaveFocus();
  });

  it("closed with Close, it leaves no entry behind: the next Back leaves Settings", async () => {
    const { router, user } = openSettings({}, { entries: ["/elsewhere", "/settings"] });
    const panel = await openPanel(user, "Change password", "Change password");

    await user.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.historyAction).toBe("POP"));
    expect(router.state.location.pathname).toBe("/settings");

    await act(() => router.navigate(-1));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });

  it("the panel a sign-in link returns to is open, and Back closes it, staying on Settings", async () => {
    const { router } = openSettings(
      {
        "GET /user/identities": () => jsonResponse(200, { identities: [], hasPassword: true }),
        "GET /auth/providers": () => jsonResponse(200, { oidc: null }),
      },
      { entries: ["/elsewhere", { pathname: "/settings", state: { panel: "linked" } }] },
    );
    expect(await screen.findByRole("dialog", { name: "Linked sign-ins" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toMatchObject({ modals: { panel: "linked" } }));

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/settings");
    expect(router.state.location.state).toBeNull();
  });

  it("a Back landing before the returned panel's own entry was shown still closes it (CI, a busy machine)", async () => {
    const { router } = openSettings(
      {
        "GET /user/identities": () => jsonResponse(200, { identities: [], hasPassword: true }),
        "GET /auth/providers": () => jsonResponse(200, { oidc: null }),
      },
      { entries: ["/elsewhere", { pathname: "/settings", state: { panel: "linked" } }] },
    );
    // Back at the very moment the panel's entry lands, before React renders it.
    let backed = false;
    const unsubscribe = router.subscribe((state) => {
      const entry = state.location.state as { modals?: Record<string, string> } | null;
      if (!backed && entry?.modals?.panel === "linked") {
        backed = true;
        void router.navigate(-1);
      }
    });
    await waitFor(() => expect(backed).toBe(true));
    await waitFor(() => expect(router.state.location.state).toBeNull());
    unsubscribe();

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
  });
});
