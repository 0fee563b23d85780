import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { bob, fetchRoutes, jsonResponse, makePost, makeUser, pending } from "../../../test/fixtures";
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

  it("asks before unfollowing a private author, and asks to follow them again at once", async () => {
    signInAsAlice();
    const dora = { ...bob, _id: "u-dora", username: "dora", isPrivate: true };
    const unfollow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: false, followersCount: 2 }),
    );
    const follow = vi.fn(() => pending());
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser({ following: ["u-dora"] }) }),
        "GET /posts": jsonResponse(200, { posts: [makePost({ user: dora })], nextCursor: null }),
        "POST /unfollow/u-dora": unfollow,
        "POST /follow/u-dora": follow,
      }),
    );
    const { user } = renderApp("/post");
    const card = await screen.findByRole("article", { name: "Post by @dora" });

    await user.click(within(card).getByRole("button", { name: "Following" }));
    const question = await screen.findByRole("dialog", { name: "Unfollow dora?" });
    expect(question).toHaveTextContent(
      "If you change your mind, you'll have to request to follow @dora again.",
    );
    await user.click(within(question).getByRole("button", { name: "Unfollow" }));

    const followButton = await within(card).findByRole("button", { name: "Follow" });
    expect(followButton).toHaveFocus();
    await waitFor(() => expect(unfollow).toHaveBeenCalledTimes(1));

    await user.click(followButton);
    expect(within(card).getByRole("button", { name: "Requested" })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);
  });
});
