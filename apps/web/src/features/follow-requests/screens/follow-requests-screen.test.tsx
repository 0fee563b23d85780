import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, pending } from "../../../test/fixtures";
import { deferred, makeRequest, openAsPrivateAlice, requestsPage } from "../test/follow-request-fixtures";

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
    expect(within(first as HTMLElement).getByRole("status")).toHaveTextContent("Confirmed");
    expect(within(first as HTMLElement).getByRole("status")).toHaveFocus();
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
    expect(within(rows()[0] as HTMLElement).getByRole("status")).toHaveTextContent("Confirmed");
    expect(acceptDan).not.toHaveBeenCalled();
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
    expect(within(rows()[0] as HTMLElement).getByRole("status")).toHaveTextContent("Request removed");
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
    const removed = within(rows()[0] as HTMLElement).getByRole("status");
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
    expect(within(rows()[1] as HTMLElement).queryByRole("status")).toBeNull();
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

    await waitFor(() =>
      expect(within(rows()[0] as HTMLElement).getByRole("status")).toHaveTextContent("Request removed"),
    );
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
