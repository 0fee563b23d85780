import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { makeMessage } from "../../chat/test/chat-fixtures";
import { makeNotification, notificationsPage } from "../test/notification-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

/** The browser's Notification, recording what Flik showed; `permission` as its member decided. */
function stubBrowserNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions; notice: { onclick: (() => void) | null } }[] =
    [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => FakeNotification.permission);
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, notice: this });
    }
  }
  vi.stubGlobal("Notification", FakeNotification);
  return { shown, FakeNotification };
}

function inBackground(hidden: boolean) {
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
}

function openFeed(pushNotifications: boolean) {
  signInAsAlice();
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser({ pushNotifications }) }),
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
      "GET /notifications": jsonResponse(200, notificationsPage([])),
    }),
  );
  return renderApp("/post");
}

afterEach(() => {
  Reflect.deleteProperty(document, "visibilityState");
  vi.unstubAllGlobals();
});

describe("the browser's notifications (Push notifications)", () => {
  it("tell what arrives while Flik is in the background, and a click opens it", async () => {
    const { shown } = stubBrowserNotifications("granted");
    const { router } = openFeed(true);
    await screen.findByRole("navigation", { name: "Main" });
    const socket = await waitFor(currentSocket);
    // Loaded once the browser allows them: listening from the render after it came.
    await act(() => import("./use-system-notifications"));
    inBackground(true);

    act(() =>
      socket.fire("newNotification", { notification: makeNotification({ _id: "n-9" }), unreadCount: 1 }),
    );
    const message = makeMessage({ _id: "m-9", chat: "c-1", text: "Lunch tomorrow?" });
    act(() => socket.fire("newMessage", { message }));

    await waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[0]).toMatchObject({
      title: "Flik",
      options: { body: "bob liked your post", tag: "notification:n-9", icon: "/media/image/bob.jpg" },
    });
    expect(shown[1]).toMatchObject({
      title: message.sender.username,
      options: { body: "Lunch tomorrow?", tag: "message:m-9" },
    });
    act(() => shown[1]?.notice.onclick?.());
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/chat?c=c-1"),
    );
  });

  it.each<[string, NotificationPermission, boolean, boolean]>([
    ["while Flik is in front (the app itself shows what came)", "granted", true, false],
    ["with the setting off", "granted", false, true],
    ["where the browser was not allowed to show them", "denied", true, true],
  ])("stay quiet %s", async (_when, permission, pushNotifications, hidden) => {
    const { shown } = stubBrowserNotifications(permission);
    openFeed(pushNotifications);
    await screen.findByRole("navigation", { name: "Main" });
    const socket = await waitFor(currentSocket);
    // Loaded once the browser allows them: listening from the render after it came.
    await act(() => import("./use-system-notifications"));
    inBackground(hidden);
    act(() => socket.fire("newNotification", { notification: makeNotification(), unreadCount: 1 }));
    act(() => socket.fire("newMessage", { message: makeMessage() }));
    expect(shown).toHaveLength(0);
  });
});
