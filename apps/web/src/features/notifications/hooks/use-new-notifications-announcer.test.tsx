import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { announce } from "../../../lib/announce";
import { emitLogout } from "../../../lib/auth-events";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { NEW_NOTIFICATIONS_GATHER_MS } from "../new-notifications-announcement";
import { makeNotification, notificationsPage } from "../test/notification-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});
vi.mock("../../../lib/announce", () => ({ announce: vi.fn(), announceScreen: vi.fn() }));

const carolFollows = makeNotification({
  _id: "n-carol",
  type: "follow",
  text: "started following you",
  sender: { _id: "u-carol", username: "carol", avatar: "" },
  post: null,
  media: null,
  mediaType: null,
});

/** Alice on a signed-in screen other than /notifications, with the socket up. */
async function signedInAt(path: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  signInAsAlice();
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /notifications": jsonResponse(200, notificationsPage([])),
      "GET /media/limits": jsonResponse(200, {
        image: { maxBytes: 10_000_000 },
        video: { maxBytes: 100_000_000, maxSeconds: 60 },
      }),
    }),
  );
  renderApp(path, { fakeTimers: true });
  await screen.findByRole("navigation", { name: "Main" });
  const socket = await currentSocket();
  await waitFor(() => expect(socket.listens("newNotification")).toBe(true));
  return socket;
}

/** The burst's wait ends, once the announcement's code (loaded with the first notification) is here. */
async function gathered() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  act(() => vi.advanceTimersByTime(NEW_NOTIFICATIONS_GATHER_MS));
}

describe("New notifications, announced", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads a notification arriving live by its own text, politely, on any signed-in screen", async () => {
    const socket = await signedInAt("/post/new");

    act(() => socket.fire("newNotification", { notification: carolFollows, unreadCount: 1 }));
    // The same one heard again (another listener, a retry) is read once.
    act(() => socket.fire("newNotification", { notification: carolFollows, unreadCount: 1 }));
    expect(announce).not.toHaveBeenCalled();
    await gathered();

    await waitFor(() => expect(vi.mocked(announce).mock.calls).toEqual([["carol started following you"]]));
  });

  it("reads a burst as one: how many came", async () => {
    const socket = await signedInAt("/post/new");

    for (const [index, id] of ["n-1", "n-2", "n-3"].entries())
      act(() =>
        socket.fire("newNotification", {
          notification: makeNotification({ _id: id }),
          unreadCount: index + 1,
        }),
      );
    await gathered();
    await waitFor(() => expect(vi.mocked(announce).mock.calls).toEqual([["3 new notifications"]]));

    // The next one, once the burst was read, is read on its own.
    act(() => socket.fire("newNotification", { notification: carolFollows, unreadCount: 4 }));
    await gathered();
    await waitFor(() =>
      expect(vi.mocked(announce).mock.calls).toEqual([
        ["3 new notifications"],
        ["carol started following you"],
      ]),
    );
  });

  it("reads nothing still gathered once the signed-in screens are left", async () => {
    const socket = await signedInAt("/post/new");
    act(() => socket.fire("newNotification", { notification: carolFollows, unreadCount: 1 }));
    act(() => emitLogout("user"));
    await screen.findByRole("button", { name: /Log in/i });
    await gathered();
    expect(announce).not.toHaveBeenCalled();
  });
});
