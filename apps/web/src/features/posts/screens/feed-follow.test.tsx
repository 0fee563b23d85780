import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makePost, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

describe("Follow button on a feed card", () => {
  it("unfollows a private author, asks again, and shows Requested without asking twice", async () => {
    signInAsAlice();
    const unfollow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: false, followersCount: 2 }),
    );
    const follow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: true, followersCount: 2 }),
    );
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser({ following: ["u-bob"] }) }),
        "GET /posts": jsonResponse(200, { posts: [makePost()], nextCursor: null }),
        "POST /unfollow/u-bob": unfollow,
        "POST /follow/u-bob": follow,
      }),
    );
    const { user } = renderApp("/post");
    const card = await screen.findByRole("article", { name: "Post by @bob" });

    await user.click(within(card).getByRole("button", { name: "Following" }));
    await user.click(await within(card).findByRole("button", { name: "Follow" }));

    expect(await within(card).findByRole("button", { name: "Requested" })).toBeInTheDocument();
    // The answer ("requested") settled the tap: a second request would have gone out before the
    // button could show it.
    expect(follow).toHaveBeenCalledTimes(1);
    expect(unfollow).toHaveBeenCalledTimes(1);

    await user.click(within(card).getByRole("button", { name: "Requested" }));
    expect(await within(card).findByRole("button", { name: "Follow" })).toBeInTheDocument();
    await waitFor(() => expect(unfollow).toHaveBeenCalledTimes(2));
  });
});
