import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { makeNotification } from "../../notifications/test/notification-fixtures";
import {
  deferred,
  makeRequest,
  openAsPrivateAlice,
  outcomeIn,
  queryOutcomeIn,
  requestsPage,
} from "../test/follow-request-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(async () => {
  await import("./follow-requests-screen");
});

const carol = makeRequest();
const dan = makeRequest({ _id: "u-dan", username: "dan", fullName: "" });
const erin = makeRequest({ _id: "u-erin", username: "erin", fullName: "Erin Hannon" });

function rows() {
  return within(screen.getByRole("list", { name: "Follow requests" })).getAllByRole("listitem");
}

describe("/notifications/requests", () => {
  it("shows skeletons while the requests load", async () => {
    openAsPrivateAlice("/notifications/requests", { "GET /follow-requests": () => pending() });

    expect(await screen.findByRole("heading", { level: 1, name: "Follow requests" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading follow requests...");
    expect(screen.getByRole("link", { name: "Back to notifications" })).toHaveAttribute(
      "href",
      "/notifications",
    );
  });

  it("lists avatar, username and full name with Confirm and Delete", async () => {
    openAsPrivateAlice("/notifications/requests", { "GET /follow-requests": requestsPage([carol, dan]) });

    await screen.findByRole("list", { name: "Follow requests" });
    const [first, second] = rows();
    expect(within(first as HTMLElement).getByRole("link", { name: "carol Carol Danvers" })).toHaveAttribute(
      "href",
      "/profile/carol",
    );
    expect(
      within(first as HTMLElement).getByRole("button", { name: "Confirm follow request from carol" }),
    ).toHaveTextContent("Confirm");
    expect(
      within(first as HTMLElement).getByRole("button", { name: "Delete follow request from carol" }),
    ).toHaveTextContent("Delete");
    expect(within(second as HTMLElement).getByRole("link", { name: "dan" })).toBeInTheDocument();
  });

  it("confirms one request per press: the row stays in its place saying 'Confirmed', with the focus", async () => {
    const answer = deferred();
    const accept = vi.fn(() => answer.promise);
    const acceptDan = vi.fn(() =>
      jsonResponse(200, { message: "Follow request accepted", followersCount: 7 }),
    );
    const { user, queryClient } = openAsPrivateAlice(
      "/notifications/requests",
      {
        "GET /follow-requests": requestsPage([carol, dan, erin]),
        "POST /follow-requests/u-carol/accept": accept,
        "POST /follow-requests/u-dan/accept": acceptDan,
      },
      3,
    );
    await screen.findByRole("list", { name: "Follow requests" });

    // Pressed twice in a row: the second press lands where the first did, never on dan's Confirm.
    screen.getByRole("button", { name: "Confirm follow request from carol" }).focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");

    expect(accept).toHaveBeenCalledTimes(1);
    expect(acceptDan).not.toHaveBeenCalled();
    // Nothing moved: carol's row is still first, her buttons replaced by what was done.
    const [first, second, third] = rows();
    expect(rows()).toHaveLength(3);
    expect(first).toHaveTextContent("carol");
    expect(within(first as HTMLElement).queryAllByRole("button")).toEqual([]);
    expect(outcomeIn(first as HTMLElement)).toHaveTextContent("Confirmed");
    expect(outcomeIn(first as HTMLElement)).toHaveFocus();
    // Said once, as the focus comes onto it: no live region saying it again.
    expect(within(first as HTMLElement).queryByRole("status")).toBeNull();
    expect(outcomeIn(first as HTMLElement).closest("[aria-live]")).toBeNull();
    expect(second).toHaveTextContent("dan");
    expect(within(second as HTMLElement).getByRole("button", { name: /^Confirm/ })).not.toHaveFocus();
    expect(third).toHaveTextContent("erin");
    expect(
      queryClient.getQueryData<{ followRequestsCount: number }>(["user", "me"])?.followRequestsCount,
    ).toBe(2);

    answer.release(jsonResponse(200, { message: "Follow request accepted", followersCount: 6 }));
    await waitFor(() =>
      expect(queryClient.getQueryData<{ followersCount: number }>(["user", "me"])?.followersCount).toBe(6),
    );
    expect(rows()).toHaveLength(3);
    expect(outcomeIn(rows()[0] as HTMLElement)).toHaveTextContent("Confirmed");
    expect(acceptDan).not.toHaveBeenCalled();
  });

  it("keeps a confirmed row in its place, with the focus, when someone new asks meanwhile", async () => {
    let answered = false;
    const accept = vi.fn(() => {
      answered = true;
      return jsonResponse(200, { message: "Follow request accepted", followersCount: 1 });
    });
    const acceptZed = vi.fn(() =>
      jsonResponse(200, { message: "Follow request accepted", followersCount: 2 }),
    );
    const zed = makeRequest({
      _id: "u-zed",
      username: "zed",
      fullName: "",
      requestedAt: "2025-06-10T12:00:00.000Z",
    });
    const { user, queryClient, fetchMock } = openAsPrivateAlice(
      "/notifications/requests",
      {
        // The server's list: carol's request is gone once confirmed, zed's is newest.
        "GET /follow-requests": () => requestsPage(answered ? [zed, dan] : [carol, dan]),
        "POST /follow-requests/u-carol/accept": accept,
        "POST /follow-requests/u-zed/accept": acceptZed,
      },
      2,
    );
    await screen.findByRole("list", { name: "Follow requests" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("newNotification")).toBe(true));
    screen.getByRole("button", { name: "Confirm follow request from carol" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).split("?")[0] === "/api/follow-requests").length;
    const readsBefore = reads();

    // Zed asks: the list is read again, and the server's has carol's request no more.
    act(() =>
      socket.fire("newNotification", {
        notification: makeNotification({
          _id: "n-zed",
          type: "follow_request",
          text: "requested to follow you",
          sender: { _id: "u-zed", username: "zed", avatar: "" },
          post: null,
          media: null,
          mediaType: null,
        }),
        unreadCount: 1,
      }),
    );
    await waitFor(() => expect(reads()).toBe(readsBefore + 1));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // Carol's row is where it was, saying so, with the focus; zed's comes beneath, not under the pointer.
    const [first, second, third] = rows();
    expect(first).toHaveTextContent("carol");
    expect(outcomeIn(first as HTMLElement)).toHaveTextContent("Confirmed");
    expect(outcomeIn(first as HTMLElement)).toHaveFocus();
    expect(second).toHaveTextContent("zed");
    expect(within(second as HTMLElement).getAllByRole("button")).toHaveLength(2);
    expect(third).toHaveTextContent("dan");
    // A second press on the same spot answers no one.
    await user.keyboard("{Enter}");
    await user.click(outcomeIn(first as HTMLElement));
    expect(acceptZed).not.toHaveBeenCalled();
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it("ignores a second click on an answered row's buttons", async () => {
    const decline = vi.fn(() => jsonResponse(200, { message: "Follow request declined" }));
    const { user } = openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": requestsPage([carol, dan]),
      "POST /follow-requests/u-carol/decline": decline,
    });
    await screen.findByRole("list", { name: "Follow requests" });

    await user.dblClick(screen.getByRole("button", { name: "Delete follow request from carol" }));

    await waitFor(() => expect(decline).toHaveBeenCalledTimes(1));
    expect(outcomeIn(rows()[0] as HTMLElement)).toHaveTextContent("Request removed");
    expect(within(rows()[1] as HTMLElement).getAllByRole("button")).toHaveLength(2);
  });

  it("deletes through POST …/decline, and the next visit says 'No follow requests' when none are left", async () => {
    let left = [carol];
    const decline = vi.fn(() => {
      left = [];
      return jsonResponse(200, { message: "Follow request declined" });
    });
    const { user, router } = openAsPrivateAlice(
      "/notifications/requests",
      {
        "GET /follow-requests": () => requestsPage(left),
        "POST /follow-requests/u-carol/decline": decline,
        "GET /notifications": jsonResponse(200, { notifications: [], nextCursor: null, unreadCount: 0 }),
      },
      1,
    );
    await screen.findByRole("list", { name: "Follow requests" });

    await user.click(screen.getByRole("button", { name: "Delete follow request from carol" }));

    // The row stays, saying so, while the list is shown: the focus is on those words, not the page's top.
    const removed = outcomeIn(rows()[0] as HTMLElement);
    expect(removed).toHaveTextContent("Request removed");
    expect(removed).toHaveFocus();
    await waitFor(() => expect(decline).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("heading", { name: "No follow requests" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Back to notifications" }));
    await screen.findByRole("heading", { level: 1, name: "Notifications" });
    await act(() => router.navigate("/notifications/requests"));
    expect(await screen.findByRole("heading", { name: "No follow requests" })).toBeInTheDocument();
  });

  it("puts the buttons back, with the focus, and says so when the answer fails", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": requestsPage([carol, dan]),
      "POST /follow-requests/u-dan/decline": jsonResponse(500, { message: "Try later" }),
    });
    await screen.findByRole("list", { name: "Follow requests" });

    await user.click(screen.getByRole("button", { name: "Delete follow request from dan" }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Couldn't delete the request. Please try again.", expect.anything()),
    );
    expect(rows()).toHaveLength(2);
    expect(within(rows()[1] as HTMLElement).getByText("dan")).toBeInTheDocument();
    expect(queryOutcomeIn(rows()[1] as HTMLElement)).toBeNull();
    expect(screen.getByRole("button", { name: "Delete follow request from dan" })).toHaveFocus();
  });

  it("says a request withdrawn meanwhile (404) is removed, in its place, without an error", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": requestsPage([carol, dan]),
      "POST /follow-requests/u-carol/accept": jsonResponse(404, { message: "Follow request not found" }),
    });
    await screen.findByRole("list", { name: "Follow requests" });

    await user.click(screen.getByRole("button", { name: "Confirm follow request from carol" }));

    await waitFor(() => expect(outcomeIn(rows()[0] as HTMLElement)).toHaveTextContent("Request removed"));
    expect(rows()).toHaveLength(2);
    expect(error).not.toHaveBeenCalled();
  });

  it("says 'No follow requests' for an empty list", async () => {
    openAsPrivateAlice("/notifications/requests", { "GET /follow-requests": requestsPage([]) }, 0);
    expect(await screen.findByRole("heading", { name: "No follow requests" })).toBeInTheDocument();
  });

  it("loads the next page's rows at the end of the list, inside its card, and says it is loading", async () => {
    const { user } = openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": (url: string) =>
        new URL(url, "http://x").searchParams.get("cursor") === "c-1"
          ? pending()
          : requestsPage([carol], "c-1"),
    });

    await user.click(await screen.findByRole("button", { name: "Load more requests" }));

    expect(await screen.findByRole("status")).toHaveTextContent("Loading follow requests...");
    // The placeholders are the list's last items (hidden from assistive technology), not a card below it.
    const list = screen.getByRole("list", { name: "Follow requests" });
    expect(list.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(2);
    expect(rows()).toHaveLength(1);
  });

  it("answers once for two presses that come before the answer shows (a double-click)", async () => {
    const accept = vi.fn(() => jsonResponse(200, { message: "Follow request accepted", followersCount: 7 }));
    openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": requestsPage([carol, dan]),
      "POST /follow-requests/u-carol/accept": accept,
    });
    const confirm = await screen.findByRole("button", { name: "Confirm follow request from carol" });

    // Both before React draws the answer: the second must not send again (a 404 would say "Request removed").
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await within(rows()[0] as HTMLElement).findByText("Confirmed")).toBeInTheDocument();
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it("pages on with the cursor", async () => {
    const page = vi.fn((url: string) => {
      const cursor = new URL(url, "http://x").searchParams.get("cursor");
      return cursor === "c-1" ? requestsPage([dan]) : requestsPage([carol], "c-1");
    });
    const { user } = openAsPrivateAlice("/notifications/requests", { "GET /follow-requests": page });

    await user.click(await screen.findByRole("button", { name: "Load more requests" }));

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(page).toHaveBeenCalledTimes(2);
    expect(new URL(String(page.mock.calls[1]?.[0]), "http://x").searchParams.get("limit")).toBe("20");
    expect(screen.queryByRole("button", { name: "Load more requests" })).not.toBeInTheDocument();
  });
});
