import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../lib/storage";
import { bob, jsonResponse, makePost, makeProfile } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { makeNotification } from "../../notifications/test/notification-fixtures";
import { aliceProfile, openProfile, preloadProfileScreens } from "../test/profile-routes";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadProfileScreens);

/** A response the test releases when it chooses. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const carol = makeProfile({
  _id: "u-carol",
  id: "u-carol",
  username: "carol",
  isFollowed: false,
  followersCount: 3,
});

/** The counts, buttons or not (a locked profile's lists are not the viewer's to open). */
function stats() {
  return screen.getByRole("list", { name: "Profile stats" });
}

function followers() {
  return within(screen.getByRole("list", { name: "Profile stats" })).getAllByRole("button")[0];
}

describe("Follow button on a profile", () => {
  it("starts from whether the viewer follows the member", async () => {
    openProfile("/profile/carol", { member: carol });
    expect(await screen.findByRole("button", { name: "Follow" })).not.toHaveAttribute("aria-pressed");
  });

  it("shows Following and the new count at once, then keeps the server's answer", async () => {
    const answer = deferred();
    const follow = vi.fn(() => answer.promise);
    const { user } = openProfile("/profile/carol", {
      member: carol,
      routes: { "POST /follow/u-carol": follow },
    });

    await user.click(await screen.findByRole("button", { name: "Follow" }));

    expect(screen.getByRole("button", { name: "Following" })).not.toHaveAttribute("aria-pressed");
    expect(followers()).toHaveAccessibleName("4 followers");
    expect(follow).toHaveBeenCalledTimes(1);

    answer.release(jsonResponse(200, { isFollowed: true, followersCount: 10 }));

    await waitFor(() => expect(followers()).toHaveAccessibleName("10 followers"));
    expect(screen.getByRole("button", { name: "Following" })).toBeInTheDocument();
  });

  it("rolls back to Follow and the old count when the server refuses", async () => {
    const answer = deferred();
    const { user } = openProfile("/profile/carol", {
      member: carol,
      routes: { "POST /follow/u-carol": () => answer.promise },
    });

    await user.click(await screen.findByRole("button", { name: "Follow" }));
    expect(screen.getByRole("button", { name: "Following" })).toBeInTheDocument();
    expect(followers()).toHaveAccessibleName("4 followers");

    answer.release(jsonResponse(500, { message: "Try later" }));

    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(followers()).toHaveAccessibleName("3 followers");
    expect(await screen.findByText("Try later")).toBeInTheDocument();
  });

  it("unfollows optimistically too", async () => {
    const unfollow = vi.fn(() => jsonResponse(200, { isFollowed: false, followersCount: 2 }));
    const { user } = openProfile("/profile/bob", { routes: { "POST /unfollow/u-bob": unfollow } });

    await user.click(await screen.findByRole("button", { name: "Following" }));

    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    await waitFor(() => expect(followers()).toHaveAccessibleName("2 followers"));
    expect(unfollow).toHaveBeenCalledTimes(1);
  });

  it("alerts 'Login required' without a token, and sends nothing", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const follow = vi.fn(() => jsonResponse(200, { isFollowed: true, followersCount: 4 }));
    const { user } = openProfile("/profile/carol", {
      member: carol,
      routes: { "POST /follow/u-carol": follow },
    });
    const button = await screen.findByRole("button", { name: "Follow" });
    // The token goes (another tab logged out) without this screen being told.
    localStorage.removeItem(STORAGE_KEYS.token);

    await user.click(button);

    expect(alert).toHaveBeenCalledWith("Login required");
    expect(follow).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Follow" })).toBeInTheDocument();
  });

  it("reloads a private member's posts once they are followed", async () => {
    const locked = makeProfile({ ...carol, isPrivate: true });
    let profileCalls = 0;
    const { user } = openProfile("/profile/carol", {
      member: locked,
      routes: {
        "GET /profile/carol": () => {
          profileCalls += 1;
          return jsonResponse(200, {
            user: { ...locked, isFollowed: profileCalls > 1 },
            posts: [],
            isMyProfile: false,
            nextCursor: null,
          });
        },
        "POST /follow/u-carol": jsonResponse(200, { isFollowed: true, followersCount: 4 }),
      },
    });

    expect(await screen.findByRole("heading", { name: "This account is private" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Follow" }));

    expect(await screen.findByText("No posts yet")).toBeInTheDocument();
    expect(profileCalls).toBe(2);
  });
});

describe("Follow requests on a private profile", () => {
  const dora = makeProfile({
    _id: "u-dora",
    id: "u-dora",
    username: "dora",
    isPrivate: true,
    isFollowed: false,
    followersCount: 7,
  });

  it("asks to follow: Requested at once, secondary, the count unchanged", async () => {
    const answer = deferred();
    const follow = vi.fn(() => answer.promise);
    const { user } = openProfile("/profile/dora", {
      member: dora,
      routes: { "POST /follow/u-dora": follow },
    });

    await user.click(await screen.findByRole("button", { name: "Follow" }));

    const requested = screen.getByRole("button", { name: "Requested" });
    expect(requested).not.toHaveAttribute("aria-pressed");
    expect(requested).toHaveAttribute("title", "Withdraw your follow request to @dora");
    expect(requested.className).not.toContain("bg-brand");
    expect(stats()).toHaveTextContent("7 followers");
    expect(follow).toHaveBeenCalledTimes(1);

    answer.release(jsonResponse(200, { isFollowed: false, isRequested: true, followersCount: 7 }));

    await waitFor(() => expect(follow).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole("button", { name: "Requested" })).toBeInTheDocument();
    // Still locked: a request is not a follow.
    expect(screen.getByRole("heading", { name: "This account is private" })).toBeInTheDocument();
  });

  it("rolls back to Follow when the request fails", async () => {
    const answer = deferred();
    const { user } = openProfile("/profile/dora", {
      member: dora,
      routes: { "POST /follow/u-dora": () => answer.promise },
    });

    await user.click(await screen.findByRole("button", { name: "Follow" }));
    expect(screen.getByRole("button", { name: "Requested" })).toBeInTheDocument();

    answer.release(jsonResponse(403, { message: "You can't follow this account" }));

    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(await screen.findByText("You can't follow this account")).toBeInTheDocument();
  });

  it("asks for a profile again when an unfollow is refused for what the member now is (a block)", async () => {
    const followed = { ...carol, isFollowed: true };
    let asked = 0;
    const profile = vi.fn(() =>
      ++asked === 1
        ? jsonResponse(200, { user: followed, posts: [], isMyProfile: false, nextCursor: null })
        : jsonResponse(404, { message: "Member not found" }),
    );
    const { user } = openProfile("/profile/carol", {
      member: followed,
      routes: {
        "GET /profile/carol": profile,
        "POST /unfollow/u-carol": jsonResponse(403, { message: "This account isn't available" }),
      },
    });

    await user.click(await screen.findByRole("button", { name: "Following" }));

    expect(await screen.findByText("This account isn't available")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Member not found" })).toBeInTheDocument();
    expect(profile).toHaveBeenCalledTimes(2);
  });

  it("withdraws a pending request through POST /unfollow", async () => {
    const unfollow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: false, followersCount: 7 }),
    );
    const { user } = openProfile("/profile/dora", {
      member: { ...dora, isRequested: true },
      routes: { "POST /unfollow/u-dora": unfollow },
    });

    await user.click(await screen.findByRole("button", { name: "Requested" }));

    expect(screen.getByRole("button", { name: "Follow" })).not.toHaveAttribute("aria-pressed");
    await waitFor(() => expect(unfollow).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(stats()).toHaveTextContent("7 followers");
  });

  it("asks before unfollowing a private member; Cancel keeps the follow and sends nothing", async () => {
    const unfollow = vi.fn(() => jsonResponse(200, { isFollowed: false, followersCount: 7 }));
    const { user } = openProfile("/profile/dora", {
      member: { ...dora, isFollowed: true, followersCount: 8 },
      routes: { "POST /unfollow/u-dora": unfollow },
    });

    const following = await screen.findByRole("button", { name: "Following" });
    await user.click(following);

    const question = await screen.findByRole("dialog", { name: "Unfollow dora?" });
    expect(question).toHaveTextContent(
      "If you change your mind, you'll have to request to follow @dora again.",
    );
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(question).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog", { name: "Unfollow dora?" })).not.toBeInTheDocument();
    expect(following).toHaveFocus();
    expect(following).toHaveTextContent("Following");
    expect(unfollow).not.toHaveBeenCalled();

    // Escape is a Cancel too.
    await user.click(following);
    await screen.findByRole("dialog", { name: "Unfollow dora?" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Unfollow dora?" })).not.toBeInTheDocument();
    expect(unfollow).not.toHaveBeenCalled();
  });

  it("takes the question down when the follow ends elsewhere meanwhile (another tab)", async () => {
    const unfollow = vi.fn(() => jsonResponse(200, { isFollowed: false, followersCount: 7 }));
    let followed = true;
    const { user } = openProfile("/profile/dora", {
      member: { ...dora, isFollowed: true, followersCount: 8 },
      routes: {
        "GET /profile/dora": () =>
          jsonResponse(200, {
            user: { ...dora, isFollowed: followed, followersCount: followed ? 8 : 7 },
            posts: [],
            isMyProfile: false,
            nextCursor: null,
          }),
        "POST /unfollow/u-dora": unfollow,
      },
    });
    await user.click(await screen.findByRole("button", { name: "Following" }));
    await screen.findByRole("dialog", { name: "Unfollow dora?" });
    const socket = await currentSocket();

    followed = false;
    act(() =>
      socket.fire("postFollowed", {
        userId: "u-dora",
        followerId: "u-alice",
        isFollowed: false,
        followersCount: 7,
      }),
    );

    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Unfollow dora?" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("button", { name: "Follow" })).toHaveFocus();
    expect(unfollow).not.toHaveBeenCalled();
  });

  it("unfollows a private member once the question is answered, and locks the profile again", async () => {
    const unfollow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: false, followersCount: 7 }),
    );
    // The profile as the server has it, asked again once the follow is gone (the posts are no longer hers to show).
    const profile = vi.fn(() => {
      const followed = unfollow.mock.calls.length === 0;
      return jsonResponse(200, {
        user: { ...dora, isFollowed: followed, followersCount: followed ? 8 : 7 },
        posts: followed
          ? [makePost({ _id: "p-dora", user: { ...bob, _id: "u-dora", username: "dora" } })]
          : [],
        isMyProfile: false,
        nextCursor: null,
      });
    });
    const { user } = openProfile("/profile/dora", {
      member: { ...dora, isFollowed: true, followersCount: 8 },
      routes: { "GET /profile/dora": profile, "POST /unfollow/u-dora": unfollow },
    });

    await user.click(await screen.findByRole("button", { name: "Following" }));
    const question = await screen.findByRole("dialog", { name: "Unfollow dora?" });
    await user.click(within(question).getByRole("button", { name: "Unfollow" }));

    const follow = await screen.findByRole("button", { name: "Follow" });
    expect(follow).toHaveFocus();
    await waitFor(() => expect(unfollow).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(stats()).toHaveTextContent("7 followers"));
    expect(await screen.findByRole("heading", { name: "This account is private" })).toBeInTheDocument();
  });

  it("turns Following into Requested when the server says the member is private", async () => {
    // A public-looking member whose answer says otherwise (they went private meanwhile).
    const follow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: true, followersCount: 3 }),
    );
    const { user } = openProfile("/profile/carol", {
      member: carol,
      routes: { "POST /follow/u-carol": follow },
    });

    await user.click(await screen.findByRole("button", { name: "Follow" }));

    expect(await screen.findByRole("button", { name: "Requested" })).toBeInTheDocument();
    await waitFor(() => expect(followers()).toHaveTextContent("3 followers"));
    expect(follow).toHaveBeenCalledTimes(1);
  });
});

/** Dora, private, whom Alice has asked to follow. */
const requestedDora = makeProfile({
  _id: "u-dora",
  id: "u-dora",
  username: "dora",
  isPrivate: true,
  isFollowed: false,
  isRequested: true,
  followersCount: 7,
});

describe("A request accepted live", () => {
  it("turns Requested into Following and loads the private member's posts", async () => {
    const dora = requestedDora;
    let accepted = false;
    openProfile("/profile/dora", {
      member: dora,
      routes: {
        "GET /profile/dora": () =>
          jsonResponse(200, {
            user: { ...dora, isFollowed: accepted, isRequested: !accepted, followersCount: accepted ? 8 : 7 },
            posts: accepted
              ? [makePost({ _id: "p-dora", user: { ...bob, _id: "u-dora", username: "dora" } })]
              : [],
            isMyProfile: false,
            nextCursor: null,
          }),
      },
    });
    expect(await screen.findByRole("button", { name: "Requested" })).toBeInTheDocument();
    const socket = await currentSocket();

    accepted = true;
    act(() =>
      socket.fire("newNotification", {
        notification: makeNotification({
          _id: "n-ok",
          type: "follow_accepted",
          text: "accepted your follow request",
          sender: { _id: "u-dora", username: "dora", avatar: "" },
          post: null,
        }),
        unreadCount: 1,
      }),
    );

    expect(await screen.findByRole("button", { name: "Following" })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: /posts/i })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "This account is private" })).not.toBeInTheDocument();
    await waitFor(() => expect(stats()).toHaveTextContent("8 followers"));
  });
});

describe("A request closed unanswered, live (followRequestClosed)", () => {
  it("turns Requested back into Follow when dora declines it, keeping the profile locked", async () => {
    const dora = requestedDora;
    openProfile("/profile/dora", { member: dora });
    expect(await screen.findByRole("button", { name: "Requested" })).toBeInTheDocument();
    const socket = await currentSocket();

    act(() => socket.fire("followRequestClosed", { userId: "u-dora", followersCount: 7 }));

    expect(await screen.findByRole("button", { name: "Follow" })).not.toHaveAttribute("aria-pressed");
    expect(screen.queryByRole("button", { name: "Requested" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "This account is private" })).toBeInTheDocument();
    expect(stats()).toHaveTextContent("7 followers");
  });
});

describe("A request made in another tab, live (followRequestSent)", () => {
  it("turns Follow into Requested, keeping the profile locked", async () => {
    openProfile("/profile/dora", { member: { ...requestedDora, isRequested: false } });
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("followRequestSent")).toBe(true));

    act(() => socket.fire("followRequestSent", { userId: "u-dora", followersCount: 7 }));

    expect(await screen.findByRole("button", { name: "Requested" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "This account is private" })).toBeInTheDocument();
    expect(stats()).toHaveTextContent("7 followers");
  });

  it("leaves another member's profile as it was", async () => {
    openProfile("/profile/dora", { member: { ...requestedDora, isRequested: false } });
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("followRequestSent")).toBe(true));

    act(() => socket.fire("followRequestSent", { userId: "u-erin", followersCount: 3 }));

    await waitFor(() => expect(screen.getByRole("button", { name: "Follow" })).toBeInTheDocument());
    expect(stats()).toHaveTextContent("7 followers");
  });
});

describe("Private profile lock", () => {
  const locked = makeProfile({ isPrivate: true, isFollowed: false, postsCount: 12, followersCount: 40 });

  it("shows the lock where the grid would be, keeps the counts, and the lists stay closed", async () => {
    openProfile("/profile/bob", { member: locked });

    const lock = await screen.findByRole("region", { name: "This account is private" });
    expect(lock).toHaveTextContent("Follow this account to see their photos and videos.");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    const stats = screen.getByRole("list", { name: "Profile stats" });
    expect(stats).toHaveTextContent("12 posts");
    expect(stats).toHaveTextContent("40 followers");
    expect(within(stats).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Follow" })).toBeInTheDocument();
  });

  it("stays locked while a request waits", async () => {
    openProfile("/profile/bob", { member: { ...locked, isRequested: true } });

    expect(await screen.findByRole("region", { name: "This account is private" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Requested" })).toBeInTheDocument();
  });

  it("shows the grid to a follower of a private member", async () => {
    openProfile("/profile/bob", { member: { ...locked, isFollowed: true } });

    expect(await screen.findByRole("tab", { name: /posts/i })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "This account is private" })).not.toBeInTheDocument();
    const stats = screen.getByRole("list", { name: "Profile stats" });
    expect(within(stats).getAllByRole("button")).toHaveLength(2);
  });
});

describe("A member going private, live (memberPrivacyChanged)", () => {
  it("a follower's open profile watches her posts, shows the lock, and asks before an unfollow", async () => {
    const post = makePost({ _id: "p-carol", user: { ...bob, _id: "u-carol", username: "carol" } });
    const unfollow = vi.fn(() =>
      jsonResponse(200, { isFollowed: false, isRequested: false, followersCount: 3 }),
    );
    const { user } = openProfile("/profile/carol", {
      member: { ...carol, isFollowed: true, followersCount: 4 },
      posts: [post],
      routes: { "POST /unfollow/u-carol": unfollow },
    });
    await screen.findByRole("button", { name: "Following" });
    const socket = await currentSocket();
    // Watching one of her posts is what puts this screen among those told.
    await waitFor(() =>
      expect(socket.emitted).toContainEqual(["joinPostRoom", "p-carol", expect.any(Function)]),
    );
    await socket.listens("memberPrivacyChanged");

    act(() => socket.fire("memberPrivacyChanged", { userId: "u-carol", isPrivate: true }));
    await user.click(screen.getByRole("button", { name: "Following" }));

    expect(await screen.findByRole("dialog", { name: "Unfollow carol?" })).toBeInTheDocument();
    expect(unfollow).not.toHaveBeenCalled();
  });
});

describe("A stranger's open profile, live (watchProfile)", () => {
  it("watches a locked profile, which shows no post to watch, and opens when she goes public", async () => {
    let isPrivate = true;
    const post = makePost({
      _id: "p-carol",
      caption: "Carol's beach",
      user: { ...bob, _id: "u-carol", username: "carol" },
    });
    const { fetchMock } = openProfile("/profile/carol", {
      member: carol,
      routes: {
        "GET /profile/carol": () =>
          jsonResponse(200, {
            user: { ...carol, isPrivate },
            posts: isPrivate ? [] : [post],
            isMyProfile: false,
            nextCursor: null,
          }),
      },
    });
    expect(await screen.findByText("This account is private")).toBeInTheDocument();
    const socket = await currentSocket();
    await waitFor(() => expect(socket.emitted).toContainEqual(["watchProfile", "u-carol"]));
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));

    isPrivate = false;
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-carol", isPrivate: false }));
    // Read again, as the server now shows her to anyone: the lock goes.
    await waitFor(() => expect(screen.queryByText("This account is private")).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/profile/carol")).toHaveLength(2);
  });

  it("watches again on every connect, and stops when the profile closes", async () => {
    const { router } = openProfile("/profile/carol", { member: carol });
    await screen.findByRole("button", { name: "Follow" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.emitted).toContainEqual(["watchProfile", "u-carol"]));
    const watches = () => socket.emitted.filter(([event]) => event === "watchProfile").length;
    const before = watches();

    act(() => socket.fire("connect"));
    expect(watches()).toBe(before + 1);

    socket.connected = true;
    await act(() => router.navigate("/post"));
    expect(socket.emitted).toContainEqual(["unwatchProfile", "u-carol"]);
  });
});

describe("Follows made elsewhere, live (postFollowed)", () => {
  it("shows a follow and an unfollow Alice made in another tab, with the count the server gives", async () => {
    openProfile("/profile/carol", { member: carol });
    await screen.findByRole("button", { name: "Follow" });
    const socket = await currentSocket();

    act(() =>
      socket.fire("postFollowed", {
        userId: "u-carol",
        followerId: "u-alice",
        isFollowed: true,
        followersCount: 7,
      }),
    );
    expect(await screen.findByRole("button", { name: "Following" })).not.toHaveAttribute("aria-pressed");
    expect(followers()).toHaveAccessibleName("7 followers");

    act(() =>
      socket.fire("postFollowed", {
        userId: "u-carol",
        followerId: "u-alice",
        isFollowed: false,
        followersCount: 6,
      }),
    );
    expect(await screen.findByRole("button", { name: "Follow" })).not.toHaveAttribute("aria-pressed");
    expect(followers()).toHaveAccessibleName("6 followers");
  });

  it("moves Alice's own follower count when someone follows her, and not for others' follows", async () => {
    openProfile("/profile/alice", { member: aliceProfile, isMyProfile: true });
    await screen.findByRole("button", { name: "Edit Profile" });
    expect(followers()).toHaveAccessibleName("5 followers");
    const socket = await currentSocket();

    // Someone else's follow of someone else: not Alice's news.
    act(() =>
      socket.fire("postFollowed", {
        userId: "u-bob",
        followerId: "u-carol",
        isFollowed: true,
        followersCount: 40,
      }),
    );
    act(() =>
      socket.fire("postFollowed", {
        userId: "u-alice",
        followerId: "u-carol",
        isFollowed: true,
        followersCount: 6,
      }),
    );
    await waitFor(() => expect(followers()).toHaveAccessibleName("6 followers"));
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeInTheDocument();
  });
});
