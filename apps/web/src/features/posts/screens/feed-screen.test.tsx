import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { connectNow, nextSocketStillConnecting } from "../../../test/fake-socket";
import {
  aliceAuthor,
  fetchRoutes,
  jsonResponse,
  makeComment,
  makePost,
  makeUser,
  pending,
} from "../../../test/fixtures";
import { stubNavigator } from "../../../test/navigator";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Routes = Parameters<typeof fetchRoutes>[0];

function openFeed(routes: Routes) {
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }), ...routes }),
  );
  return { ...renderApp("/post"), fetchMock };
}

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const feedOf = (...posts: ReturnType<typeof makePost>[]) => jsonResponse(200, { posts, nextCursor: null });

describe("FeedScreen", () => {
  it("shows each post with its author, media, caption, place, tags and latest comments", async () => {
    openFeed({
      "GET /posts": feedOf(
        makePost({
          comments: [
            makeComment({ _id: "c-1", text: "First!" }),
            makeComment({ _id: "c-2", text: "So pretty" }),
          ],
          commentsCount: 5,
        }),
      ),
    });

    const card = await screen.findByRole("article", { name: "Post by @bob" });
    expect(within(card).getAllByRole("link", { name: "@bob" })[0]).toHaveAttribute("href", "/profile/bob");
    expect(within(card).getByRole("img", { name: "Sunset at the pier" })).toHaveAttribute(
      "src",
      "/media/image/sunset.jpg",
    );
    expect(within(card).getByText("Brighton")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "#sunset" })).toHaveAttribute("href", "/tags/sunset");
    expect(within(card).getByRole("link", { name: "#sea" })).toHaveAttribute("href", "/tags/sea");
    expect(within(card).getByText("2 likes")).toBeInTheDocument();
    expect(within(card).getByText("So pretty")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "View all 5 comments" })).toHaveAttribute(
      "href",
      "/post/bob/p-1",
    );
    expect(within(card).getByRole("button", { name: "Following" })).toBeInTheDocument();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Home · Flik"));
  });

  it("links each #tag of a caption to its tag page and keeps the rest as written", async () => {
    openFeed({ "GET /posts": feedOf(makePost({ caption: "Sunset at the #Pier <b>#Pier</b>", tags: "" })) });

    const card = await screen.findByRole("article", { name: "Post by @bob" });
    const links = within(card).getAllByRole("link", { name: "#Pier" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/tags/pier", "/tags/pier"]);
    expect(links[0]?.closest("p")).toHaveTextContent("@bobSunset at the #Pier <b>#Pier</b>");
    expect(card.querySelector("b")).toBeNull();
  });

  it("shows skeletons while the first page loads", async () => {
    openFeed({ "GET /posts": () => pending() });
    expect(await screen.findByText("Loading posts...")).toHaveAttribute("role", "status");
  });

  it("says so when there are no posts, and links to a new post and to people to follow", async () => {
    openFeed({ "GET /posts": feedOf() });
    expect(await screen.findByRole("heading", { name: "No posts yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Share your first post" })).toHaveAttribute("href", "/post/new");
    expect(screen.getByRole("link", { name: "Find people to follow" })).toHaveAttribute("href", "/search");
  });

  it("opens Explore with its search box ready to type in from 'Find people to follow'", async () => {
    const { user, router } = openFeed({
      "GET /posts": feedOf(),
      "GET /notifications": jsonResponse(200, { notifications: [], unreadCount: 0, nextCursor: null }),
    });
    await user.click(await screen.findByRole("link", { name: "Find people to follow" }));
    const box = await screen.findByRole("combobox", { name: "Search people, posts and tags" });
    await waitFor(() => expect(box).toHaveFocus());

    // Back to it from elsewhere, the box is not focused again (a phone's keyboard stays closed).
    box.blur();
    await act(() => router.navigate("/notifications"));
    await act(() => router.navigate(-1));
    const again = await screen.findByRole("combobox", { name: "Search people, posts and tags" });
    await act(async () => {});
    expect(again).not.toHaveFocus();
  });

  it("offers to try again when the feed fails to load", async () => {
    let calls = 0;
    const { user } = openFeed({
      "GET /posts": () => (++calls === 1 ? jsonResponse(500, { message: "Boom" }) : feedOf(makePost())),
    });

    expect(await screen.findByText("Something went wrong loading posts.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("article", { name: "Post by @bob" })).toBeInTheDocument();
  });

  it("loads the next page after the last post", async () => {
    const { user, fetchMock } = openFeed({
      "GET /posts": (url) =>
        url.includes("cursor=")
          ? jsonResponse(200, { posts: [makePost({ _id: "p-2", caption: "Older" })], nextCursor: null })
          : jsonResponse(200, { posts: [makePost({ _id: "p-1" })], nextCursor: "next-1" }),
    });

    await user.click(await screen.findByRole("button", { name: "Load more posts" }));

    expect(await screen.findByRole("img", { name: "Older" })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain("cursor=next-1");
    expect(screen.getByText("You're all caught up")).toBeInTheDocument();
  });

  it("likes at once and keeps the server's count", async () => {
    const like = deferred();
    const { user } = openFeed({
      "GET /posts": feedOf(makePost()),
      "POST /posts/p-1/like": () => like.promise,
    });

    await user.click(await screen.findByRole("button", { name: "Like" }));

    // Its name says the state; no pressed state says it again ("Unlike, pressed").
    expect(screen.getByRole("button", { name: "Unlike" })).not.toHaveAttribute("aria-pressed");
    expect(screen.getByText("3 likes")).toBeInTheDocument();

    like.resolve(jsonResponse(200, { likes: ["u-alice"], isLiked: true, likesCount: 7 }));
    expect(await screen.findByText("7 likes")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unlike" })).toBeInTheDocument();
  });

  it("rolls a like back when the server refuses it", async () => {
    const like = deferred();
    const { user } = openFeed({
      "GET /posts": feedOf(makePost()),
      "POST /posts/p-1/like": () => like.promise,
    });

    await user.click(await screen.findByRole("button", { name: "Like" }));
    expect(screen.getByText("3 likes")).toBeInTheDocument();

    like.resolve(jsonResponse(500, { message: "Boom" }));

    expect(await screen.findByRole("button", { name: "Like" })).toBeInTheDocument();
    expect(screen.getByText("2 likes")).toBeInTheDocument();
    expect(await screen.findByText("Couldn't update your like. Please try again.")).toBeInTheDocument();
  });

  it("collapses rapid taps: the last one wins and only one request is sent", async () => {
    const like = deferred();
    const likeRoute = vi.fn(() => like.promise);
    const unlikeRoute = vi.fn(() => jsonResponse(200, { likes: [], isLiked: false, likesCount: 2 }));
    const { user } = openFeed({
      "GET /posts": feedOf(makePost()),
      "POST /posts/p-1/like": likeRoute,
      "POST /posts/p-1/unlike": unlikeRoute,
    });

    await user.click(await screen.findByRole("button", { name: "Like" }));
    await user.click(screen.getByRole("button", { name: "Unlike" }));
    await user.click(screen.getByRole("button", { name: "Like" }));
    expect(screen.getByText("3 likes")).toBeInTheDocument();

    like.resolve(jsonResponse(200, { likes: ["u-alice"], isLiked: true, likesCount: 3 }));

    await waitFor(() => expect(screen.getByRole("button", { name: "Unlike" })).toBeInTheDocument());
    expect(screen.getByText("3 likes")).toBeInTheDocument();
    expect(likeRoute).toHaveBeenCalledTimes(1);
    expect(unlikeRoute).not.toHaveBeenCalled();
  });

  it("unfollows at once on every post by the author, and rolls back on failure", async () => {
    const unfollow = deferred();
    const { user } = openFeed({
      "GET /posts": feedOf(makePost({ _id: "p-1" }), makePost({ _id: "p-2", caption: "Pier at night" })),
      "POST /unfollow/u-bob": () => unfollow.promise,
    });

    const [first] = await screen.findAllByRole("button", { name: "Following" });
    await user.click(first as HTMLElement);

    expect(screen.getAllByRole("button", { name: "Follow" })).toHaveLength(2);

    unfollow.resolve(jsonResponse(500, { message: "Try later" }));

    await waitFor(() => expect(screen.getAllByRole("button", { name: "Following" })).toHaveLength(2));
    expect(await screen.findByText("Try later")).toBeInTheDocument();
  });

  it("hides the follow button on the member's own posts", async () => {
    openFeed({
      "GET /posts": feedOf(
        makePost({
          isMyPost: true,
          isFollowed: false,
          user: { ...makePost().user, _id: "u-alice", username: "alice" },
        }),
      ),
    });
    const card = await screen.findByRole("article", { name: "Post by @alice" });
    expect(within(card).queryByRole("button", { name: /^Follow/ })).not.toBeInTheDocument();
  });

  it("asks to log in before following without a token", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user } = openFeed({ "GET /posts": feedOf(makePost({ isFollowed: false })) });
    const follow = await screen.findByRole("button", { name: "Follow" });

    localStorage.removeItem("token");
    await user.click(follow);

    expect(alert).toHaveBeenCalledWith("Login required");
  });

  it("joins the rooms of the loaded posts and applies live events", async () => {
    openFeed({ "GET /posts": feedOf(makePost({ _id: "p-1" })) });
    await screen.findByRole("article", { name: "Post by @bob" });
    const socket = await currentSocket();
    expect(socket.emitted).toContainEqual(["joinPostRoom", "p-1", expect.any(Function)]);

    // Someone else's like changes the count, not Alice's own state.
    socket.fire("postLiked", { postId: "p-1", likesCount: 9, userId: "u-carol", isLiked: true });
    expect(await screen.findByText("9 likes")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Like" })).toBeInTheDocument();

    // Alice's like from another tab changes both.
    socket.fire("postLiked", { postId: "p-1", likesCount: 10, userId: "u-alice", isLiked: true });
    expect(await screen.findByRole("button", { name: "Unlike" })).toBeInTheDocument();

    socket.fire("postCommented", {
      postId: "p-1",
      comment: makeComment({ _id: "c-7", text: "Live comment" }),
      commentsCount: 1,
    });
    expect(await screen.findByText("Live comment")).toBeInTheDocument();

    socket.fire("newPost", { post: makePost({ _id: "p-2", caption: "Brand new" }) });
    socket.fire("newPost", { post: makePost({ _id: "p-2", caption: "Brand new" }) });
    expect(await screen.findAllByRole("img", { name: "Brand new" })).toHaveLength(1);
    expect(screen.getAllByRole("article")[0]).toContainElement(
      screen.getByRole("img", { name: "Brand new" }),
    );

    socket.fire("postDeleted", { postId: "p-1" });
    await waitFor(() =>
      expect(screen.queryByRole("img", { name: "Sunset at the pier" })).not.toBeInTheDocument(),
    );
  });

  it("catches up after a reconnect: the posts on show are fetched again", async () => {
    let likesCount = 2;
    openFeed({ "GET /posts": () => feedOf(makePost({ likesCount })) });
    expect(await screen.findByText("2 likes")).toBeInTheDocument();
    const socket = await currentSocket();

    // Likes made while the socket was away were never sent.
    likesCount = 6;
    socket.fire("connect");
    expect(await screen.findByText("6 likes")).toBeInTheDocument();
  });

  it("catches up when the socket first connects: a post made while the feed loaded shows", async () => {
    await nextSocketStillConnecting();
    let posts = [makePost()];
    openFeed({ "GET /posts": () => feedOf(...posts) });
    await screen.findByRole("article", { name: "Post by @bob" });
    const socket = await currentSocket();
    expect(socket.connected).toBe(false);

    // Carol posted after the feed was read, before the member's room was joined: sent to no one.
    posts = [
      makePost({ _id: "p-carol", user: { ...makePost().user, _id: "u-carol", username: "carol" } }),
      ...posts,
    ];
    act(() => connectNow(socket));

    expect(await screen.findByRole("article", { name: "Post by @carol" })).toBeInTheDocument();
  });

  it("reads the feed once when the server vouches that neither the member nor its posts heard anything", async () => {
    await nextSocketStillConnecting();
    let reads = 0;
    openFeed({
      "GET /posts": () => {
        reads += 1;
        return feedOf(makePost());
      },
    });
    await screen.findByRole("article", { name: "Post by @bob" });
    const socket = await currentSocket();
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    socket.joinPostRoomQuietForMs = Number.MAX_SAFE_INTEGER;
    act(() => connectNow(socket));
    expect(socket.emitted.some(([event]) => event === "joinPostRoom")).toBe(true);
    await waitFor(() => expect(screen.getByRole("article", { name: "Post by @bob" })).toBeInTheDocument());
    expect(reads).toBe(1);

    // A reconnect reads again whatever the answers: events sent while away went to no one.
    act(() => socket.fire("connect"));
    await waitFor(() => expect(reads).toBe(2));
  });

  it("reads the feed again when a post on show heard something before its room was joined", async () => {
    await nextSocketStillConnecting();
    let likes = 3;
    openFeed({ "GET /posts": () => feedOf(makePost({ likesCount: likes, likes: [] })) });
    const post = await screen.findByRole("article", { name: "Post by @bob" });
    const socket = await currentSocket();
    // The member's room was quiet, but the post was liked after the feed was read.
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    socket.joinPostRoomQuietForMs = 0;
    likes = 4;
    act(() => connectNow(socket));
    expect(await within(post).findByText("4 likes")).toBeInTheDocument();
  });

  it("reads the feed again when it came after the socket connected and a post heard something before its join", async () => {
    let likes = 3;
    let answerFeed: (response: Response) => void = () => {};
    openFeed({
      "GET /posts": () =>
        likes === 3
          ? new Promise<Response>((resolve) => {
              answerFeed = resolve;
            })
          : feedOf(makePost({ likesCount: likes, likes: [] })),
    });
    const socket = await currentSocket();
    socket.joinPostRoomQuietForMs = 0;
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    act(() => connectNow(socket));
    // Read with 3 likes, then liked before the page joined the post's room.
    act(() => answerFeed(feedOf(makePost({ likesCount: 3, likes: [] }))));
    likes = 4;
    const post = await screen.findByRole("article", { name: "Post by @bob" });
    expect(await within(post).findByText("4 likes")).toBeInTheDocument();
  });

  it("keeps a new post that arrives while the feed is on its way, fetching it once more", async () => {
    const answers: (() => void)[] = [];
    let posts = [makePost()];
    openFeed({
      "GET /posts": () =>
        new Promise<Response>((resolve) => {
          const page = feedOf(...posts);
          answers.push(() => resolve(page));
        }),
    });
    await waitFor(() => expect(answers).toHaveLength(1));
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("newPost")).toBe(true));

    // Stored, and so announced, after the first answer was read.
    const carols = makePost({
      _id: "p-carol",
      user: { ...makePost().user, _id: "u-carol", username: "carol" },
    });
    posts = [carols, ...posts];
    act(() => socket.fire("newPost", { post: carols }));
    answers[0]?.();

    await screen.findByRole("article", { name: "Post by @bob" });
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.();
    expect(await screen.findByRole("article", { name: "Post by @carol" })).toBeInTheDocument();
    // One more read for the event, not one per render or per event.
    expect(answers).toHaveLength(2);
  });

  describe("Share", () => {
    it("copies the post's link where there is no share sheet, says so and counts the share", async () => {
      const writeText = vi.fn(() => Promise.resolve());
      const { user } = openFeed({
        "GET /posts": feedOf(makePost({ sharesCount: 0 })),
        "POST /posts/p-1/share": jsonResponse(200, { sharesCount: 1 }),
      });
      const card = await screen.findByRole("article", { name: "Post by @bob" });
      stubNavigator({ clipboard: { writeText }, share: undefined });

      await user.click(within(card).getByRole("button", { name: "Share" }));

      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/p-1`);
      expect(await screen.findByText("Post link copied to clipboard")).toBeInTheDocument();
      expect(within(card).getByRole("button", { name: "Share" })).toHaveAccessibleDescription("1 share");
    });

    it("says a post found gone by the count unavailable, not that its link was copied, and it leaves", async () => {
      const { user } = openFeed({
        "GET /posts": feedOf(makePost()),
        "POST /posts/p-1/share": jsonResponse(404, { message: "Post not found" }),
      });
      const card = await screen.findByRole("article", { name: "Post by @bob" });
      stubNavigator({ clipboard: { writeText: () => Promise.resolve() }, share: undefined });

      await user.click(within(card).getByRole("button", { name: "Share" }));

      expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
      expect(screen.queryByText("Post link copied to clipboard")).not.toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole("article")).not.toBeInTheDocument());
    });

    it("uses the device's share sheet when there is one, and a closed sheet shares nothing", async () => {
      const share = vi
        .fn()
        .mockRejectedValueOnce(new DOMException("closed", "AbortError"))
        .mockResolvedValue(undefined);
      const count = vi.fn(() => jsonResponse(200, { sharesCount: 1 }));
      const { user } = openFeed({ "GET /posts": feedOf(makePost()), "POST /posts/p-1/share": count });
      const card = await screen.findByRole("article", { name: "Post by @bob" });
      stubNavigator({ share });

      await user.click(within(card).getByRole("button", { name: "Share" }));
      expect(count).not.toHaveBeenCalled();
      await user.click(within(card).getByRole("button", { name: "Share" }));

      expect(share).toHaveBeenLastCalledWith({
        title: "Post by @bob on Flik",
        url: `${window.location.origin}/post/p-1`,
      });
      await waitFor(() => expect(count).toHaveBeenCalledTimes(1));
      expect(screen.queryByText("Post link copied to clipboard")).not.toBeInTheDocument();
    });
  });

  it("names the actions Like, Comment and Share and describes them by their counts, shown beside them", async () => {
    openFeed({ "GET /posts": feedOf(makePost({ likesCount: 1, commentsCount: 5, sharesCount: 0 })) });
    const card = await screen.findByRole("article", { name: "Post by @bob" });

    const like = within(card).getByRole("button", { name: "Like" });
    expect(like).toHaveAccessibleDescription("1 like");
    // The count is beside the button, not in it: a name must contain a button's visible text.
    expect(like).toHaveTextContent("");
    expect(like.parentElement).toHaveTextContent("1");
    expect(within(card).getByRole("button", { name: "Comment" })).toHaveAccessibleDescription("5 comments");
    const share = within(card).getByRole("button", { name: "Share" });
    expect(share).toHaveAccessibleDescription("0 shares");
    // No count shows beside Share at zero.
    const [shareCountId] = (share.getAttribute("aria-describedby") ?? "").split(" ");
    expect(document.getElementById(shareCountId ?? "")).toHaveClass("hidden");
    // The likes line is the one element that reads "1 like".
    expect(
      within(card)
        .getAllByText((_, element) => element?.textContent === "1 like")
        .filter((element) => card.contains(element) && element !== card),
    ).toHaveLength(1);
  });

  it("is one Tab stop: arrows and j/k move between the posts, Tab goes into the current one", async () => {
    const { user } = openFeed({
      "GET /posts": feedOf(
        makePost({ _id: "p-3", caption: "Third" }),
        makePost({ _id: "p-2", caption: "Second" }),
        makePost({ _id: "p-1", caption: "First" }),
      ),
    });
    await screen.findByRole("img", { name: "First" });
    const [third, second, first] = screen.getAllByRole("article");
    if (!third || !second || !first) throw new Error("three posts expected");
    expect([third, second, first].map((post) => post.tabIndex)).toEqual([0, -1, -1]);
    expect(within(second).getByRole("button", { name: "Like" })).toHaveAttribute("tabindex", "-1");
    // The keys are said: to assistive technology on each post, on screen while one has the focus.
    expect(third).toHaveAttribute("aria-keyshortcuts", "ArrowDown ArrowUp J K Home End");
    expect(screen.getByText("↑ ↓ or J K for the next post").parentElement).toHaveClass(
      "opacity-0",
      "peer-has-[article:focus-visible]:opacity-100",
    );

    third.focus();
    await user.keyboard("{ArrowDown}");
    expect(second).toHaveFocus();
    await user.keyboard("j");
    expect(first).toHaveFocus();
    await user.keyboard("k");
    expect(second).toHaveFocus();
    expect([third, second, first].map((post) => post.tabIndex)).toEqual([-1, 0, -1]);

    await user.tab();
    expect(second).toContainElement(document.activeElement as HTMLElement);
    expect(within(second).getByRole("button", { name: "Like" })).not.toHaveAttribute("tabindex");
    expect(within(third).getByRole("button", { name: "Like" })).toHaveAttribute("tabindex", "-1");
  });
});

describe("Deleting a post from the feed", () => {
  const mine = (_id: string, caption: string) =>
    makePost({ _id, caption, isMyPost: true, isFollowed: false, user: aliceAuthor });
  const postDeleted = () => jsonResponse(200, { message: "Post deleted" });

  /** Deletes the post captioned `caption` through its menu and the question it asks. */
  async function deleteByMenu(user: ReturnType<typeof openFeed>["user"], caption: string) {
    const card = screen
      .getAllByRole("article")
      .find((article) => within(article).queryAllByText(caption).length > 0) as HTMLElement;
    await user.click(within(card).getByRole("button", { name: "Post options" }));
    await user.click(within(card).getByRole("menuitem", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(card).not.toBeInTheDocument());
  }

  it("asks first, then gives the focus to the next post, else the one before, else the feed's heading", async () => {
    const { user } = openFeed({
      "GET /posts": feedOf(mine("p-1", "One"), mine("p-2", "Two"), mine("p-3", "Three")),
      "DELETE /posts/p-1": postDeleted,
      "DELETE /posts/p-2": postDeleted,
      "DELETE /posts/p-3": postDeleted,
    });
    await screen.findByText("Two");

    await deleteByMenu(user, "Two");
    const [one, three] = screen.getAllByRole("article");
    expect(three).toHaveFocus();

    await deleteByMenu(user, "Three");
    expect(one).toHaveFocus();

    await deleteByMenu(user, "One");
    expect(screen.getByRole("heading", { level: 1, name: "Home" })).toHaveFocus();
  });

  it("hands the focus on when the post holding it goes live: to the next post, else the one before, else the heading", async () => {
    openFeed({
      "GET /posts": feedOf(
        makePost({ _id: "p-1", caption: "One" }),
        makePost({ _id: "p-2", caption: "Two" }),
        makePost({ _id: "p-3", caption: "Three" }),
      ),
    });
    await screen.findByText("Two");
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("postDeleted")).toBe(true));
    const [one, two, three] = screen.getAllByRole("article") as HTMLElement[];
    if (!one || !two || !three) throw new Error("three posts expected");
    // Deleted by its author while the member is on its Like.
    within(two).getByRole("button", { name: "Like" }).focus();

    act(() => socket.fire("postDeleted", { postId: "p-2" }));
    await waitFor(() => expect(two).not.toBeInTheDocument());
    expect(three).toHaveFocus();
    expect([one, three].map((post) => post.tabIndex)).toEqual([-1, 0]);

    act(() => socket.fire("postDeleted", { postId: "p-3" }));
    await waitFor(() => expect(three).not.toBeInTheDocument());
    expect(one).toHaveFocus();

    act(() => socket.fire("postDeleted", { postId: "p-1" }));
    await waitFor(() => expect(one).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { level: 1, name: "Home" })).toHaveFocus();
  });

  it("leaves the focus where it is when a post goes while the member is elsewhere", async () => {
    openFeed({
      "GET /posts": feedOf(
        makePost({ _id: "p-1", caption: "One" }),
        makePost({ _id: "p-2", caption: "Two" }),
      ),
    });
    await screen.findByText("Two");
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("postDeleted")).toBe(true));
    const [one] = screen.getAllByRole("article") as HTMLElement[];
    one?.focus();
    const search = screen.getAllByRole("link", { name: "Search" })[0] as HTMLElement;
    search.focus();

    act(() => socket.fire("postDeleted", { postId: "p-1" }));
    await waitFor(() => expect(one).not.toBeInTheDocument());
    expect(search).toHaveFocus();
  });

  it("gives the focus to the next post when the server's live postDeleted comes before its answer", async () => {
    const answer = deferred();
    const { user } = openFeed({
      "GET /posts": feedOf(mine("p-1", "One"), mine("p-2", "Two"), mine("p-3", "Three")),
      "DELETE /posts/p-2": () => answer.promise,
    });
    await screen.findByText("Two");
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("postDeleted")).toBe(true));
    const [, card, three] = screen.getAllByRole("article") as HTMLElement[];
    if (!card || !three) throw new Error("three posts expected");
    await user.click(within(card).getByRole("button", { name: "Post options" }));
    await user.click(within(card).getByRole("menuitem", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    await within(question).findByRole("button", { name: "Deleting..." });

    // The server tells the post's room before it answers the DELETE; a like after it shows it was applied.
    act(() => {
      socket.fire("postDeleted", { postId: "p-2" });
      socket.fire("postLiked", { postId: "p-1", likesCount: 9, userId: "u-carol", isLiked: true });
    });
    expect(await screen.findByText("9 likes")).toBeInTheDocument();
    expect(within(question).getByRole("button", { name: "Deleting..." })).toBeInTheDocument();

    await act(async () => answer.resolve(postDeleted()));
    await waitFor(() => expect(card).not.toBeInTheDocument());
    expect(three).toHaveFocus();
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });
});
