import type { Post, Tag } from "@flik/shared";
import { onlineManager } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makePost, makeUser, pending } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Routes = Parameters<typeof fetchRoutes>[0];

beforeAll(async () => {
  await Promise.all([import("./tag-screen"), import("../../posts/screens/post-screen")]);
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

const sunset: Tag = { name: "sunset", postsCount: 1204 };

function postsFrom(from: number, count: number): Post[] {
  return Array.from({ length: count }, (_, index) =>
    makePost({ _id: `p-${from + index}`, caption: `Post ${from + index}` }),
  );
}

const tagPage = (posts: Post[], nextCursor: string | null = null, tag: Tag = sunset) =>
  jsonResponse(200, { tag, posts, nextCursor });

function openTag(path: string, routes: Routes, options: { fakeTimers?: boolean } = {}) {
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }), ...routes }),
  );
  return { ...renderApp(path, options), fetchMock };
}

const tiles = () =>
  within(screen.getByRole("list", { name: "Posts tagged #sunset" }))
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"));

describe("TagScreen", () => {
  it("shows #name, its post count and its posts, each opening the post", async () => {
    openTag("/tags/sunset", { "GET /tags/sunset/posts": tagPage(postsFrom(1, 2)) });

    expect(await screen.findByRole("heading", { level: 1, name: "#sunset" })).toBeInTheDocument();
    expect(await screen.findByText("1,204 posts")).toBeInTheDocument();
    expect(tiles()).toEqual(["/post/bob/p-1", "/post/bob/p-2"]);
    expect(screen.getByRole("link", { name: "Post 1, 2 likes, 0 comments" })).toBeInTheDocument();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("#sunset · Flik"));
    // Part of explore: the six tabs show, with Search lit.
    expect(screen.getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page");
  });

  it("takes a post away live when it is deleted (the count with it) or its author goes private", async () => {
    const bobs = makePost({ _id: "p-bob", caption: "Bob's" });
    const carols = makePost({
      _id: "p-carol",
      caption: "Carol's",
      user: { ...bobs.user, _id: "u-carol", username: "carol" },
      // A stranger's: gone private, she is no longer the viewer's to see.
      isFollowed: false,
    });
    openTag("/tags/sunset", { "GET /tags/sunset/posts": tagPage([bobs, carols, ...postsFrom(1, 1)]) });
    await screen.findByText("1,204 posts");
    const socket = await currentSocket();
    // Its posts' rooms are joined, so the server tells the page of them.
    await waitUntil(() =>
      expect(socket.emitted).toContainEqual([
        "joinPostRoom",
        ["p-1", "p-bob", "p-carol"],
        expect.any(Function),
      ]),
    );

    // The tile that goes holds the focus: its neighbour takes it, not the page.
    screen.getByRole("link", { name: /^Bob's/ }).focus();
    act(() => socket.fire("postDeleted", { postId: "p-bob" }));
    await waitFor(() => expect(tiles()).toEqual(["/post/carol/p-carol", "/post/bob/p-1"]));
    expect(screen.getByText("1,203 posts")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Carol's/ })).toHaveFocus();

    act(() => socket.fire("memberPrivacyChanged", { userId: "u-carol", isPrivate: true }));
    await waitFor(() => expect(tiles()).toEqual(["/post/bob/p-1"]));
    // Her post is no longer counted either: the count never says more than the viewer may see.
    expect(screen.getByText("1,202 posts")).toBeInTheDocument();
  });

  it("loads the next page of posts", async () => {
    const { user, fetchMock } = openTag("/tags/sunset", {
      "GET /tags/sunset/posts": (url) =>
        url.includes("cursor=c2") ? tagPage(postsFrom(3, 1)) : tagPage(postsFrom(1, 2), "c2"),
    });
    await user.click(await screen.findByRole("button", { name: "Load more posts" }));
    await waitUntil(() => expect(tiles()).toHaveLength(3));
    expect(screen.queryByRole("button", { name: "Load more posts" })).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes("/tags/"));
    expect(urls.at(-1)).toContain("cursor=c2");
  });

  it("shows skeletons while the posts load", async () => {
    openTag("/tags/sunset", { "GET /tags/sunset/posts": () => pending() });
    expect(await screen.findByText("Loading posts...")).toHaveAttribute("role", "status");
    expect(screen.getByRole("heading", { level: 1, name: "#sunset" })).toBeInTheDocument();
  });

  it("says so when no post the member may see carries the tag", async () => {
    openTag("/tags/sunset", {
      "GET /tags/sunset/posts": tagPage([], null, { name: "sunset", postsCount: 0 }),
    });
    expect(await screen.findByText("No posts yet")).toBeInTheDocument();
    expect(screen.getByText("0 posts")).toBeInTheDocument();
  });

  it("says the tag is not found when no post ever carried it, without asking again", async () => {
    const { fetchMock } = openTag("/tags/nowhere", {
      "GET /tags/nowhere/posts": jsonResponse(404, { message: "Tag not found" }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Tag not found" })).toBeInTheDocument();
    expect(screen.getByText("No one has tagged a post #nowhere yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to explore" })).toHaveAttribute("href", "/search");
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/tags/"))).toHaveLength(1);
  });

  it("puts the address right: /tags/Sunset is #sunset's page, a text with no tag is not found", async () => {
    const { router } = openTag("/tags/Sunset", { "GET /tags/sunset/posts": tagPage(postsFrom(1, 1)) });
    expect(await screen.findByRole("heading", { level: 1, name: "#sunset" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/tags/sunset");

    await router.navigate("/tags/%21%21");
    expect(await screen.findByRole("heading", { level: 1, name: "Tag not found" })).toBeInTheDocument();

    // A NUL in the address is not shown as a tag no one used.
    await router.navigate("/tags/%00");
    expect(await screen.findByText("That address holds no tag.")).toBeInTheDocument();
    // Nor a direction mark alone, which would turn the sentence around, or a zero-width space.
    await router.navigate("/tags/%E2%80%AE");
    expect(await screen.findByText("That address holds no tag.")).toBeInTheDocument();
    await router.navigate("/tags/%E2%80%8B");
    expect(await screen.findByText("That address holds no tag.")).toBeInTheDocument();
  });

  it("echoes an address's text without direction marks, cut after a tag's length", async () => {
    // "!?" holds no tag; its right-to-left mark would have shown the sentence backwards.
    const { router } = openTag("/tags/%E2%80%AE%21%3F", {});
    expect(await screen.findByText("No one has tagged a post #!? yet.")).toBeInTheDocument();
    await router.navigate(`/tags/${"!".repeat(400)}`);
    expect(await screen.findByText(`No one has tagged a post #${"!".repeat(50)}… yet.`)).toBeInTheDocument();
  });

  it("offers to try again when the posts fail to load", async () => {
    let calls = 0;
    const { user } = openTag("/tags/sunset", {
      "GET /tags/sunset/posts": () => (++calls <= 1 ? jsonResponse(503, {}) : tagPage(postsFrom(1, 1))),
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong loading posts.");
    expect(alert).toHaveTextContent("Something went wrong on our side. Please try again in a moment.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    // The alert gives way to the skeleton: the focus waits on the screen, not on the page's top.
    await waitUntil(() => expect(tiles()).toEqual(["/post/bob/p-1"]));
  });

  it("says at once, offline, that posts never read couldn't load, and reads them once back", async () => {
    let reachable = false;
    onlineManager.setOnline(false);
    openTag("/tags/sunset", {
      "GET /tags/sunset/posts": () =>
        reachable ? tagPage(postsFrom(1, 1)) : Promise.reject(new TypeError("Failed to fetch")),
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong loading posts.");
    expect(alert).toHaveTextContent("Check your connection and try again.");
    reachable = true;
    act(() => onlineManager.setOnline(true));
    await waitUntil(() => expect(tiles()).toEqual(["/post/bob/p-1"]));
  });

  it("is reached from a #tag in a post's caption", async () => {
    const { user, router } = openTag("/post/bob/p-1", {
      "GET /posts/p-1": jsonResponse(200, { post: makePost({ caption: "Golden hour #Sunset", tags: "" }) }),
      "GET /tags/sunset/posts": tagPage(postsFrom(1, 1)),
    });
    await user.click(await screen.findByRole("link", { name: "#Sunset" }));
    expect(await screen.findByRole("heading", { level: 1, name: "#sunset" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/tags/sunset");
  });
});
