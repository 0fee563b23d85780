import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeProfile, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";
import { aliceProfile, openProfile, preloadProfileScreens } from "../../profile/test/profile-routes";
import { storyKeys } from "../api/story-keys";
import { findViewer, preloadViewer, shownUrl } from "../test/stories-harness";
import { alice, bobAndCarol, hoursAgo, makeGroup, makeStory } from "../test/story-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(async () => {
  await Promise.all([preloadProfileScreens(), preloadViewer()]);
});

const GONE = "This story isn't available anymore.";
const erin = { _id: "u-erin", username: "erin", fullName: "Erin Hale", avatar: "" };
const erinProfile = () => makeProfile({ _id: "u-erin", id: "u-erin", username: "erin", isFollowed: false });

/** Erin's two unseen stories; her first is viewed as it opens, her second is gone for Alice. */
function erinsTwoStories() {
  return {
    group: makeGroup([
      makeStory({ _id: "s-erin-1", user: erin, mediaUrl: "/media/image/erin-1.jpg", createdAt: hoursAgo(3) }),
      makeStory({ _id: "s-erin-2", user: erin, mediaUrl: "/media/image/erin-2.jpg" }),
    ]),
    routes: {
      "POST /stories/s-erin-1/view": jsonResponse(200, { message: "Story viewed", viewersCount: 1 }),
      "POST /stories/s-erin-2/view": () => jsonResponse(404, { message: "Story not found" }),
    },
  };
}

/** The viewer is closed, having said once why; the focus is on `target`. */
async function closedSayingGone(target: () => HTMLElement) {
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
  await waitFor(() => expect(shownToasts()).toContain(GONE));
  expect(shownToasts().filter((text) => text === GONE)).toHaveLength(1);
  expect(target()).toHaveFocus();
}

const storiesRoute = (groups = bobAndCarol()) => ({
  "GET /stories": jsonResponse(200, { stories: groups }),
  "POST /stories/s-bob-1/view": jsonResponse(200, { message: "Story viewed", viewersCount: 1 }),
  "POST /stories/s-bob-2/view": jsonResponse(200, { message: "Story viewed", viewersCount: 1 }),
});

describe("A member's stories on their profile", () => {
  it("rings the picture of a member with stories; it plays theirs only, round again after the last", async () => {
    const { user } = openProfile("/profile/bob", { routes: storiesRoute() });

    const ring = await screen.findByRole("button", { name: "bob's story, not seen" });
    await user.click(ring);
    const viewer = await findViewer();

    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");
    await user.keyboard("{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/bob-2.jpg");
    // Not on to Carol's: the profile plays Bob's.
    await user.keyboard("{ArrowRight}");
    expect(shownUrl(viewer)).toBe("/media/image/bob-1.jpg");

    await user.keyboard("{Escape}");
    expect(await screen.findByRole("button", { name: "bob's story, seen" })).toHaveFocus();
  });

  it("leaves the picture of a member without stories as it is", async () => {
    const { queryClient } = openProfile("/profile/dora", {
      member: makeProfile({ _id: "u-dora", id: "u-dora", username: "dora", fullName: "Dora Explorer" }),
      routes: { ...storiesRoute(), "GET /stories/user/dora": jsonResponse(200, { stories: [] }) },
    });

    const section = await screen.findByRole("region", { name: "Profile" });
    await waitFor(() => expect(queryClient.getQueryState(storyKeys.member("dora"))?.status).toBe("success"));
    expect(within(section).queryByRole("button", { name: /story/ })).not.toBeInTheDocument();
  });

  it("rings a member the viewer does not follow, from their own stories, and plays them", async () => {
    const erin = { _id: "u-erin", username: "erin", fullName: "Erin Hale", avatar: "" };
    const erinsStory = makeStory({ _id: "s-erin-1", user: erin, mediaUrl: "/media/image/erin-1.jpg" });
    const view = vi.fn(() => jsonResponse(200, { message: "Story viewed", viewersCount: 1 }));
    const { user } = openProfile("/profile/erin", {
      member: makeProfile({ _id: "u-erin", id: "u-erin", username: "erin", isFollowed: false }),
      routes: {
        ...storiesRoute(),
        "GET /stories/user/erin": jsonResponse(200, { stories: [makeGroup([erinsStory])] }),
        "POST /stories/s-erin-1/view": view,
      },
    });

    await user.click(await screen.findByRole("button", { name: "erin's story, not seen" }));
    const viewer = await findViewer();
    expect(shownUrl(viewer)).toBe("/media/image/erin-1.jpg");
    await waitFor(() => expect(view).toHaveBeenCalled());

    await user.keyboard("{Escape}");
    expect(await screen.findByRole("button", { name: "erin's story, seen" })).toHaveFocus();
  });

  it("takes a stranger's ring and open viewer away when she goes private, asking the server nothing", async () => {
    const erin = { _id: "u-erin", username: "erin", fullName: "Erin Hale", avatar: "" };
    const erinsStories = makeGroup([
      makeStory({ _id: "s-erin-1", user: erin, viewed: true, mediaUrl: "/media/image/erin-1.jpg" }),
      makeStory({ _id: "s-erin-2", user: erin, viewed: true, mediaUrl: "/media/image/erin-2.jpg" }),
    ]);
    const memberStories = vi.fn(() => jsonResponse(200, { stories: [erinsStories] }));
    const { user } = openProfile("/profile/erin", {
      member: makeProfile({ _id: "u-erin", id: "u-erin", username: "erin", isFollowed: false }),
      routes: { ...storiesRoute(), "GET /stories/user/erin": memberStories },
    });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));

    await user.click(await screen.findByRole("button", { name: "erin's story, seen" }));
    expect(shownUrl(await findViewer())).toBe("/media/image/erin-1.jpg");

    act(() => socket.fire("memberPrivacyChanged", { userId: "u-erin", isPrivate: true }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
    const section = screen.getByRole("region", { name: "Profile" });
    expect(within(section).queryByRole("button", { name: /story/ })).not.toBeInTheDocument();
    expect(memberStories).toHaveBeenCalledTimes(1);
  });

  it("closes a stranger's viewer when her next story is no longer hers to see, not replaying her others", async () => {
    const erin = { _id: "u-erin", username: "erin", fullName: "Erin Hale", avatar: "" };
    const erinsStories = makeGroup([
      makeStory({ _id: "s-erin-1", user: erin, viewed: true, mediaUrl: "/media/image/erin-1.jpg" }),
      makeStory({ _id: "s-erin-2", user: erin, mediaUrl: "/media/image/erin-2.jpg" }),
    ]);
    // She went private while the socket was away: the server gives her stories to no stranger now.
    let locked = false;
    const { user } = openProfile("/profile/erin", {
      member: makeProfile({ _id: "u-erin", id: "u-erin", username: "erin", isFollowed: false }),
      routes: {
        ...storiesRoute(),
        "GET /stories/user/erin": () => jsonResponse(200, { stories: locked ? [] : [erinsStories] }),
        "POST /stories/s-erin-2/view": () => jsonResponse(404, { message: "Story not found" }),
      },
    });

    const ring = await screen.findByRole("button", { name: "erin's story, not seen" });
    locked = true;
    await user.click(ring);

    expect(await screen.findByText("This story isn't available anymore.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
  });

  it("says 'This story isn't available anymore.' once when a stranger's viewer closes as she goes private", async () => {
    const { group } = erinsTwoStories();
    const { user } = openProfile("/profile/erin", {
      member: erinProfile(),
      routes: {
        ...storiesRoute(),
        ...erinsTwoStories().routes,
        "GET /stories/user/erin": jsonResponse(200, { stories: [group] }),
      },
    });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));
    await user.click(await screen.findByRole("button", { name: "erin's story, not seen" }));
    await findViewer();

    act(() => socket.fire("memberPrivacyChanged", { userId: "u-erin", isPrivate: true }));

    // Her ring went with the viewer: the page's heading takes the focus.
    await closedSayingGone(() => screen.getByRole("heading", { name: "@erin" }));
  });

  it("closes a stranger's viewer when she blocked the member, saying so once, not replaying her first story", async () => {
    const { group, routes } = erinsTwoStories();
    let blocked = false;
    const { user, fetchMock } = openProfile("/profile/erin", {
      member: erinProfile(),
      routes: {
        ...storiesRoute(),
        ...routes,
        // The server answers for a member who blocked the reader as for no one.
        "GET /stories/user/erin": () =>
          blocked
            ? jsonResponse(404, { message: "User not found" })
            : jsonResponse(200, { stories: [group] }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "erin's story, not seen" }));
    const viewer = await findViewer();
    expect(shownUrl(viewer)).toBe("/media/image/erin-1.jpg");
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("s-erin-1/view"))).toBe(true),
    );

    blocked = true;
    await user.keyboard("{ArrowRight}");

    await closedSayingGone(() => screen.getByRole("heading", { name: "@erin" }));
  });

  it("closes a followed member's viewer when he blocked the member, saying so once", async () => {
    const [bobs] = bobAndCarol();
    let blocked = false;
    const { user } = openProfile("/profile/bob", {
      routes: {
        ...storiesRoute(),
        // The block ended the follow: the strip no longer has him, and his own list is no one's.
        "GET /stories": () => jsonResponse(200, { stories: blocked ? [] : [bobs] }),
        "POST /stories/s-bob-2/view": () => jsonResponse(404, { message: "Story not found" }),
        "GET /stories/user/bob": () => jsonResponse(404, { message: "User not found" }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "bob's story, not seen" }));
    await findViewer();

    blocked = true;
    await user.keyboard("{ArrowRight}");

    await closedSayingGone(() => screen.getByRole("heading", { name: "@bob" }));
  });

  it("gives the owner's ringed picture to their stories, and the camera badge to the photo change", async () => {
    const own = makeGroup([
      makeStory({
        _id: "s-own",
        user: alice,
        viewed: true,
        mediaUrl: "/media/image/own.jpg",
        createdAt: hoursAgo(4),
      }),
    ]);
    const { user } = openProfile("/profile", {
      member: aliceProfile,
      isMyProfile: true,
      routes: { ...storiesRoute([own]), "GET /stories/s-own/viewers": () => pending() },
    });

    const section = await screen.findByRole("region", { name: "Profile" });
    // Their own stories are never marked viewed: the ring stays bright while one is live, as in the strip.
    const ring = (await within(section).findByRole("button", { name: "Your story" })).querySelector("span");
    expect(ring?.className).toContain("bg-brand");
    await user.click(await within(section).findByRole("button", { name: "Your story" }));
    expect(shownUrl(await findViewer())).toBe("/media/image/own.jpg");
    await user.keyboard("{Escape}");

    expect(within(section).getByRole("button", { name: "Change profile photo" })).toBeInTheDocument();
  });

  it("gives the focus to the photo change after the owner deletes their last story there", async () => {
    const own = makeGroup([
      makeStory({ _id: "s-own", user: alice, viewed: true, mediaUrl: "/media/image/own.jpg" }),
    ]);
    const { user } = openProfile("/profile", {
      member: aliceProfile,
      isMyProfile: true,
      routes: {
        ...storiesRoute([own]),
        "GET /stories/s-own/viewers": () => pending(),
        "DELETE /stories/s-own": jsonResponse(200, { message: "Story deleted" }),
      },
    });

    const section = await screen.findByRole("region", { name: "Profile" });
    await user.click(await within(section).findByRole("button", { name: "Your story" }));
    const viewer = await findViewer();
    await user.click(within(viewer).getByRole("button", { name: "Story options" }));
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete story?" })).getByRole("button", { name: "Delete" }),
    );

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(section).queryByRole("button", { name: "Your story" })).not.toBeInTheDocument();
    expect(within(section).getByRole("button", { name: "Change profile photo" })).toHaveFocus();
  });

  it("gives the focus to the member's name when their ring goes with the viewer (they went private)", async () => {
    const erin = { _id: "u-erin", username: "erin", fullName: "Erin Hale", avatar: "" };
    const erinsStory = makeStory({
      _id: "s-erin-1",
      user: erin,
      viewed: true,
      mediaUrl: "/media/image/erin-1.jpg",
    });
    const { user } = openProfile("/profile/erin", {
      member: makeProfile({ _id: "u-erin", id: "u-erin", username: "erin", isFollowed: false }),
      routes: {
        ...storiesRoute(),
        "GET /stories/user/erin": jsonResponse(200, { stories: [makeGroup([erinsStory])] }),
      },
    });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));
    await user.click(await screen.findByRole("button", { name: "erin's story, seen" }));
    await findViewer();

    act(() => socket.fire("memberPrivacyChanged", { userId: "u-erin", isPrivate: true }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Stories" })).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "@erin" })).toHaveFocus();
  });
});
