import { QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/app-providers";
import { saveUnreadCount } from "../../../lib/storage";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { makeNotification, notificationsPage } from "../../notifications/test/notification-fixtures";
import { AppLayout } from "./app-layout";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

function signedInAt(path: string, { notificationsUnread = 0 } = {}) {
  signInAsAlice();
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /notifications": jsonResponse(200, notificationsPage([], { unreadCount: notificationsUnread })),
    }),
  );
  return renderApp(path);
}

function notificationsTab() {
  return within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", {
    name: "Notifications",
  });
}

describe("AppLayout", () => {
  it("has the header actions and the six tabs, marking the current one", async () => {
    signedInAt("/post/new");

    const nav = await screen.findByRole("navigation", { name: "Main" });
    const tabs = within(nav).getAllByRole("link");
    const expected = [
      ["Home", "/post"],
      ["Search", "/search"],
      ["Flicks", "/flicks"],
      ["New post", "/post/new"],
      ["Notifications", "/notifications"],
      ["Profile", "/profile"],
    ];
    expect(tabs).toHaveLength(expected.length);
    for (const [index, [name, href]] of expected.entries()) {
      expect(tabs[index]).toHaveAccessibleName(name);
      expect(tabs[index]).toHaveAttribute("href", href);
    }
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

  it("keeps the chat badge in step with the server's unread message count", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /notifications": jsonResponse(200, notificationsPage([])),
        "GET /messages/unread-count": jsonResponse(200, { count: 7 }),
      }),
    );
    renderApp("/search");

    const chat = await screen.findByRole("link", { name: "Chat" });
    expect(await within(chat).findByText("7")).toBeInTheDocument();
    expect(chat).toHaveAccessibleDescription("7 unread");
  });

  it("starts with a skip link to the main content, then the header, the tabs and the main landmark", async () => {
    const { user } = signedInAt("/search");
    await screen.findByRole("navigation", { name: "Main" });

    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();

    const landmarks = [screen.getByRole("banner"), screen.getByRole("navigation", { name: "Main" })];
    for (const landmark of landmarks) {
      expect(landmark.compareDocumentPosition(screen.getByRole("main"))).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
  });

  it("opens the story picker, for photos and videos, when story upload is pressed", async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    const { user } = signedInAt("/search");
    await user.click(await screen.findByRole("button", { name: "Upload story" }));
    const picker = within(screen.getByRole("banner")).getByLabelText("Story file");
    expect(click.mock.contexts).toEqual([picker]);
    expect(picker).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm",
    );
  });

  it("shows the unread notifications count on the Notifications tab, live", async () => {
    signedInAt("/search", { notificationsUnread: 4 });
    await waitFor(() => expect(notificationsTab()).toHaveAccessibleDescription("4 unread"));
    expect(notificationsTab()).toHaveTextContent("4");

    const socket = await currentSocket();
    act(() => socket.fire("newNotification", { notification: makeNotification(), unreadCount: 5 }));

    await waitFor(() => expect(notificationsTab()).toHaveAccessibleDescription("5 unread"));
    expect(notificationsTab()).toHaveTextContent("5");
  });

  it("shows no badge on the Notifications tab when nothing is unread", async () => {
    signedInAt("/search");
    const tab = await screen.findByRole("link", { name: "Notifications" });
    expect(tab).not.toHaveAccessibleDescription();
    expect(tab).not.toHaveTextContent(/\d/);
  });

  it("gives a phone's whole window to an open conversation, and the header and tabs back to the list", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /notifications": jsonResponse(200, notificationsPage([])),
        "GET /chats": jsonResponse(200, { chats: [] }),
      }),
    );
    const { router } = renderApp("/chat?c=chat-1");
    const header = await screen.findByRole("banner");
    const tabs = screen.getByRole("navigation", { name: "Main" });
    // Tailwind's max-md variant: jsdom has no media queries, so the classes say what a phone shows.
    expect(header).toHaveClass("max-md:hidden");
    expect(tabs).toHaveClass("max-md:hidden");
    expect(screen.getByRole("main")).toHaveClass("max-md:h-dvh");

    await act(() => router.navigate("/chat"));
    await waitFor(() => expect(screen.getByRole("banner")).not.toHaveClass("max-md:hidden"));
    expect(screen.getByRole("navigation", { name: "Main" })).not.toHaveClass("max-md:hidden");
    expect(screen.getByRole("main")).not.toHaveClass("max-md:h-dvh");
  });

  it("shows the generic bottom bar instead of the tabs outside the spec's sections", async () => {
    // Every routed signed-in section hides the bar today, so the layout is mounted on a path of its own.
    signInAsAlice();
    stubFetch(fetchRoutes({ "GET /notifications": jsonResponse(200, notificationsPage([])) }));
    const router = createMemoryRouter(
      [{ element: <AppLayout />, children: [{ path: "*", element: <p>Somewhere</p> }] }],
      { initialEntries: ["/somewhere"] },
    );
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    const bar = await screen.findByRole("navigation", { name: "Quick links" });
    expect(
      within(bar)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "Flicks", "Profile"]);
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });
});
