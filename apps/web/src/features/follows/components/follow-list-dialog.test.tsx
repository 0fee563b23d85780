import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeFollowListMember, makeProfile, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { aliceProfile, openProfile, preloadProfileScreens } from "../../profile/test/profile-routes";
import { followKeys } from "../api/follow-keys";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadProfileScreens);

const carol = makeFollowListMember();
const dan = makeFollowListMember({ _id: "u-dan", username: "dan", fullName: "" });

describe("Followers and following lists", () => {
  it("shows 'Loading...' while the list loads", async () => {
    const { user } = openProfile("/profile/bob", { routes: { "GET /followers/u-bob": () => pending() } });

    await user.click(await screen.findByRole("button", { name: "3 followers" }));

    const dialog = screen.getByRole("dialog", { name: "Followers" });
    expect(within(dialog).getByRole("status")).toHaveTextContent("Loading...");
  });

  it("says 'No followers yet' and 'No following yet' for empty lists", async () => {
    const { user } = openProfile("/profile/bob", {
      member: makeProfile({ followersCount: 0, followingCount: 0 }),
      routes: {
        "GET /followers/u-bob": jsonResponse(200, { followers: [], nextCursor: null }),
        "GET /following/u-bob": jsonResponse(200, { following: [], nextCursor: null }),
      },
    });

    await user.click(await screen.findByRole("button", { name: "0 followers" }));
    expect(await screen.findByText("No followers yet")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "0 followers" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "0 following" }));
    expect(await screen.findByText("No following yet")).toBeInTheDocument();
  });

  it("closes on the browser's Back, staying on the profile, focus back on the count", async () => {
    const { router, user } = openProfile(["/elsewhere", "/profile/bob"], {
      routes: { "GET /followers/u-bob": jsonResponse(200, { followers: [carol], nextCursor: null }) },
    });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    expect(await screen.findByRole("dialog", { name: "Followers" })).toBeInTheDocument();

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/profile/bob");
    expect(screen.getByRole("button", { name: "3 followers" })).toHaveFocus();
  });

  it("lists avatar, username and full name, and a person opens their profile and closes the list", async () => {
    const { user, router } = openProfile("/profile/bob", {
      routes: {
        "GET /following/u-bob": jsonResponse(200, { following: [carol, dan], nextCursor: null }),
        "GET /profile/carol": jsonResponse(200, {
          user: makeProfile({ _id: "u-carol", id: "u-carol", username: "carol", fullName: "Carol Danvers" }),
          posts: [],
          isMyProfile: false,
        }),
        "GET /highlights/user/carol": jsonResponse(200, { highlights: [] }),
      },
    });

    await user.click(await screen.findByRole("button", { name: "1 following" }));
    const list = await screen.findByRole("list", { name: "Following" });
    const rows = within(list).getAllByRole("link");
    expect(rows[0]).toHaveAccessibleName("carol Carol Danvers");
    expect(rows[1]).toHaveAccessibleName("dan Unnamed User");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute("href", "/profile/carol");

    await user.click(rows[0] as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/carol"));
    expect(await screen.findByRole("heading", { level: 1, name: "@carol" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // As on Instagram, Back from their profile is the list again.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("dialog", { name: "Following" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile/bob");
  });

  it("pages on with the cursor", async () => {
    const page = vi.fn((url: string) => {
      const cursor = new URL(url, "http://x").searchParams.get("cursor");
      return jsonResponse(
        200,
        cursor === "c-1" ? { followers: [dan], nextCursor: null } : { followers: [carol], nextCursor: "c-1" },
      );
    });
    const { user } = openProfile("/profile/bob", { routes: { "GET /followers/u-bob": page } });

    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    await user.click(await screen.findByRole("button", { name: "Load more" }));

    const list = screen.getByRole("list", { name: "Followers" });
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(2));
    expect(page).toHaveBeenCalledTimes(2);
  });

  it("says the server's refusal met while paging (she went private) in the rows' place, with nothing to retry", async () => {
    const page = vi.fn((url: string) =>
      new URL(url, "http://x").searchParams.get("cursor") === "c-1"
        ? jsonResponse(403, { message: "This account is private" })
        : jsonResponse(200, { followers: [carol], nextCursor: "c-1" }),
    );
    const { user } = openProfile("/profile/bob", { routes: { "GET /followers/u-bob": page } });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const dialog = await screen.findByRole("dialog", { name: "Followers" });

    await user.click(await within(dialog).findByRole("button", { name: "Load more" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This account is private");
    expect(within(dialog).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("list", { name: "Followers" })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    expect(page).toHaveBeenCalledTimes(2);
  });

  it("says a next page failed on the server, and Try again loads it", async () => {
    let failing = true;
    const page = vi.fn((url: string) => {
      if (new URL(url, "http://x").searchParams.get("cursor") !== "c-1")
        return jsonResponse(200, { followers: [carol], nextCursor: "c-1" });
      return failing
        ? jsonResponse(500, { message: "Internal server error" })
        : jsonResponse(200, { followers: [dan], nextCursor: null });
    });
    const { user } = openProfile("/profile/bob", { routes: { "GET /followers/u-bob": page } });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const dialog = await screen.findByRole("dialog", { name: "Followers" });

    await user.click(await within(dialog).findByRole("button", { name: "Load more" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't load more.");
    expect(within(dialog).getByRole("list", { name: "Followers" })).toHaveTextContent("carol");
    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    const list = within(dialog).getByRole("list", { name: "Followers" });
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(2));
  });

  it("does not offer the lists of a private account the viewer does not follow", async () => {
    openProfile("/profile/bob", { member: makeProfile({ isPrivate: true, isFollowed: false }) });

    const stats = await screen.findByRole("list", { name: "Profile stats" });
    expect(within(stats).queryAllByRole("button")).toHaveLength(0);
    expect(within(stats).getByText("follower", { exact: false }).closest("li")).toHaveTextContent(
      "3 followers",
    );
  });

  it("tells a viewer the server refuses the list to that the account is private", async () => {
    const { user } = openProfile("/profile/bob", {
      routes: { "GET /followers/u-bob": jsonResponse(403, { message: "This account is private" }) },
    });

    await user.click(await screen.findByRole("button", { name: "3 followers" }));

    const dialog = screen.getByRole("dialog", { name: "Followers" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This account is private");
  });
});

describe("Follow buttons in the lists", () => {
  it("follows from a row, and a private member's answer turns it into Requested", async () => {
    let answer: (response: Response) => void = () => {};
    const follow = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    let requested = false;
    const { user } = openProfile("/profile/bob", {
      routes: {
        "GET /followers/u-bob": () =>
          jsonResponse(200, { followers: [{ ...carol, isRequested: requested }], nextCursor: null }),
        "POST /follow/u-carol": follow,
      },
    });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const list = await screen.findByRole("list", { name: "Followers" });

    await user.click(within(list).getByRole("button", { name: "Follow" }));

    // Listed as public: Following at once; the answer says she went private since.
    expect(within(list).getByRole("button", { name: "Following" })).toBeInTheDocument();
    requested = true;
    answer(jsonResponse(200, { isFollowed: false, isRequested: true, followersCount: 9 }));
    expect(await within(list).findByRole("button", { name: "Requested" })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it("does not read the list again on a Follow from it: every page scrolled through would reload", async () => {
    const listed = vi.fn(() => jsonResponse(200, { followers: [carol, dan], nextCursor: null }));
    const { user } = openProfile("/profile/bob", {
      routes: {
        "GET /followers/u-bob": listed,
        "POST /follow/u-carol": jsonResponse(200, {
          isFollowed: true,
          isRequested: false,
          followersCount: 9,
        }),
        "POST /unfollow/u-carol": jsonResponse(200, {
          isFollowed: false,
          isRequested: false,
          followersCount: 8,
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const list = await screen.findByRole("list", { name: "Followers" });
    const carolsRow = () => within(list).getAllByRole("listitem")[0] as HTMLElement;

    await user.click(within(carolsRow()).getByRole("button", { name: "Follow" }));
    await user.click(within(carolsRow()).getByRole("button", { name: "Following" }));
    expect(await within(carolsRow()).findByRole("button", { name: "Follow" })).toBeInTheDocument();
    // Both answers applied (and whatever they asked for under way).
    await act(() => new Promise((settled) => setTimeout(settled, 0)));

    expect(listed).toHaveBeenCalledTimes(1);
  });

  it("asks a listed private member at once, and asks before unfollowing one", async () => {
    const dora = makeFollowListMember({ _id: "u-dora", username: "dora", isPrivate: true });
    const erin = makeFollowListMember({ _id: "u-erin", username: "erin", isPrivate: true, isFollowed: true });
    const follow = vi.fn(() => pending());
    const unfollow = vi.fn(() => pending());
    const { user } = openProfile("/profile/bob", {
      routes: {
        "GET /followers/u-bob": jsonResponse(200, { followers: [dora, erin], nextCursor: null }),
        "POST /follow/u-dora": follow,
        "POST /unfollow/u-erin": unfollow,
      },
    });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const list = await screen.findByRole("list", { name: "Followers" });
    const [doraRow, erinRow] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(doraRow).toHaveTextContent("dora");
    expect(erinRow).toHaveTextContent("erin");

    await user.click(within(doraRow).getByRole("button", { name: "Follow" }));
    expect(within(doraRow).getByRole("button", { name: "Requested" })).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);

    await user.click(within(erinRow).getByRole("button", { name: "Following" }));
    expect(await screen.findByRole("dialog", { name: "Unfollow erin?" })).toBeInTheDocument();
    // Escape answers the question only: the list stays open.
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Unfollow erin?" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Followers" })).toBeInTheDocument();
    expect(within(erinRow).getByRole("button", { name: "Following" })).toHaveFocus();
    expect(unfollow).not.toHaveBeenCalled();

    await user.click(within(erinRow).getByRole("button", { name: "Following" }));
    const question = await screen.findByRole("dialog", { name: "Unfollow erin?" });
    await user.click(within(question).getByRole("button", { name: "Unfollow" }));
    expect(within(erinRow).getByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(unfollow).toHaveBeenCalledTimes(1);
  });

  it("withdraws a pending request from a row, and the viewer's own row has no button", async () => {
    const unfollow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: false, followersCount: 9 }),
    );
    const alice = makeFollowListMember({ _id: "u-alice", username: "alice", fullName: "Alice Liddell" });
    const { user } = openProfile("/profile/bob", {
      routes: {
        "GET /followers/u-bob": () =>
          jsonResponse(200, {
            followers: [{ ...carol, isRequested: unfollow.mock.calls.length === 0 }, alice],
            nextCursor: null,
          }),
        "POST /unfollow/u-carol": unfollow,
      },
    });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const list = await screen.findByRole("list", { name: "Followers" });
    expect(within(list).getAllByRole("button")).toHaveLength(1);

    await user.click(within(list).getByRole("button", { name: "Requested" }));

    expect(within(list).getByRole("button", { name: "Follow" })).toBeInTheDocument();
    await waitFor(() => expect(unfollow).toHaveBeenCalledTimes(1));
  });
});

describe("Remove follower, on the member's own followers list", () => {
  const openOwnFollowers = (remove: () => Response | Promise<Response>) => {
    const removeRoute = vi.fn(remove);
    const opened = openProfile("/profile", {
      member: aliceProfile,
      isMyProfile: true,
      routes: {
        "GET /followers/u-alice": jsonResponse(200, { followers: [carol, dan], nextCursor: null }),
        "DELETE /followers/u-carol": removeRoute,
      },
    });
    return { ...opened, removeRoute };
  };

  it("offers Remove in place of Follow, asks first, and takes the row away at once, the keyboard going on from the next", async () => {
    const { user, removeRoute } = openOwnFollowers(() =>
      jsonResponse(200, { message: "Follower removed", followersCount: 4 }),
    );
    await user.click(await screen.findByRole("button", { name: "5 followers" }));
    const list = await screen.findByRole("list", { name: "Followers" });
    expect(within(list).queryByRole("button", { name: /^Follow/ })).not.toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: "Remove carol" }));
    const question = screen.getByRole("dialog", { name: "Remove follower?" });
    expect(question).toHaveTextContent("Flik won't tell @carol they were removed from your followers.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(removeRoute).not.toHaveBeenCalled();
    expect(within(list).getByRole("button", { name: "Remove carol" })).toHaveFocus();

    await user.click(within(list).getByRole("button", { name: "Remove carol" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Remove follower?" })).getByRole("button", {
        name: "Remove",
      }),
    );

    await waitFor(() => expect(within(list).queryByText("carol")).not.toBeInTheDocument());
    expect(removeRoute).toHaveBeenCalledTimes(1);
    expect(within(list).getByRole("button", { name: "Remove dan" })).toHaveFocus();
    expect(await screen.findByRole("button", { name: "4 followers" })).toBeInTheDocument();
  });

  it("puts the row back and says so when the server fails", async () => {
    const { user } = openOwnFollowers(() => jsonResponse(500, { message: "Boom" }));
    await user.click(await screen.findByRole("button", { name: "5 followers" }));
    const list = await screen.findByRole("list", { name: "Followers" });

    await user.click(within(list).getByRole("button", { name: "Remove carol" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Remove follower?" })).getByRole("button", {
        name: "Remove",
      }),
    );

    expect(await screen.findByText("Couldn't remove this follower. Please try again.")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Remove carol" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "5 followers" })).toBeInTheDocument();
  });
});

describe("A list whose member goes private while it is open", () => {
  /** Bob's profile, public until `goPrivate`; read again, it answers as the server then would. */
  function bobsProfile(isFollowed: boolean) {
    let isPrivate = false;
    const profile = vi.fn(() =>
      jsonResponse(200, {
        user: makeProfile({ isFollowed, isPrivate }),
        posts: [],
        isMyProfile: false,
        nextCursor: null,
      }),
    );
    return { profile, goPrivate: () => (isPrivate = true) };
  }

  async function openFollowersLive(isFollowed: boolean) {
    const bob = bobsProfile(isFollowed);
    const list = vi.fn(() => jsonResponse(200, { followers: [carol], nextCursor: null }));
    const opened = openProfile(["/elsewhere", "/profile/bob"], {
      routes: { "GET /profile/bob": bob.profile, "GET /followers/u-bob": list },
    });
    await opened.user.click(await screen.findByRole("button", { name: "3 followers" }));
    const dialog = await screen.findByRole("dialog", { name: "Followers" });
    expect(await within(dialog).findByRole("link", { name: /carol/ })).toBeInTheDocument();
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));
    return { ...opened, ...bob, list, socket };
  }

  it("closes a stranger's list, shows the lock, and drops its pages", async () => {
    const { router, queryClient, socket, goPrivate, list } = await openFollowersLive(false);

    goPrivate();
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: true }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const lock = screen.getByRole("heading", { name: "This account is private" });
    expect(lock.closest("section")).toHaveFocus();
    expect(within(screen.getByRole("list", { name: "Profile stats" })).queryAllByRole("button")).toEqual([]);
    expect(queryClient.getQueryData(followKeys.list("followers", "u-bob"))).toBeUndefined();
    expect(list).toHaveBeenCalledTimes(1);
    // The list's history entry went with it: Back leaves the profile.
    await waitFor(() => expect(JSON.stringify(router.state.location.state ?? {})).not.toMatch("follow-list"));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/elsewhere");
  });

  it("keeps a follower's list open, rows and all", async () => {
    const { queryClient, socket, goPrivate, list } = await openFollowersLive(true);

    goPrivate();
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: true }));

    const dialog = screen.getByRole("dialog", { name: "Followers" });
    expect(within(dialog).getByRole("link", { name: /carol/ })).toBeInTheDocument();
    expect(queryClient.getQueryData(followKeys.list("followers", "u-bob"))).toBeDefined();
    expect(screen.queryByRole("heading", { name: "This account is private" })).not.toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("closes a stranger's list whose next page the server refuses, the profile read again showing the lock", async () => {
    const bob = bobsProfile(false);
    const page = vi.fn((url: string) =>
      new URL(url, "http://x").searchParams.get("cursor") === "c-1"
        ? jsonResponse(403, { message: "This account is private" })
        : jsonResponse(200, { followers: [carol], nextCursor: "c-1" }),
    );
    const { user, queryClient } = openProfile("/profile/bob", {
      routes: { "GET /profile/bob": bob.profile, "GET /followers/u-bob": page },
    });
    await user.click(await screen.findByRole("button", { name: "3 followers" }));
    const dialog = await screen.findByRole("dialog", { name: "Followers" });

    bob.goPrivate();
    await user.click(await within(dialog).findByRole("button", { name: "Load more" }));

    expect(await screen.findByRole("heading", { name: "This account is private" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bob.profile).toHaveBeenCalledTimes(2);
    expect(page).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(followKeys.list("followers", "u-bob"))).toBeUndefined();
  });
});
