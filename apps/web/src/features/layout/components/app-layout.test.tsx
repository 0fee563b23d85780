import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { saveUnreadCount } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

function signedInAt(path: string) {
  signInAsAlice();
  stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }) }));
  return renderApp(path);
}

describe("AppLayout", () => {
  it("has the header actions and the six tabs, marking the current one", async () => {
    signedInAt("/post/new");

    const nav = await screen.findByRole("navigation", { name: "Main" });
    const tabs = within(nav).getAllByRole("link");
    expect(tabs.map((tab) => [tab.getAttribute("aria-label"), tab.getAttribute("href")])).toEqual([
      ["Home", "/post"],
      ["Search", "/search"],
      ["Flicks", "/flicks"],
      ["New post", "/post/new"],
      ["Notifications", "/notifications"],
      ["Profile", "/profile"],
    ]);
    expect(within(nav).getByRole("link", { name: "New post" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");

    expect(screen.getByRole("button", { name: "Upload story" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Chat" })).toHaveAttribute("href", "/chat");
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(screen.queryByRole("navigation", { name: "Quick links" })).not.toBeInTheDocument();
  });

  it("shows the stored unread count on the chat button only when above zero", async () => {
    signedInAt("/search");
    const chat = await screen.findByRole("link", { name: "Chat" });
    expect(chat).not.toHaveTextContent(/\d/);

    saveUnreadCount(3);
    expect(await within(chat).findByText("3")).toBeInTheDocument();
    expect(chat).toHaveAccessibleDescription("3 unread");
  });

  it("says stories are coming soon when story upload is pressed", async () => {
    const { user } = signedInAt("/search");
    await user.click(await screen.findByRole("button", { name: "Upload story" }));
    expect(await screen.findByText("Stories are coming soon")).toBeInTheDocument();
  });

  it("shows the generic bottom bar instead of the tabs on a reel link", async () => {
    signedInAt("/reel/42");
    const bar = await screen.findByRole("navigation", { name: "Quick links" });
    expect(
      within(bar)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "Flicks", "Profile"]);
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });
});
