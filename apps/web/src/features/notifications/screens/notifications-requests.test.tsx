import type { User } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeUser, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import {
  makeRequest,
  openAsPrivateAlice,
  outcomeIn,
  requestsPage,
} from "../../follow-requests/test/follow-request-fixtures";
import { makeNotification, notificationsPage } from "../test/notification-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(async () => {
  await import("./notifications-screen");
});

const carolAsks = makeNotification({
  _id: "n-carol",
  type: "follow_request",
  text: "requested to follow you",
  sender: { _id: "u-carol", username: "carol", avatar: "" },
  post: null,
  media: null,
  mediaType: null,
});
const danAsks = makeNotification({
  ...carolAsks,
  _id: "n-dan",
  sender: { _id: "u-dan", username: "dan", avatar: "" },
});
const bobLikes = makeNotification({ _id: "n-like" });
/** What an accepted request leaves in its place. */
const carolFollows = makeNotification({
  _id: "n-follow",
  type: "follow",
  text: "started following you",
  read: true,
  sender: { _id: "u-carol", username: "carol", avatar: "" },
  post: null,
  media: null,
  mediaType: null,
});

const pageOf = (...notifications: ReturnType<typeof makeNotification>[]) =>
  jsonResponse(200, notificationsPage(notifications));

const makeUserWithCount = (followRequestsCount: number) => makeUser({ isPrivate: true, followRequestsCount });

const requestsCount = (queryClient: { getQueryData: (key: unknown[]) => unknown }) =>
  (queryClient.getQueryData(["user", "me"]) as User | undefined)?.followRequestsCount;

/** The notification row of `username`'s request. */
function rowOf(username: string) {
  const row = screen
    .getAllByRole("listitem")
    .find((candidate) => within(candidate).queryByText(username, { selector: "span" }));
  if (!row) throw new Error(`No notification from ${username}`);
  return row;
}

describe("Follow requests on the notifications screen", () => {
  it("shows the 'Follow requests' row on top with who asked and how many, opening the list", async () => {
    const { user, router } = openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": pageOf(bobLikes),
        "GET /follow-requests": requestsPage([makeRequest(), makeRequest({ _id: "u-dan", username: "dan" })]),
      },
      3,
    );

    const entry = await screen.findByRole("link", { name: /^Follow requests/ });
    await waitFor(() => expect(entry).toHaveTextContent("carol + 2 others"));
    expect(entry).toHaveAccessibleName("Follow requests carol + 2 others 3 waiting");
    expect(entry).toHaveAttribute("href", "/notifications/requests");

    await user.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe("/notifications/requests"));
    expect(await screen.findByRole("heading", { level: 1, name: "Follow requests" })).toBeInTheDocument();
  });

  it("has no 'Follow requests' row when none wait", async () => {
    const { fetchMock } = openAsPrivateAlice("/notifications", { "GET /notifications": pageOf(bobLikes) }, 0);

    await screen.findByText("liked your post");
    expect(screen.queryByRole("link", { name: /^Follow requests/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/follow-requests"))).toBe(false);
  });

  it("confirms a request inline: the row stays in its place saying 'Confirmed', and the count drops", async () => {
    const accept = vi.fn(() => jsonResponse(200, { message: "Follow request accepted", followersCount: 1 }));
    const reads = vi.fn(() =>
      accept.mock.calls.length === 0
        ? pageOf(carolAsks, danAsks, bobLikes)
        : pageOf(carolFollows, danAsks, bobLikes),
    );
    const acceptDan = vi.fn(() =>
      jsonResponse(200, { message: "Follow request accepted", followersCount: 2 }),
    );
    const { user, queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        // As the server answers once the request became a follow.
        "GET /notifications": reads,
        "GET /follow-requests": requestsPage([makeRequest(), makeRequest({ _id: "u-dan", username: "dan" })]),
        "POST /follow-requests/u-carol/accept": accept,
        "POST /follow-requests/u-dan/accept": acceptDan,
      },
      2,
    );
    await waitFor(() => expect(screen.getAllByText("requested to follow you")).toHaveLength(2));
    const row = rowOf("carol");
    expect(within(row).getByRole("link", { name: /carol requested to follow you/ })).toHaveAttribute(
      "href",
      "/profile/carol",
    );
    const socket = await currentSocket();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const readsBefore = reads.mock.calls.length;

    // Pressed twice: the second press answers nothing (the focus is not on dan's Confirm).
    within(row).getByRole("button", { name: "Confirm follow request from carol" }).focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");

    expect(accept).toHaveBeenCalledTimes(1);
    const status = outcomeIn(rowOf("carol"));
    expect(status).toHaveTextContent("Confirmed");
    expect(status).toHaveFocus();
    // The server took the notification away: nothing left to mark on it.
    expect(within(rowOf("carol")).queryAllByRole("button")).toEqual([]);
    expect(requestsCount(queryClient)).toBe(1);
    // What the server tells every tab once the request became a follow: this tab's answered row stays.
    act(() =>
      socket.fire("notificationsRemoved", {
        ids: ["n-carol"],
        unreadCount: 1,
        followRequestsFrom: ["u-carol"],
        accepted: true,
      }),
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(outcomeIn(rowOf("carol"))).toHaveTextContent("Confirmed");
    expect(reads.mock.calls.length).toBe(readsBefore);
    expect(acceptDan).not.toHaveBeenCalled();
    expect(
      within(rowOf("dan")).getByRole("button", { name: "Confirm follow request from dan" }),
    ).not.toHaveFocus();
  });

  it("keeps the 'Follow requests' row in its place when the last request is answered inline", async () => {
    const { user, queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": pageOf(carolAsks, bobLikes),
        "GET /follow-requests": requestsPage([makeRequest()]),
        "POST /follow-requests/u-carol/accept": jsonResponse(200, {
          message: "Follow request accepted",
          followersCount: 1,
        }),
      },
      1,
    );
    const entry = await screen.findByRole("link", { name: /^Follow requests/ });
    await waitFor(() => expect(entry).toHaveTextContent("carol"));

    await user.click(
      within(rowOf("carol")).getByRole("button", { name: "Confirm follow request from carol" }),
    );

    expect(outcomeIn(rowOf("carol"))).toHaveTextContent("Confirmed");
    await waitFor(() => expect(requestsCount(queryClient)).toBe(0));
    // Nothing moved under the pointer: the row on top stays, saying none wait.
    const kept = screen.getByRole("link", { name: /^Follow requests/ });
    expect(kept).toHaveAccessibleName("Follow requests Approve or ignore requests");
  });

  it("keeps a confirmed request's row, with the focus, through a read of the list again (a reconnect's)", async () => {
    let accepted = false;
    const accept = vi.fn(() => {
      accepted = true;
      return jsonResponse(200, { message: "Follow request accepted", followersCount: 1 });
    });
    const acceptDan = vi.fn(() =>
      jsonResponse(200, { message: "Follow request accepted", followersCount: 2 }),
    );
    const { user, queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        // The server's list once carol's request became a follow: her request's notification is gone.
        "GET /notifications": () =>
          accepted ? pageOf(carolFollows, danAsks, bobLikes) : pageOf(carolAsks, danAsks, bobLikes),
        "GET /follow-requests": () =>
          requestsPage(
            accepted
              ? [makeRequest({ _id: "u-dan", username: "dan" })]
              : [makeRequest(), makeRequest({ _id: "u-dan", username: "dan" })],
          ),
        "POST /follow-requests/u-carol/accept": accept,
        "POST /follow-requests/u-dan/accept": acceptDan,
      },
      2,
    );
    await waitFor(() => expect(screen.getAllByText("requested to follow you")).toHaveLength(2));
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("connect")).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    within(rowOf("carol")).getByRole("button", { name: "Confirm follow request from carol" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));

    // The socket came back: what came meanwhile is read again, carol's "started following you" with it.
    act(() => socket.fire("connect"));
    expect(await screen.findByText("started following you")).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const confirmed = screen.getByText("Confirmed");
    expect(confirmed).toHaveFocus();
    const row = confirmed.closest("li") as HTMLElement;
    expect(row).toHaveTextContent("carol");
    expect(row).toHaveTextContent("requested to follow you");
    // Still the first row (where the pointer was), the new one beneath it.
    expect(row.parentElement?.firstElementChild).toBe(row);
    await user.keyboard("{Enter}");
    expect(acceptDan).not.toHaveBeenCalled();
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it("deletes a request inline through POST …/decline, the row saying so until the screen is left", async () => {
    let answered = false;
    const decline = vi.fn(() => {
      answered = true;
      return jsonResponse(200, { message: "Follow request declined" });
    });
    const { user, router } = openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": () => (answered ? pageOf(bobLikes) : pageOf(carolAsks, bobLikes)),
        "GET /follow-requests": () => requestsPage(answered ? [] : [makeRequest()]),
        "POST /follow-requests/u-carol/decline": decline,
        "GET /profile/bob": () => pending(),
      },
      1,
    );
    await screen.findByText("requested to follow you");

    await user.click(screen.getByRole("button", { name: "Delete follow request from carol" }));

    expect(outcomeIn(rowOf("carol"))).toHaveTextContent("Request removed");
    expect(screen.getByText("liked your post")).toBeInTheDocument();
    await waitFor(() => expect(decline).toHaveBeenCalledTimes(1));

    await act(() => router.navigate("/profile/bob"));
    await act(() => router.navigate(-1));
    await screen.findByText("liked your post");
    expect(screen.queryByText("requested to follow you")).not.toBeInTheDocument();
  });

  it("brings the buttons back when Confirm fails", async () => {
    const { user } = openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": pageOf(carolAsks, bobLikes),
        "GET /follow-requests": requestsPage([makeRequest()]),
        "POST /follow-requests/u-carol/accept": jsonResponse(500, { message: "Try later" }),
      },
      1,
    );
    await screen.findByText("requested to follow you");

    await user.click(screen.getByRole("button", { name: "Confirm follow request from carol" }));

    expect(await screen.findByText("Couldn't confirm the request. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("requested to follow you")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm follow request from carol" })).toBeInTheDocument();
    expect(within(rowOf("carol")).getByRole("button", { name: "Mark as read" })).toBeInTheDocument();
  });

  it("shows 'accepted your follow request', opening the member's profile", async () => {
    openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": pageOf(
          makeNotification({
            _id: "n-ok",
            type: "follow_accepted",
            text: "",
            sender: { _id: "u-dora", username: "dora", avatar: "" },
            post: null,
            media: null,
            mediaType: null,
          }),
        ),
      },
      0,
    );

    const text = await screen.findByText("accepted your follow request");
    expect(text.closest("a")).toHaveAttribute("href", "/profile/dora");
    expect(within(text.closest("li") as HTMLElement).queryByRole("button", { name: /Confirm/ })).toBeNull();
  });

  it("raises the count live when someone asks, once per notification", async () => {
    const { queryClient } = openAsPrivateAlice(
      "/notifications",
      { "GET /notifications": pageOf(bobLikes), "GET /follow-requests": requestsPage([makeRequest()]) },
      0,
    );
    await screen.findByText("liked your post");
    const socket = await currentSocket();

    act(() => socket.fire("newNotification", { notification: carolAsks, unreadCount: 2 }));
    act(() => socket.fire("newNotification", { notification: carolAsks, unreadCount: 2 }));

    expect(await screen.findByRole("link", { name: /^Follow requests/ })).toBeInTheDocument();
    expect(requestsCount(queryClient)).toBe(1);
    expect(screen.getByRole("button", { name: "Confirm follow request from carol" })).toBeInTheDocument();
  });

  it("drops a request withdrawn (or answered in another tab) live: the notification, the row and the count", async () => {
    let count = 1;
    const { queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": pageOf(carolAsks, bobLikes),
        "GET /follow-requests": requestsPage([makeRequest()]),
        "GET /user": () => jsonResponse(200, { user: { ...makeUserWithCount(count) } }),
      },
      1,
    );
    await screen.findByText("requested to follow you");
    const socket = await currentSocket();

    count = 0;
    act(() =>
      socket.fire("notificationsRemoved", {
        ids: ["n-carol"],
        unreadCount: 0,
        followRequestsFrom: ["u-carol"],
      }),
    );
    await waitFor(() => expect(screen.queryByText("requested to follow you")).not.toBeInTheDocument());
    expect(screen.getByText("liked your post")).toBeInTheDocument();
    await waitFor(() => expect(requestsCount(queryClient)).toBe(0));
    expect(screen.queryByRole("link", { name: /^Follow requests/ })).not.toBeInTheDocument();
  });

  it("takes every request away at once when the member went public in another tab, asking the list once", async () => {
    const danFollows = makeNotification({
      ...carolFollows,
      _id: "n-dan-follow",
      sender: { _id: "u-dan", username: "dan", avatar: "" },
    });
    let isPublic = false;
    const { fetchMock, queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        "GET /notifications": () =>
          isPublic ? pageOf(carolFollows, danFollows, bobLikes) : pageOf(carolAsks, danAsks, bobLikes),
        "GET /follow-requests": () =>
          requestsPage(isPublic ? [] : [makeRequest(), makeRequest({ _id: "u-dan", username: "dan" })]),
        "GET /user": () => jsonResponse(200, { user: makeUserWithCount(isPublic ? 0 : 2) }),
      },
      2,
    );
    await waitFor(() => expect(screen.getAllByText("requested to follow you")).toHaveLength(2));
    const socket = await currentSocket();
    const asks = (path: string) =>
      fetchMock.mock.calls.filter(([url]) => String(url).split("?")[0] === `/api${path}`).length;
    // What the socket's connect asked for again has come back.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = { list: asks("/notifications"), account: asks("/user") };

    isPublic = true;
    act(() =>
      socket.fire("notificationsRemoved", {
        ids: ["n-carol", "n-dan"],
        unreadCount: 0,
        followRequestsFrom: ["u-carol", "u-dan"],
        accepted: true,
      }),
    );

    await waitFor(() => expect(screen.getAllByText("started following you")).toHaveLength(2));
    expect(screen.queryByText("requested to follow you")).not.toBeInTheDocument();
    await waitFor(() => expect(requestsCount(queryClient)).toBe(0));
    expect(screen.queryByRole("link", { name: /^Follow requests/ })).not.toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // One event: the list and the account are asked once each (the list used to be asked twice).
    expect(asks("/notifications")).toBe(before.list + 1);
    expect(asks("/user")).toBe(before.account + 1);
  });

  /** The server as Carol's request is confirmed: her notification and request turn into her follow. */
  function carolAcceptedOnceConfirmed() {
    let accepted = false;
    const accept = vi.fn(() => {
      accepted = true;
      return jsonResponse(200, { message: "Follow request accepted", followersCount: 1 });
    });
    const routes = {
      "GET /notifications": () => (accepted ? pageOf(carolFollows, bobLikes) : pageOf(carolAsks, bobLikes)),
      "GET /follow-requests": () => requestsPage(accepted ? [] : [makeRequest()]),
      "POST /follow-requests/u-carol/accept": accept,
    };
    return { accept, routes };
  }

  it("shows an accepted request as a read 'started following you' when the list is next shown", async () => {
    const { accept, routes } = carolAcceptedOnceConfirmed();
    const { user, router, queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        ...routes,
        "GET /profile/bob": () => pending(),
      },
      1,
    );
    queryClient.setQueryDefaults(["notifications"], { staleTime: 30_000 });
    await screen.findByText("requested to follow you");
    const socket = await currentSocket();

    await user.click(screen.getByRole("button", { name: "Confirm follow request from carol" }));
    await waitFor(() => expect(accept).toHaveBeenCalledTimes(1));
    // Settled, and told by the server, before the screen is left.
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    act(() =>
      socket.fire("notificationsRemoved", {
        ids: ["n-carol"],
        unreadCount: 0,
        followRequestsFrom: ["u-carol"],
        accepted: true,
      }),
    );
    await act(() => router.navigate("/profile/bob"));
    await act(() => router.navigate(-1));

    const follows = await screen.findByText("started following you");
    const row = follows.closest("li") as HTMLElement;
    expect(within(row).getByRole("button", { name: "Mark as unread" })).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /Confirm/ })).toBeNull();
    expect(screen.queryByText("requested to follow you")).not.toBeInTheDocument();
  });

  it("shows what the requests list confirmed when coming back to the notifications", async () => {
    const { routes } = carolAcceptedOnceConfirmed();
    const { user, router, queryClient } = openAsPrivateAlice(
      "/notifications",
      {
        ...routes,
      },
      1,
    );
    // As the app's client keeps a list (query-client.ts): read again on a visit only once it is stale.
    queryClient.setQueryDefaults(["notifications"], { staleTime: 30_000 });
    await screen.findByText("requested to follow you");
    const socket = await currentSocket();
    await act(() => router.navigate("/notifications/requests"));

    await user.click(await screen.findByRole("button", { name: "Confirm follow request from carol" }));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    act(() =>
      socket.fire("notificationsRemoved", {
        ids: ["n-carol"],
        unreadCount: 0,
        followRequestsFrom: ["u-carol"],
        accepted: true,
      }),
    );
    await user.click(screen.getByRole("link", { name: "Back to notifications" }));

    expect(await screen.findByText("started following you")).toBeInTheDocument();
    expect(screen.queryByText("requested to follow you")).not.toBeInTheDocument();
  });
});
