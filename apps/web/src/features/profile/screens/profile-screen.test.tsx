import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import {
  fetchRoutes,
  jsonResponse,
  makeFollowListMember,
  makePost,
  makeProfile,
  makeUser,
  pending,
} from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";
import { aliceProfile, openProfile, preloadProfileScreens } from "../test/profile-routes";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const photo = makePost({ _id: "p-photo", caption: "Pier", image: "/media/image/pier.jpg" });
const clip = makePost({
  _id: "p-clip",
  caption: "Waves",
  image: "/media/video/waves.mp4",
  mediaType: "video",
  likesCount: 9,
  commentsCount: 4,
});

function gridCells() {
  const panel = screen.getByRole("tabpanel");
  return within(panel)
    .queryAllByRole("button")
    .map((cell) => cell.getAttribute("aria-label"));
}

beforeAll(preloadProfileScreens);

describe("ProfileScreen", () => {
  it("shows 'Loading profile...' until the profile arrives", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /profile/bob": () => pending(),
      }),
    );
    renderApp("/profile/bob");

    const loading = await screen.findByText("Loading profile...");
    expect(loading).toHaveAttribute("role", "status");
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });

  it("shows avatar, @username, 'Unnamed User' without a full name, bio, website and the counts", async () => {
    openProfile("/profile/bob", {
      member: makeProfile({
        fullName: "",
        bio: "Builds things",
        website: "https://bob.example/",
        postsCount: 12,
        followersCount: 1,
        followingCount: 7,
      }),
    });

    expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
    expect(screen.getByText("Unnamed User")).toBeInTheDocument();
    expect(screen.getByText("Builds things")).toBeInTheDocument();
    const website = screen.getByRole("link", { name: "bob.example" });
    expect(website).toHaveAttribute("href", "https://bob.example/");
    expect(website).toHaveAttribute("target", "_blank");
    expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow");
    const stats = screen.getByRole("list", { name: "Profile stats" });
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("12 posts");
    expect(within(stats).getByRole("button", { name: "1 follower" })).toBeInTheDocument();
    expect(within(stats).getByRole("button", { name: "7 following" })).toBeInTheDocument();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("@bob · Flik"));
  });

  it("gives the owner Edit Profile, Share Profile, the edit page and the photo change; no Follow, no Log out", async () => {
    openProfile("/profile", { member: aliceProfile, isMyProfile: true });

    expect(await screen.findByRole("heading", { level: 1, name: "@alice" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Share Profile" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change profile photo" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit profile page" })).toHaveAttribute("href", "/edit-profile");
    // Log out lives in Settings, behind a confirmation, not one slip from Share Profile.
    expect(screen.queryByRole("button", { name: "Log out" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Add highlight" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Follow/ })).not.toBeInTheDocument();
  });

  it("gives a visitor Follow/Following and Share Profile, and none of the owner's controls", async () => {
    openProfile("/profile/bob");

    expect(await screen.findByRole("button", { name: "Following" })).not.toHaveAttribute("aria-pressed");
    expect(screen.getByRole("button", { name: "Share Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit Profile" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change profile photo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit profile page" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Log out" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Highlights")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Add highlight" })).not.toBeInTheDocument();
  });

  it("shows the own profile at /profile/{own username} too", async () => {
    openProfile("/profile/alice", { member: aliceProfile, isMyProfile: true });
    expect(await screen.findByRole("button", { name: "Edit Profile" })).toBeInTheDocument();
  });

  it("keeps fliks (.mp4 or /video/) on their own tab and shows everything on Tags", async () => {
    const hosted = makePost({
      _id: "p-hosted",
      caption: "Surf",
      image: "https://cdn.example/video/upload/surf.mov",
    });
    const { user } = openProfile("/profile/bob", { posts: [clip, photo, hosted] });

    const postsTab = await screen.findByRole("tab", { name: "Posts" });
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Posts", "Fliks", "Tags"]);
    expect(postsTab).toHaveAttribute("aria-selected", "true");
    expect(gridCells()).toEqual(["Pier, 2 likes, 0 comments"]);

    await user.click(screen.getByRole("tab", { name: "Fliks" }));
    expect(gridCells()).toEqual(["Waves, 9 likes, 4 comments", "Surf, 2 likes, 0 comments"]);
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Fliks");

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Tags" })).toHaveFocus();
    expect(gridCells()).toEqual([
      "Waves, 9 likes, 4 comments",
      "Pier, 2 likes, 0 comments",
      "Surf, 2 likes, 0 comments",
    ]);
  });

  it("says the post count takes in fliks when the posts include some, which the Posts tab leaves out", async () => {
    openProfile("/profile/bob", { member: makeProfile({ postsCount: 2 }), posts: [clip, photo] });
    const stats = await screen.findByRole("list", { name: "Profile stats" });
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("2 posts & fliks");
  });

  it("calls a lone flik a flik, and photos alone posts", async () => {
    openProfile("/profile/bob", { member: makeProfile({ postsCount: 1 }), posts: [clip] });
    const stats = await screen.findByRole("list", { name: "Profile stats" });
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent(/^1 flik$/);
  });

  it("plays a flik in the grid muted, looping and inline", async () => {
    const { user } = openProfile("/profile/bob", { posts: [clip] });
    await user.click(await screen.findByRole("tab", { name: "Fliks" }));
    const video = screen.getByRole("button", { name: /^Waves/ }).querySelector("video");
    expect(video).toMatchObject({ autoplay: true, muted: true, loop: true });
    expect(video).toHaveAttribute("playsinline");
  });

  it("says 'No posts yet' and 'No fliks yet' on empty tabs", async () => {
    const { user } = openProfile("/profile/bob", { posts: [photo] });

    await user.click(await screen.findByRole("tab", { name: "Fliks" }));
    expect(screen.getByText("No fliks yet")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Posts" }));
    expect(screen.queryByText("No posts yet")).not.toBeInTheDocument();
  });

  it("says 'No posts yet' for a member without posts", async () => {
    openProfile("/profile/bob");
    expect(await screen.findByText("No posts yet")).toBeInTheDocument();
  });

  it("shows 'This account is private' instead of the grid for a private member not followed", async () => {
    openProfile("/profile/bob", {
      member: makeProfile({ isPrivate: true, isFollowed: false, postsCount: 3 }),
    });

    expect(await screen.findByRole("heading", { name: "This account is private" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Follow" })).toBeInTheDocument();
  });

  it("loads more posts from /profile/{username}/posts with the cursor", async () => {
    const older = makePost({ _id: "p-old", caption: "Older" });
    const more = vi.fn((url: string) => {
      expect(new URL(url, "http://x").searchParams.get("cursor")).toBe("cursor-1");
      return jsonResponse(200, { posts: [older], nextCursor: null });
    });
    const { user } = openProfile("/profile/bob", {
      posts: [photo],
      nextCursor: "cursor-1",
      routes: { "GET /profile/bob/posts": more },
    });

    // jsdom cannot observe scrolling, so the screen offers the button that scrolling would press.
    await user.click(await screen.findByRole("button", { name: "Load more posts" }));

    await waitFor(() =>
      expect(gridCells()).toEqual(["Pier, 2 likes, 0 comments", "Older, 2 likes, 0 comments"]),
    );
    expect(more).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Load more posts" })).not.toBeInTheDocument();
  });

  it("says a later page of posts the API refuses (400, a bad cursor) in the grid, keeping the profile and its posts; Try again reads a fresh cursor", async () => {
    const older = makePost({ _id: "p-old", caption: "Older" });
    // A refused cursor stays refused: only the one a fresh read of the profile hands out is taken.
    const more = vi.fn((url: string) =>
      url.includes("cursor=cursor-1")
        ? jsonResponse(400, { message: "cursor is not valid", errors: { cursor: "cursor is not valid" } })
        : jsonResponse(200, { posts: [older], nextCursor: null }),
    );
    const profilePage = (nextCursor: string) =>
      jsonResponse(200, { user: makeProfile(), posts: [photo], isMyProfile: false, nextCursor });
    const reads = vi.fn(() => profilePage(reads.mock.calls.length === 1 ? "cursor-1" : "cursor-2"));
    const { user } = openProfile("/profile/bob", {
      routes: { "GET /profile/bob": reads, "GET /profile/bob/posts": more },
    });

    await user.click(await screen.findByRole("button", { name: "Load more posts" }));

    const alert = await within(screen.getByRole("tabpanel")).findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong loading posts.");
    expect(screen.queryByRole("heading", { name: "Member not found" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
    expect(gridCells()).toContain("Pier, 2 likes, 0 comments");

    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(2));
    expect(gridCells()).toContain("Pier, 2 likes, 0 comments");
    await user.click(await screen.findByRole("button", { name: "Load more posts" }));
    await waitFor(() =>
      expect(gridCells()).toEqual(["Pier, 2 likes, 0 comments", "Older, 2 likes, 0 comments"]),
    );
    expect(more.mock.calls.map(([url]) => url.includes("cursor=cursor-2"))).toEqual([false, true]);
  });

  it("says so when no member has that username", async () => {
    openProfile("/profile/ghost", {
      member: makeProfile({ username: "nobody" }),
      routes: { "GET /profile/ghost": jsonResponse(404, { message: "Member not found" }) },
    });
    expect(await screen.findByRole("heading", { name: "Member not found" })).toBeInTheDocument();
  });
});

describe("A profile address that names no one", () => {
  /** The profile reads the fetch mock was asked (GET /profile/...), as sent. */
  const profileReads = (fetchMock: { mock: { calls: unknown[][] } }) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/profile/"));

  it("says /profile/me is no one without asking the API, whose own-account route it is", async () => {
    // The API's answer there: the signed-in member, no posts (the grid once crashed on it).
    const { fetchMock } = openProfile("/profile/me", {
      routes: { "GET /profile/me": jsonResponse(200, { user: makeUser() }) },
    });

    expect(await screen.findByRole("heading", { name: "Member not found" })).toBeInTheDocument();
    expect(screen.getByText(/There is no one called @me on Flik\./)).toBeInTheDocument();
    expect(profileReads(fetchMock)).toEqual([]);
  });

  it.each([
    ["a NUL", "/profile/%00"],
    ["a space", "/profile/a%20b"],
    ["a slash", "/profile/a%2Fb"],
    ["two letters", "/profile/ab"],
    ["thirty-one letters", `/profile/${"a".repeat(31)}`],
    ["three thousand letters", `/profile/${"a".repeat(3000)}`],
  ])("says a name with %s is no one, without asking", async (_, path) => {
    const { fetchMock } = openProfile(path);

    expect(await screen.findByRole("heading", { name: "Member not found" })).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(profileReads(fetchMock)).toEqual([]);
  });

  it("echoes a long name cut to a username's length", async () => {
    openProfile(`/profile/${"a".repeat(3000)}`);
    expect(
      await screen.findByText(`There is no one called @${"a".repeat(30)}… on Flik.`, { exact: false }),
    ).toBeInTheDocument();
  });

  it("keeps the rest of the sentence the right way round after a direction override in the address", async () => {
    const { fetchMock } = openProfile("/profile/%E2%80%AEevil");

    const heading = await screen.findByRole("heading", { name: "Member not found" });
    const sentence = heading.nextElementSibling;
    expect(sentence).toHaveTextContent(
      "There is no one called @evil on Flik. The link may be broken, or they changed their username or deleted their account.",
    );
    expect(sentence?.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(profileReads(fetchMock)).toEqual([]);
  });

  it.each([
    ["a NUL", "/profile/%00"],
    ["control characters and a space", "/profile/%01%20%1F"],
  ])("echoes no name for an address of %s alone, which would show as nothing", async (_, path) => {
    openProfile(path);

    const heading = await screen.findByRole("heading", { name: "Member not found" });
    expect(heading.nextElementSibling?.textContent).toBe(
      "There is no one by that name on Flik. The link may be broken, or they changed their username or deleted their account.",
    );
  });

  it("echoes a name without the control characters in its address", async () => {
    openProfile("/profile/a%00b");

    const heading = await screen.findByRole("heading", { name: "Member not found" });
    expect(heading.nextElementSibling?.textContent).toMatch(/^There is no one called @ab on Flik\./);
  });

  it("asks for a name with periods, which members have", async () => {
    const maya = makeProfile({ _id: "u-maya", id: "u-maya", username: "maya.travels" });
    openProfile("/profile/maya.travels", { member: maya });
    expect(await screen.findByRole("heading", { level: 1, name: "@maya.travels" })).toBeInTheDocument();
  });

  it.each([400, 414])(
    "says no one, not the connection, when the API answers %i to the read",
    async (status) => {
      const refused = vi.fn(() => jsonResponse(status, { message: "Invalid username" }));
      openProfile("/profile/bob", { routes: { "GET /profile/bob": refused } });

      expect(await screen.findByRole("heading", { name: "Member not found" })).toBeInTheDocument();
      expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
      expect(refused).toHaveBeenCalledTimes(1);
    },
  );
});

describe("A follow list that finds its member gone (she blocked the viewer)", () => {
  const carol = makeProfile({
    _id: "u-carol",
    id: "u-carol",
    username: "carol",
    fullName: "Carol Danvers",
    isFollowed: true,
    postsCount: 1,
  });

  it("reads the profile again: the screen says not found, the list closes and the notice has the focus", async () => {
    let asked = 0;
    const profile = vi.fn(() =>
      ++asked === 1
        ? jsonResponse(200, { user: carol, posts: [photo], isMyProfile: false, nextCursor: null })
        : jsonResponse(404, { message: "Member not found" }),
    );
    const { user, router } = openProfile(["/elsewhere", "/profile/carol"], {
      member: carol,
      routes: {
        "GET /profile/carol": profile,
        "GET /following/u-carol": jsonResponse(404, { message: "Member not found" }),
      },
    });

    await user.click(await screen.findByRole("button", { name: "1 following" }));

    const heading = await screen.findByRole("heading", { name: "Member not found" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Following" })).not.toBeInTheDocument();
    expect(screen.queryByRole("tabpanel")).not.toBeInTheDocument();
    expect(profile).toHaveBeenCalledTimes(2);
    expect(heading.closest("section")).toHaveFocus();
    // The list's history entry went with it: Back leaves the profile rather than "closing" nothing.
    await waitFor(() => expect(JSON.stringify(router.state.location.state ?? {})).not.toMatch("follow-list"));
    expect(router.state.location.pathname).toBe("/profile/carol");
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/elsewhere");
  });

  it("keeps the profile and the list's own word when the profile still reads (the list alone was refused)", async () => {
    const profile = vi.fn(() =>
      jsonResponse(200, { user: carol, posts: [photo], isMyProfile: false, nextCursor: null }),
    );
    const { user } = openProfile("/profile/carol", {
      member: carol,
      routes: {
        "GET /profile/carol": profile,
        "GET /following/u-carol": jsonResponse(404, { message: "Member not found" }),
        "GET /followers/u-carol": jsonResponse(200, {
          followers: [makeFollowListMember()],
          nextCursor: null,
        }),
      },
    });

    await user.click(await screen.findByRole("button", { name: "1 following" }));

    const dialog = await screen.findByRole("dialog", { name: "Following" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Member not found");
    await waitFor(() => expect(profile).toHaveBeenCalledTimes(2));
    expect(screen.getByRole("dialog", { name: "Following" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "@carol" })).toBeInTheDocument();
  });
});
