import { screen, waitFor, within } from "@testing-library/react";
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

  it("confirms: the row leaves at once, focus moves to the next one, and the call is made", async () => {
    const answer = deferred();
    const accept = vi.fn(() => answer.promise);
    const { user, queryClient } = openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": requestsPage([carol, dan]),
      "POST /follow-requests/u-carol/accept": accept,
    });
    await screen.findByRole("list", { name: "Follow requests" });

    await user.click(screen.getByRole("button", { name: "Confirm follow request from carol" }));

    expect(rows()).toHaveLength(1);
    expect(screen.queryByText("carol")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm follow request from dan" })).toHaveFocus();
    expect(accept).toHaveBeenCalledTimes(1);
    expect(
      queryClient.getQueryData<{ followRequestsCount: number }>(["user", "me"])?.followRequestsCount,
    ).toBe(1);

    answer.release(jsonResponse(200, { message: "Follow request accepted", followersCount: 6 }));
    await waitFor(() =>
      expect(queryClient.getQueryData<{ followersCount: number }>(["user", "me"])?.followersCount).toBe(6),
    );
    expect(rows()).toHaveLength(1);
  });

  it("deletes through POST …/decline and says 'No follow requests' when none are left", async () => {
    const decline = vi.fn(() => jsonResponse(200, { message: "Follow request declined" }));
    const { user } = openAsPrivateAlice(
      "/notifications/requests",
      { "GET /follow-requests": requestsPage([carol]), "POST /follow-requests/u-carol/decline": decline },
      1,
    );
    await screen.findByRole("list", { name: "Follow requests" });

    await user.click(screen.getByRole("button", { name: "Delete follow request from carol" }));

    expect(await screen.findByRole("heading", { name: "No follow requests" })).toBeInTheDocument();
    expect(decline).toHaveBeenCalledTimes(1);
    // The last row gone, the screen's main area has the focus, not the top of the page.
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("puts the row back and says so when the answer fails", async () => {
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
  });

  it("keeps a request withdrawn meanwhile (404) out of the list, without an error", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openAsPrivateAlice("/notifications/requests", {
      "GET /follow-requests": requestsPage([carol, dan]),
      "POST /follow-requests/u-carol/accept": jsonResponse(404, { message: "Follow request not found" }),
    });
    await screen.findByRole("list", { name: "Follow requests" });

    await user.click(screen.getByRole("button", { name: "Confirm follow request from carol" }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(error).not.toHaveBeenCalled();
  });

  it("says 'No follow requests' for an empty list", async () => {
    openAsPrivateAlice("/notifications/requests", { "GET /follow-requests": requestsPage([]) }, 0);
    expect(await screen.findByRole("heading", { name: "No follow requests" })).toBeInTheDocument();
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
