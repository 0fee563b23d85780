import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import {
  aliceAuthor,
  fetchRoutes,
  jsonResponse,
  makeComment,
  makePost,
  makeUser,
} from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Routes = Parameters<typeof fetchRoutes>[0];

const alicesPost = makePost({
  _id: "p-7",
  isMyPost: true,
  isFollowed: false,
  user: aliceAuthor,
  caption: "My pier",
});
const bobsPost = makePost({
  _id: "p-1",
  comments: [makeComment({ _id: "c-1", text: "First!" }), makeComment({ _id: "c-2", text: "Gorgeous" })],
  commentsCount: 2,
});

function openPost(path: Parameters<typeof renderApp>[0], routes: Routes) {
  signInAsAlice();
  stubFetch(fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }), ...routes }));
  return renderApp(path);
}

async function openMenu(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Post options" }));
  return screen.getByRole("menu");
}

describe("PostScreen", () => {
  it("shows the post with all its comments, and a follow button for another member's post", async () => {
    openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });

    expect(await screen.findByRole("heading", { level: 1, name: "Post by @bob" })).toBeInTheDocument();
    const comments = screen.getByRole("list", { name: "Comments" });
    expect(within(comments).getByText("First!")).toBeInTheDocument();
    expect(within(comments).getByText("Gorgeous")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Following" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Like" })).toBeInTheDocument();
    expect(screen.getByLabelText("Add a comment")).toBeInTheDocument();
  });

  it("reads as the phone shows it: media, actions, caption, then comments", async () => {
    openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });
    const media = await screen.findByRole("img", { name: "Sunset at the pier" });
    const like = screen.getByRole("button", { name: /^like/i });
    const caption = screen.getAllByText("Sunset at the pier").find((node) => node.tagName !== "IMG");
    const comments = screen.getByRole("list", { name: "Comments" });
    const inOrder = [media, like, caption as HTMLElement, comments];
    for (const [index, node] of inOrder.slice(1).entries()) {
      const before = inOrder[index] as HTMLElement;
      expect(before.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // Drawn in a frame of its own shape (1080x1350 here), not a black square.
    expect(media.closest<HTMLElement>("[style]")?.style.getPropertyValue("--media-frame")).toBe(
      "1080 / 1350",
    );
  });

  it("keeps a direction control in a caption or comment from turning the text around it", async () => {
    const turning = "\u202eturned";
    const post = makePost({
      _id: "p-1",
      caption: turning,
      comments: [makeComment({ _id: "c-1", text: turning })],
      commentsCount: 1,
    });
    openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post }) });

    const comments = await screen.findByRole("list", { name: "Comments" });
    expect(within(comments).getByText(turning).tagName).toBe("BDI");
    const caption = screen.getAllByText(turning).find((shown) => !comments.contains(shown));
    expect(caption?.closest("bdi")).not.toBeNull();
  });

  it("says 'No comments yet.' for a post without comments", async () => {
    openPost("/post/alice/p-7", { "GET /posts/p-7": jsonResponse(200, { post: alicesPost }) });
    expect(await screen.findByText("No comments yet.")).toBeInTheDocument();
  });

  it("offers Edit and Delete to the owner, with Copy link", async () => {
    const { user } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
    });

    const menu = await openMenu(user);

    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit", "Delete", "Copy link"]);
    expect(screen.queryByRole("button", { name: /^Follow/ })).not.toBeInTheDocument();
  });

  it("offers other members Copy link, Report and Block; Report says 'Reported!' and makes no call", async () => {
    const fetchMock = stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /posts/p-1": jsonResponse(200, { post: bobsPost }),
      }),
    );
    signInAsAlice();
    const { user } = renderApp("/post/bob/p-1");
    const menu = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Copy link", "Report", "Block"]);
    const calls = fetchMock.mock.calls.length;

    await user.click(within(menu).getByRole("menuitem", { name: "Report" }));

    expect(await screen.findByText("Reported!")).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("closes the menu with Escape and returns focus to its button", async () => {
    const { user } = openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });
    await openMenu(user);
    expect(screen.getByRole("menuitem", { name: "Copy link" })).toHaveFocus();

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Post options" })).toHaveFocus();
  });

  it("edits caption, location and tags, says 'Post updated!' and returns to view mode", async () => {
    const update = vi.fn(() =>
      jsonResponse(200, {
        post: { ...alicesPost, caption: "Pier at dusk", location: "Hove", tags: "#dusk" },
      }),
    );
    const { user, router } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "PUT /posts/p-7": update,
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    const caption = screen.getByLabelText("Caption");
    expect(caption).toHaveValue("My pier");
    // The keyboard is taken to the form, wherever it opened; Save then leaves it on the post.
    await waitFor(() => expect(caption).toHaveFocus());
    // The caret after the caption, to go on writing it.
    expect(caption).toHaveProperty("selectionStart", "My pier".length);
    await user.clear(caption);
    await user.type(caption, "Pier at dusk");
    await user.clear(screen.getByLabelText("Location"));
    await user.type(screen.getByLabelText("Location"), "Hove");
    await user.clear(screen.getByLabelText("Tags"));
    await user.type(screen.getByLabelText("Tags"), "#dusk");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Post updated!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Caption")).not.toBeInTheDocument());
    expect(screen.getByText("Pier at dusk")).toBeInTheDocument();
    expect(screen.getByText("Hove")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("button", { name: "Post options" })).toHaveFocus();
    const [, init] = (update.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      caption: "Pier at dusk",
      location: "Hove",
      tags: "#dusk",
    });
  });

  it("says 'Error updating post' and stays in edit mode when saving fails", async () => {
    const { user } = openPost("/post/alice/p-7?edit=1", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "PUT /posts/p-7": jsonResponse(500, { message: "Boom" }),
    });

    await user.click(await screen.findByRole("button", { name: "Save" }));

    expect(await screen.findByText("Error updating post")).toBeInTheDocument();
    expect(screen.getByLabelText("Caption")).toBeInTheDocument();
  });

  it("sends one edit on a double click of Save", async () => {
    const update = vi.fn(() => jsonResponse(200, { post: { ...alicesPost, caption: "Pier" } }));
    openPost("/post/alice/p-7?edit=1", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "PUT /posts/p-7": update,
    });
    const save = await screen.findByRole("button", { name: "Save" });
    fireEvent.click(save);
    fireEvent.click(save);

    expect(await screen.findByText("Post updated!")).toBeInTheDocument();
    expect(update).toHaveBeenCalledTimes(1);
  });

  it("opens edit mode from ?edit=1 for the owner only", async () => {
    openPost("/post/bob/p-1?edit=1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });
    await screen.findByRole("heading", { level: 1, name: "Post by @bob" });
    expect(screen.queryByLabelText("Caption")).not.toBeInTheDocument();
  });

  it("cancels an edit without saving", async () => {
    const { user } = openPost("/post/alice/p-7?edit=1", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
    });
    await user.type(await screen.findByLabelText("Caption"), " changed");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Caption")).not.toBeInTheDocument();
    expect(screen.getByText("My pier")).toBeInTheDocument();
    // Back where Edit was chosen.
    expect(screen.getByRole("button", { name: "Post options" })).toHaveFocus();
  });

  it("cancels an edit with Escape, as Cancel does", async () => {
    const { user } = openPost("/post/alice/p-7?edit=1", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
    });
    await user.type(await screen.findByLabelText("Location"), "Brighton");
    await user.keyboard("{Escape}");
    expect(screen.queryByLabelText("Caption")).not.toBeInTheDocument();
    expect(screen.getByText("My pier")).toBeInTheDocument();
    expect(screen.queryByText("Error updating post")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Post options" })).toHaveFocus();
  });

  it("says 'You blocked @bob' with Unblock after blocking him from his post's menu; Unblock shows it again", async () => {
    const bobBlocked = { _id: bobsPost.user._id, username: "bob", fullName: "Bob", avatar: "" };
    const unblock = vi.fn(() => jsonResponse(200, { message: "Unblocked bob", user: makeUser() }));
    const read = vi.fn(() => jsonResponse(200, { post: bobsPost }));
    const { user } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": read,
      "POST /user/block": jsonResponse(200, {
        message: "Blocked bob",
        user: makeUser({ blockedUsers: [bobBlocked] }),
      }),
      "PUT /user/unblock": unblock,
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Block" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /^Block/ }));

    expect(await screen.findByRole("heading", { level: 1, name: "You blocked @bob" })).toBeInTheDocument();
    expect(screen.queryByText("This post isn't available")).not.toBeInTheDocument();
    const unblockButton = screen.getByRole("button", { name: "Unblock" });
    await waitFor(() => expect(unblockButton).toHaveFocus());

    await user.click(unblockButton);
    expect(await screen.findByRole("heading", { level: 1, name: "Post by @bob" })).toBeInTheDocument();
    expect(unblock).toHaveBeenCalledTimes(1);
    // Asked again before it showed: the block ended the follows, and the server says what is seen now.
    expect(read).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByRole("article", { name: "Post by @bob" })).toHaveFocus());
  });

  it("says the post isn't available after Unblock when its private author is no longer followed", async () => {
    const bobBlocked = { _id: bobsPost.user._id, username: "bob", fullName: "Bob", avatar: "" };
    let blockedYet = false;
    const { user } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": () =>
        blockedYet ? jsonResponse(404, { message: "Post not found" }) : jsonResponse(200, { post: bobsPost }),
      "POST /user/block": () => {
        blockedYet = true;
        return jsonResponse(200, { message: "Blocked bob", user: makeUser({ blockedUsers: [bobBlocked] }) });
      },
      "PUT /user/unblock": jsonResponse(200, { message: "Unblocked bob", user: makeUser() }),
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Block" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: /^Block/ }));
    await user.click(await screen.findByRole("button", { name: "Unblock" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "This post isn't available" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Post by @bob" })).not.toBeInTheDocument();
  });

  it("asks 'Delete this post?' with Cancel focused; Cancel keeps it and sends nothing", async () => {
    const deleted = vi.fn(() => jsonResponse(200, { message: "Post deleted" }));
    const { user, router } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "DELETE /posts/p-7": deleted,
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));

    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Post options" })).toHaveFocus();
    expect(deleted).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/post/alice/p-7");
  });

  it("deletes after confirming, says 'Post deleted', goes to /post and gives the feed's heading the focus", async () => {
    const { user, router } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "DELETE /posts/p-7": jsonResponse(200, { message: "Post deleted" }),
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(question).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(await screen.findByText("Post deleted")).toBeInTheDocument();
    const heading = await screen.findByRole("heading", { level: 1, name: "Home" });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  /** Alice's own post p-7, opened over `entries` (the history before it, its page last), to delete. */
  function openAlicesPostOver(entries: Parameters<typeof renderApp>[0]) {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: makeUser() }),
        "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
        "DELETE /posts/p-7": jsonResponse(200, { message: "Post deleted" }),
        "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
        "GET /notifications": jsonResponse(200, { notifications: [], nextCursor: null, unreadCount: 0 }),
      }),
    );
    return renderApp(entries);
  }

  it("goes back to where the member came from once the post is deleted, with no entry left to go Back over", async () => {
    const { user, router } = openAlicesPostOver(["/post", "/notifications", "/post/alice/p-7"]);

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(question).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/notifications"));
    expect(await screen.findByText("Post deleted")).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/post");
  });

  it("passes over the post's own modal, opened before its page, on the way back once it is deleted", async () => {
    const { user, router } = openAlicesPostOver([
      "/notifications",
      { pathname: "/notifications", state: { marker: "the modal's entry" } },
      { pathname: "/post/alice/p-7", state: { overItsModal: true } },
    ]);

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    await user.click(within(question).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/notifications"));
    expect(router.state.location.state).toBeNull();
  });

  it("deletes once on a double click of Delete: one request, 'Post deleted' alone", async () => {
    const deleted = vi.fn(() => jsonResponse(200, { message: "Post deleted" }));
    const { user, router } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "DELETE /posts/p-7": deleted,
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    const question = await screen.findByRole("dialog", { name: "Delete this post?" });
    // Two clicks before the dialog draws the first one's "Deleting...", as a quick double click can be.
    const confirm = within(question).getByRole("button", { name: "Delete" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(await screen.findByText("Post deleted")).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Failed to delete post")).not.toBeInTheDocument();
  });

  it("asks of a flick in spec §5's words, as the flicks screen does", async () => {
    const flick = makePost({
      ...alicesPost,
      isReel: true,
      mediaType: "video",
      image: "/media/video/wave.mp4",
    });
    const { user } = openPost("/post/alice/p-7", { "GET /posts/p-7": jsonResponse(200, { post: flick }) });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));

    const question = await screen.findByRole("dialog", { name: "Delete reel?" });
    expect(question).toHaveTextContent("Are you sure you want to delete this reel?");
    expect(within(question).getByRole("button", { name: "Cancel" })).toHaveFocus();
  });

  it("says 'Failed to delete post' when deleting fails, and stays", async () => {
    const { user, router } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: alicesPost }),
      "DELETE /posts/p-7": jsonResponse(500, { message: "Boom" }),
    });

    await openMenu(user);
    await user.click(screen.getByRole("menuitem", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete this post?" })).getByRole("button", {
        name: "Delete",
      }),
    );

    expect(await screen.findByText("Failed to delete post")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/post/alice/p-7");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("leaves the post when it is deleted elsewhere: 'This post was deleted.'", async () => {
    const { router } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": jsonResponse(200, { post: bobsPost }),
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });
    await screen.findByRole("heading", { level: 1, name: "Post by @bob" });
    const socket = await currentSocket();
    expect(socket.emitted).toContainEqual(["joinPostRoom", "p-1", expect.any(Function)]);

    socket.fire("postDeleted", { postId: "p-1" });

    expect(await screen.findByText("This post was deleted.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    await waitFor(() => expect(socket.emitted).toContainEqual(["leavePostRoom", "p-1"]));
  });

  it("goes to the feed when it is deleted elsewhere, as spec §8 says, wherever the member came from", async () => {
    const { router } = openPost(["/profile/bob", "/post/bob/p-1"], {
      "GET /posts/p-1": jsonResponse(200, { post: bobsPost }),
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });
    await screen.findByRole("heading", { level: 1, name: "Post by @bob" });
    const socket = await currentSocket();

    socket.fire("postDeleted", { postId: "p-1" });

    expect(await screen.findByText("This post was deleted.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    // In the post's place: Back goes where the member was before it, not to the deleted post.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/profile/bob");
  });

  it("asks again when its author goes private, and drops the post once the server says it is no longer the viewer's", async () => {
    let gonePrivate = false;
    let reads = 0;
    openPost("/post/bob/p-1", {
      "GET /posts/p-1": () => {
        reads += 1;
        return gonePrivate
          ? jsonResponse(404, { message: "Post not found" })
          : jsonResponse(200, { post: bobsPost });
      },
      "GET /posts": jsonResponse(200, { posts: [], nextCursor: null }),
    });
    await screen.findByRole("heading", { level: 1, name: "Post by @bob" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));

    // Another member's change, or one to public, asks nothing.
    const readsBefore = reads;
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-carol", isPrivate: true }));
    act(() => socket.fire("memberPrivacyChanged", { userId: bobsPost.user._id, isPrivate: false }));
    // Still the viewer's to see (the server shows it: a follower's): it stays.
    act(() => socket.fire("memberPrivacyChanged", { userId: bobsPost.user._id, isPrivate: true }));
    await waitFor(() => expect(reads).toBe(readsBefore + 1));
    expect(screen.getByRole("heading", { level: 1, name: "Post by @bob" })).toBeInTheDocument();

    gonePrivate = true;
    act(() => socket.fire("memberPrivacyChanged", { userId: bobsPost.user._id, isPrivate: true }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "This post isn't available" }),
    ).toBeInTheDocument();
  });

  it("updates live when the post is edited, liked or commented on", async () => {
    openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });
    await screen.findByRole("heading", { level: 1, name: "Post by @bob" });
    const socket = await currentSocket();

    socket.fire("postUpdated", {
      post: { ...bobsPost, caption: "Edited live", updatedAt: "2025-06-02T00:00:00.000Z" },
    });
    socket.fire("postLiked", { postId: "p-1", likesCount: 12, userId: "u-carol", isLiked: true });
    socket.fire("postCommented", {
      postId: "p-1",
      comment: makeComment({ _id: "c-3", text: "Live one" }),
      commentsCount: 3,
    });

    expect(await screen.findByText("Edited live")).toBeInTheDocument();
    expect(screen.getByText("12 likes")).toBeInTheDocument();
    expect(screen.getByText("Live one")).toBeInTheDocument();
  });

  describe("older comments", () => {
    const olderPost = makePost({
      _id: "p-1",
      comments: [makeComment({ _id: "c-3", text: "Newest carried" })],
      commentsCount: 3,
      commentsCursor: "cursor-3",
    });
    /** GET /posts/p-1/comments: "Second" past the post's cursor, then "First", the oldest. */
    const olderPages = vi.fn((url: string) => {
      const cursor = new URL(url, "http://flik.test").searchParams.get("cursor");
      return cursor === "cursor-3"
        ? jsonResponse(200, {
            comments: [makeComment({ _id: "c-2", text: "Second" })],
            nextCursor: "cursor-2",
          })
        : jsonResponse(200, { comments: [makeComment({ _id: "c-1", text: "First" })], nextCursor: null });
    });
    const shownComments = () =>
      within(screen.getByRole("list", { name: "Comments" }))
        .getAllByRole("listitem")
        .map((item) => {
          const line = item.querySelector("p");
          return line?.lastChild?.textContent;
        });

    it("loads them a page at a time from the keyboard, before the post's own, until there are none left", async () => {
      const { user } = openPost("/post/bob/p-1", {
        "GET /posts/p-1": jsonResponse(200, { post: olderPost }),
        "GET /posts/p-1/comments": olderPages,
      });
      const more = await screen.findByRole("button", { name: "View older comments" });
      expect(olderPages).not.toHaveBeenCalled();
      // It leads the list.
      const list = screen.getByRole("list", { name: "Comments" });
      expect(more.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      more.focus();
      await user.keyboard("{Enter}");
      await screen.findByText("Second");
      expect(shownComments()).toEqual(["Second", "Newest carried"]);
      expect(String(olderPages.mock.calls[0]?.[0])).toContain("cursor=cursor-3");

      await user.keyboard(" ");
      await screen.findByText("First");
      expect(shownComments()).toEqual(["First", "Second", "Newest carried"]);
      expect(String(olderPages.mock.calls[1]?.[0])).toContain("cursor=cursor-2");
      expect(screen.queryByRole("button", { name: "View older comments" })).not.toBeInTheDocument();
      // The button went from under the keyboard's focus: the oldest comment, where it was, has it.
      await waitFor(() =>
        expect(within(screen.getByRole("list", { name: "Comments" })).getAllByRole("link")[0]).toHaveFocus(),
      );
    });

    /** All the comments loaded, then Bob's live one arrives: answers once Alice can send "Mine". */
    async function withOlderAndLive() {
      const view = openPost("/post/bob/p-1", {
        "GET /posts/p-1": jsonResponse(200, { post: olderPost }),
        "GET /posts/p-1/comments": olderPages,
        "POST /posts/p-1/comment": jsonResponse(201, {
          comment: makeComment({
            _id: "c-5",
            text: "Mine",
            user: { _id: "u-alice", username: "alice", avatar: "" },
          }),
          commentsCount: 5,
        }),
      });
      await view.user.click(await screen.findByRole("button", { name: "View older comments" }));
      await screen.findByText("Second");
      const socket = await currentSocket();
      act(() =>
        socket.fire("postCommented", {
          postId: "p-1",
          comment: makeComment({ _id: "c-4", text: "Live one" }),
          commentsCount: 4,
        }),
      );
      await screen.findByText("Live one");
      return view;
    }

    it("keeps them with the comments that arrive live and the member's own", async () => {
      const { user } = await withOlderAndLive();
      await user.type(screen.getByLabelText("Add a comment"), "Mine{Enter}");
      await screen.findByText("Mine");
      expect(shownComments()).toEqual(["Second", "Newest carried", "Live one", "Mine"]);
    });

    it("brings the member's own new comment into view at the end of a long list, and no one else's", async () => {
      const scrolled = vi.fn();
      Object.defineProperty(Element.prototype, "scrollIntoView", { configurable: true, value: scrolled });
      try {
        const { user } = await withOlderAndLive();
        expect(scrolled).not.toHaveBeenCalled();

        await user.type(screen.getByLabelText("Add a comment"), "Mine{Enter}");
        const mine = await screen.findByText("Mine");
        expect(scrolled).toHaveBeenCalledTimes(1);
        expect(scrolled.mock.contexts[0]).toBe(mine.closest("li"));
        expect(scrolled).toHaveBeenCalledWith({ block: "nearest" });
      } finally {
        Reflect.deleteProperty(Element.prototype, "scrollIntoView");
      }
    });

    it("shows that they are loading, and on failure says so and keeps the button to try again", async () => {
      let answer: (response: Response) => void = () => {};
      const failing = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
      const { user } = openPost("/post/bob/p-1", {
        "GET /posts/p-1": jsonResponse(200, { post: olderPost }),
        "GET /posts/p-1/comments": failing,
      });
      await user.click(await screen.findByRole("button", { name: "View older comments" }));
      const loading = screen.getByRole("button", { name: "Loading comments..." });
      expect(loading).toHaveAttribute("aria-disabled", "true");
      await user.click(loading);
      expect(failing).toHaveBeenCalledTimes(1);

      answer(jsonResponse(500, { message: "Something broke" }));
      await waitFor(() => expect(shownToasts()).toEqual(["Couldn't load comments. Please try again."]));
      expect(shownComments()).toEqual(["Newest carried"]);

      failing.mockImplementation(() =>
        Promise.resolve(olderPages("/api/posts/p-1/comments?cursor=cursor-3")),
      );
      await user.click(screen.getByRole("button", { name: "View older comments" }));
      expect(await screen.findByText("Second")).toBeInTheDocument();
    });

    it("says the post unavailable, not a failure, when it went while they were asked for", async () => {
      const { user } = openPost("/post/bob/p-1", {
        "GET /posts/p-1": vi
          .fn()
          .mockResolvedValueOnce(jsonResponse(200, { post: olderPost }))
          .mockResolvedValue(jsonResponse(404, { message: "Post not found" })),
        "GET /posts/p-1/comments": jsonResponse(404, { message: "Post not found" }),
      });
      await user.click(await screen.findByRole("button", { name: "View older comments" }));

      await waitFor(() => expect(shownToasts()).toEqual(["This post isn't available."]));
      expect(await screen.findByText("This post isn't available")).toBeInTheDocument();
    });

    it("offers none when the post carries all its comments", async () => {
      openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });
      await screen.findByText("Gorgeous");
      expect(screen.queryByRole("button", { name: "View older comments" })).not.toBeInTheDocument();
    });
  });

  it("puts the author's real username in the URL", async () => {
    const { router } = openPost("/post/someone/p-1?edit=1", {
      "GET /posts/p-1": jsonResponse(200, { post: bobsPost }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/post/bob/p-1"));
    expect(router.state.location.search).toBe("?edit=1");
  });

  it.each([
    [
      "a like",
      "POST /posts/p-1/like",
      (user: ReturnType<typeof renderApp>["user"]) =>
        user.click(screen.getByRole("button", { name: "Like" })),
    ],
    [
      "a comment",
      "POST /posts/p-1/comment",
      async (user: ReturnType<typeof renderApp>["user"]) => {
        await user.type(screen.getByRole("textbox", { name: "Add a comment" }), "Still here?{Enter}");
      },
    ],
  ])(
    "says the post isn't available when %s finds it gone (went private, a block)",
    async (_action, route, act) => {
      let asked = 0;
      const { user } = openPost("/post/bob/p-1", {
        "GET /posts/p-1": () =>
          ++asked === 1
            ? jsonResponse(200, { post: bobsPost })
            : jsonResponse(404, { message: "Post not found" }),
        [route]: jsonResponse(404, { message: "Post not found" }),
      });
      await screen.findByRole("heading", { level: 1, name: "Post by @bob" });

      await act(user);

      expect(await screen.findByRole("heading", { name: "This post isn't available" })).toBeInTheDocument();
      expect(screen.queryByText(/Please try again/)).not.toBeInTheDocument();
      // Said once, by the action: the screen's own fetch error is for a post it never showed.
      expect(screen.queryByText("Error fetching post")).not.toBeInTheDocument();
      expect(asked).toBe(2);
    },
  );

  it("says the post isn't available, with 'Error fetching post', for an unknown id", async () => {
    openPost("/post/bob/p-404", { "GET /posts/p-404": jsonResponse(404, { message: "Post not found" }) });

    expect(await screen.findByRole("heading", { name: "This post isn't available" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to your feed" })).toHaveAttribute("href", "/post");
    expect(await screen.findByText("Error fetching post")).toBeInTheDocument();
  });

  it("tells a server's failure from a connection's on a post that could not load", async () => {
    openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(500, { message: "Internal Server Error" }) });
    expect(await screen.findByRole("heading", { name: "Couldn't load this post" })).toBeInTheDocument();
    expect(
      screen.getByText("Something went wrong on our side. Please try again in a moment."),
    ).toBeInTheDocument();
    cleanup();

    openPost("/post/bob/p-2", {
      "GET /posts/p-2": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await screen.findByRole("heading", { name: "Couldn't load this post" })).toBeInTheDocument();
    expect(screen.getByText("Check your connection and try again.")).toBeInTheDocument();
  });

  it("does not ask again for a post found missing when the socket connects", async () => {
    const missing = vi.fn(() => jsonResponse(404, { message: "Post not found" }));
    openPost("/post/bob/p-404", { "GET /posts/p-404": missing });
    await screen.findByRole("heading", { name: "This post isn't available" });
    const socket = await currentSocket();

    // The catch-up after a connect (realtime/catch-up) leaves refusals alone: no event changes them.
    act(() => socket.fire("connect"));
    await act(async () => {});
    expect(missing).toHaveBeenCalledTimes(1);
  });
});

describe("PostLinkScreen", () => {
  it("opens /post/{username}/{id} for a share link", async () => {
    const { router } = openPost("/post/p-1", { "GET /posts/p-1": jsonResponse(200, { post: bobsPost }) });
    await waitFor(() => expect(router.state.location.pathname).toBe("/post/bob/p-1"));
    expect(await screen.findByRole("heading", { level: 1, name: "Post by @bob" })).toBeInTheDocument();
  });

  it("says the post isn't available for an unknown link", async () => {
    openPost("/post/p-404", { "GET /posts/p-404": jsonResponse(404, { message: "Post not found" }) });
    expect(await screen.findByRole("heading", { name: "This post isn't available" })).toBeInTheDocument();
  });

  it("does not read /post/new as a post id", async () => {
    openPost("/post/new", {});
    expect(await screen.findByRole("heading", { name: "New post" })).toBeInTheDocument();
  });
});

describe("PostScreen: deleting a comment (spec §10)", () => {
  const withAlicesComment = makePost({
    _id: "p-1",
    comments: [
      makeComment({ _id: "c-1", text: "First!" }),
      makeComment({
        _id: "c-2",
        text: "Mine to take back",
        user: { _id: "u-alice", username: "alice", avatar: "" },
      }),
    ],
    commentsCount: 2,
  });

  it("offers Delete comment on the member's own comments only, and takes one away at once", async () => {
    let answer: (response: Response) => void = () => {};
    const deleted = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": jsonResponse(200, { post: withAlicesComment }),
      "DELETE /posts/p-1/comments/c-2": deleted,
    });
    const comments = await screen.findByRole("list", { name: "Comments" });
    expect(within(comments).getAllByRole("button", { name: "Delete comment" })).toHaveLength(1);
    // Told apart by the comment it deletes.
    expect(within(comments).getByRole("button", { name: "Delete comment" })).toHaveAccessibleDescription(
      "alice Mine to take back",
    );

    await user.click(within(comments).getByRole("button", { name: "Delete comment" }));

    expect(within(comments).queryByText("Mine to take back")).not.toBeInTheDocument();
    expect(deleted).toHaveBeenCalledOnce();
    answer(jsonResponse(200, { message: "Comment deleted", commentsCount: 1 }));
    await waitFor(() => expect(within(comments).getAllByRole("listitem")).toHaveLength(1));
    expect(within(comments).getByText("First!")).toBeInTheDocument();
  });

  it("lets the post's owner delete anyone's comment on it", async () => {
    const onAlices = makePost({
      ...alicesPost,
      comments: [makeComment({ _id: "c-9", text: "Spam spam" })],
      commentsCount: 1,
    });
    const { user } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: onAlices }),
      "DELETE /posts/p-7/comments/c-9": jsonResponse(200, { message: "Comment deleted", commentsCount: 0 }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete comment" }));
    expect(await screen.findByText("No comments yet.")).toBeInTheDocument();
    // Not dropped to the top of the page: the focus stays where the comments are.
    await waitFor(() => expect(screen.getByText("No comments yet.").parentElement).toHaveFocus());
  });

  it("gives the focus to the next comment's words, so the keyboard keeps its place and a second Enter deletes nothing", async () => {
    const onAlices = makePost({
      ...alicesPost,
      comments: [
        makeComment({ _id: "c-8", text: "Spam one" }),
        makeComment({ _id: "c-9", text: "Spam two" }),
      ],
      commentsCount: 2,
    });
    const { user } = openPost("/post/alice/p-7", {
      "GET /posts/p-7": jsonResponse(200, { post: onAlices }),
      "DELETE /posts/p-7/comments/c-8": jsonResponse(200, { message: "Comment deleted", commentsCount: 1 }),
    });
    const [first] = await screen.findAllByRole("button", { name: "Delete comment" });
    (first as HTMLElement).focus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(screen.queryByText("Spam one")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText("Spam two").closest("p")).toHaveFocus());
    await user.keyboard("{Enter}");
    expect(screen.getByText("Spam two")).toBeInTheDocument();
    // Tab goes on to the comment's author, then its own Delete.
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Delete comment" })).toHaveFocus();
  });

  it("puts the comment back, saying why, when the server refuses", async () => {
    const { user } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": jsonResponse(200, { post: withAlicesComment }),
      "DELETE /posts/p-1/comments/c-2": jsonResponse(500, { message: "Internal Server Error" }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete comment" }));

    expect(await screen.findByText("Mine to take back")).toBeInTheDocument();
    await waitFor(() => expect(shownToasts()).toContain("Couldn't delete the comment. Please try again."));
  });

  it("says the server's own words when it refuses for a reason, and keeps a comment found gone already", async () => {
    const { user } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": jsonResponse(200, { post: withAlicesComment }),
      "DELETE /posts/p-1/comments/c-2": jsonResponse(403, {
        message: "You can only delete your own comments, or comments on your posts",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete comment" }));
    await waitFor(() =>
      expect(shownToasts()).toContain("You can only delete your own comments, or comments on your posts"),
    );
    expect(screen.getByText("Mine to take back")).toBeInTheDocument();
  });

  it("keeps away a comment deleted already elsewhere (404 'Comment not found')", async () => {
    const { user } = openPost("/post/bob/p-1", {
      "GET /posts/p-1": jsonResponse(200, { post: withAlicesComment }),
      "DELETE /posts/p-1/comments/c-2": jsonResponse(404, { message: "Comment not found" }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete comment" }));
    await waitFor(() => expect(screen.queryByText("Mine to take back")).not.toBeInTheDocument());
    expect(shownToasts()).toEqual([]);
  });

  it("takes away a comment deleted elsewhere, live", async () => {
    openPost("/post/bob/p-1", { "GET /posts/p-1": jsonResponse(200, { post: withAlicesComment }) });
    await screen.findByText("Mine to take back");
    const socket = await currentSocket();

    socket.fire("postCommentDeleted", { postId: "p-1", commentId: "c-1", commentsCount: 1 });

    await waitFor(() => expect(screen.queryByText("First!")).not.toBeInTheDocument());
    expect(screen.getByText("Mine to take back")).toBeInTheDocument();
  });
});
