import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeComment, makePost, makeProfile, makeUser, sentJson } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";
import { openProfile, preloadProfileScreens } from "../test/profile-routes";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadProfileScreens);

const pier = makePost({ _id: "p-pier", caption: "Pier at dusk", likesCount: 2 });
type Routes = NonNullable<Parameters<typeof openProfile>[1]>["routes"];

/** The member came to Bob's profile from another page (a 404, which asks nothing of the server). */
async function openPier(routes: Routes = {}) {
  const opened = openProfile(["/elsewhere", "/profile/bob"], {
    posts: [pier],
    routes: { "GET /posts/p-pier": jsonResponse(200, { post: pier }), ...routes },
  });
  const cell = await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" });
  await opened.user.click(cell);
  return { ...opened, cell, dialog: await screen.findByRole("dialog", { name: "Post by @bob" }) };
}

describe("Post modal on the profile", () => {
  it("shows the media, the author, Like with its count, the caption and 'No comments yet.'", async () => {
    const { dialog } = await openPier();

    expect(within(dialog).getByRole("img", { name: "Pier at dusk" })).toHaveAttribute("src", pier.image);
    expect(within(dialog).getAllByRole("link", { name: "@bob" })[0]).toHaveAttribute("href", "/profile/bob");
    expect(within(dialog).getByRole("button", { name: "Like 2" })).toBeInTheDocument();
    expect(within(dialog).getAllByText("Pier at dusk").length).toBeGreaterThan(0);
    expect(within(dialog).getByText("No comments yet.")).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText("Add a comment...")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Post" })).toBeDisabled();
  });

  it("reads 'Liked' with the count the server answers, and the grid agrees", async () => {
    const like = vi.fn(() =>
      jsonResponse(200, { likes: ["u-alice", "u-carol"], isLiked: true, likesCount: 7 }),
    );
    const { user, dialog } = await openPier({ "POST /posts/p-pier/like": like });

    await user.click(within(dialog).getByRole("button", { name: "Like 2" }));

    expect(await within(dialog).findByRole("button", { name: "Liked 7" })).toBeInTheDocument();
    expect(like).toHaveBeenCalledTimes(1);
    expect(
      screen.getByRole("button", { name: "Pier at dusk, 7 likes, 0 comments", hidden: true }),
    ).toBeInTheDocument();
  });

  it("posts a comment on Enter and lists it; blank text is not sent", async () => {
    const comment = vi.fn((_url: string, init: RequestInit) =>
      jsonResponse(201, {
        comment: makeComment({
          _id: "c-9",
          text: JSON.parse(String(init.body)).text,
          user: { _id: "u-alice", username: "alice", avatar: "" },
        }),
        commentsCount: 1,
      }),
    );
    const { user, dialog } = await openPier({ "POST /posts/p-pier/comment": comment });
    const input = within(dialog).getByPlaceholderText("Add a comment...");

    await user.type(input, "   {Enter}");
    expect(comment).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, "Lovely light{Enter}");

    expect(await within(dialog).findByText("Lovely light")).toBeInTheDocument();
    expect(sentJson(comment)).toEqual({ text: "Lovely light" });
    expect(input).toHaveValue("");
    // Told inside the dialog: a reader hears nothing outside an aria-modal one.
    await waitFor(() => expect(within(dialog).getByTestId("announcer")).toHaveTextContent("Comment posted"));
  });

  it("reaches comments older than the post carries with 'View older comments'", async () => {
    const busy = makePost({
      ...pier,
      comments: [makeComment({ _id: "c-2", text: "Newest carried" })],
      commentsCount: 2,
      commentsCursor: "cursor-2",
    });
    const older = vi.fn(() =>
      jsonResponse(200, { comments: [makeComment({ _id: "c-1", text: "The first one" })], nextCursor: null }),
    );
    const opened = openProfile(["/elsewhere", "/profile/bob"], {
      posts: [busy],
      routes: { "GET /posts/p-pier": jsonResponse(200, { post: busy }), "GET /posts/p-pier/comments": older },
    });
    await opened.user.click(await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 2 comments" }));
    const dialog = await screen.findByRole("dialog", { name: "Post by @bob" });

    await opened.user.click(await within(dialog).findByRole("button", { name: "View older comments" }));

    expect(await within(dialog).findByText("The first one")).toBeInTheDocument();
    expect(within(dialog).getByText("Newest carried")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "View older comments" })).not.toBeInTheDocument();
    expect(older).toHaveBeenCalledTimes(1);
  });

  it("finding the post gone (its owner went private), takes it off the grid and reads the profile again", async () => {
    let profileReads = 0;
    const { user } = openProfile(["/elsewhere", "/profile/bob"], {
      routes: {
        "GET /profile/bob": () =>
          ++profileReads === 1
            ? jsonResponse(200, {
                user: makeProfile({ postsCount: 1 }),
                posts: [pier],
                isMyProfile: false,
                nextCursor: null,
              })
            : jsonResponse(200, {
                user: makeProfile({ isPrivate: true, isFollowed: false, postsCount: 1, followers: [] }),
                posts: [],
                isMyProfile: false,
                nextCursor: null,
              }),
        "GET /posts/p-pier": jsonResponse(404, { message: "Post not found" }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("This post isn't available.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    expect(await screen.findByRole("heading", { name: "This account is private" })).toBeInTheDocument();
    // The cell that opened it went with the grid: the lock, which says why, has the focus.
    expect(screen.getByRole("region", { name: "This account is private" })).toHaveFocus();
    expect(screen.queryByRole("button", { name: /Pier at dusk/ })).not.toBeInTheDocument();
    expect(profileReads).toBe(2);
  });

  it("stays open when its owner goes private live; closed, the lock takes the focus and nothing opens by itself", async () => {
    const stranger = makeProfile({ isFollowed: false, followers: [], postsCount: 1 });
    let bob = stranger;
    const { router, user } = openProfile(["/elsewhere", "/profile/bob"], {
      routes: {
        "GET /profile/bob": () =>
          jsonResponse(200, {
            user: bob,
            posts: bob.isPrivate ? [] : [pier],
            isMyProfile: false,
            nextCursor: null,
          }),
        "GET /posts/p-pier": jsonResponse(200, { post: pier }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" }));
    const dialog = await screen.findByRole("dialog", { name: "Post by @bob" });
    await within(dialog).findByRole("button", { name: "Like 2" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));

    bob = { ...stranger, isPrivate: true };
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: true }));

    const lock = await screen.findByRole("region", { name: "This account is private", hidden: true });
    expect(screen.getByRole("dialog", { name: "Post by @bob" })).toBe(dialog);
    expect(within(dialog).getByRole("button", { name: "Like 2" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(lock).toHaveFocus();
    await waitFor(() => expect(router.state.historyAction).toBe("POP"));
    expect(router.state.location.state?.modals?.post).toBeUndefined();

    // Forward, to the post's entry: hers are no longer the viewer's to see, cached or not.
    await act(() => router.navigate(1));
    await waitFor(() => expect(router.state.location.state?.modals?.post).toBeUndefined());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // She goes public (accepting the viewer's request): the grid comes back, and the modal does not.
    bob = stranger;
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: false }));
    expect(
      await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes with its history entry when its owner is blocked in another tab, and an unblock opens nothing", async () => {
    let blockedUsers: { _id: string; username: string; fullName: string; avatar: string }[] = [];
    const { router, user } = openProfile(["/elsewhere", "/profile/bob"], {
      posts: [pier],
      routes: {
        "GET /posts/p-pier": jsonResponse(200, { post: pier }),
        "GET /user": () => jsonResponse(200, { user: makeUser({ blockedUsers }) }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" }));
    const dialog = await screen.findByRole("dialog", { name: "Post by @bob" });
    await within(dialog).findByRole("button", { name: "Like 2" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("blocksChanged")).toBe(true));

    blockedUsers = [{ _id: "u-bob", username: "bob", fullName: "Bob Builder", avatar: "" }];
    act(() => socket.fire("blocksChanged", { userId: "u-bob", blocked: true }));

    expect(await screen.findByRole("button", { name: "Unblock" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state?.modals?.post).toBeUndefined());

    blockedUsers = [];
    act(() => socket.fire("blocksChanged", { userId: "u-bob", blocked: false }));
    expect(
      await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says so when its author deletes it meanwhile, and the profile counts one post fewer at once", async () => {
    const opened = openProfile(["/elsewhere", "/profile/bob"], {
      member: makeProfile({ postsCount: 3 }),
      posts: [pier],
      routes: { "GET /posts/p-pier": jsonResponse(200, { post: pier }) },
    });
    const stats = await screen.findByRole("list", { name: "Profile stats" });
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("3 posts");
    await opened.user.click(await screen.findByRole("button", { name: "Pier at dusk, 2 likes, 0 comments" }));
    const dialog = await screen.findByRole("dialog", { name: "Post by @bob" });
    await within(dialog).findByRole("button", { name: "Like 2" });
    const socket = await currentSocket();
    await waitUntil(() => {
      if (!socket.listens("postDeleted")) throw new Error("Nothing listens to postDeleted yet");
    });

    act(() => socket.fire("postDeleted", { postId: "p-pier" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This post was deleted.");
    expect(within(dialog).queryByRole("button", { name: /^Like/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByPlaceholderText("Add a comment...")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("2 posts");
    expect(screen.queryByRole("button", { name: /Pier at dusk/, hidden: true })).not.toBeInTheDocument();

    // Told again (another tab of the author's, a reconnect), it counts once.
    act(() => socket.fire("postDeleted", { postId: "p-pier" }));
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("2 posts");
  });

  it("closes on Escape and gives focus back to the cell", async () => {
    const { user, cell } = await openPier();

    await user.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(cell).toHaveFocus();
  });

  it("closes on a click on the backdrop but not inside", async () => {
    const { user, dialog } = await openPier();

    await user.click(within(dialog).getByText("No comments yet."));
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    const backdrop = dialog.parentElement as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps Tab inside the dialog", async () => {
    const { user, dialog } = await openPier();
    const close = within(dialog).getByRole("button", { name: "Close" });

    for (let step = 0; step < 12; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    close.focus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it("shows every comment once the full post arrives", async () => {
    const full = { ...pier, comments: [makeComment({ _id: "c-1", text: "First!" })], commentsCount: 1 };
    const { dialog } = await openPier({ "GET /posts/p-pier": jsonResponse(200, { post: full }) });
    expect(await within(dialog).findByText("First!")).toBeInTheDocument();
  });

  it("closes on the browser's Back, staying on the profile, focus back on the cell", async () => {
    const { router, cell } = await openPier();

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/profile/bob");
    expect(screen.getByRole("heading", { level: 1, name: "@bob" })).toBeInTheDocument();
    expect(cell).toHaveFocus();
  });

  it("closed with its Close button, it leaves no entry behind: the next Back leaves the profile", async () => {
    const { router, user, dialog } = await openPier();

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.historyAction).toBe("POP"));
    expect(router.state.location.pathname).toBe("/profile/bob");

    await act(() => router.navigate(-1));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });

  it("is open again on Back from the post page it links to", async () => {
    const { router, user, dialog } = await openPier();

    await user.click(within(dialog).getByRole("link", { name: "Open post page" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/post/bob/p-pier"));
    await act(() => router.navigate(-1));

    expect(await screen.findByRole("dialog", { name: "Post by @bob" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile/bob");
  });
});
