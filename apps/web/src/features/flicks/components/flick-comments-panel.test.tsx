import { FLICK_COMMENTS_PANEL_VH } from "@flik/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, makeComment, makePost, pending } from "../../../test/fixtures";
import { makeFlick } from "../test/flick-fixtures";
import { callsTo, flicksPage, openFlicks } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

async function openOne(flick = makeFlick(), routes: Parameters<typeof openFlicks>[0] = {}) {
  const opened = openFlicks({ "GET /flicks": flicksPage([flick]), ...routes });
  const article = await screen.findByRole("article", { name: `Flick by @${flick.uploadedBy.username}` });
  return { ...opened, article };
}

describe("the comments panel", () => {
  it("opens at 60% height with every comment, posts on Enter, and gives focus back on Escape", async () => {
    const flick = makeFlick({
      commentsCount: 2,
      comments: [makeComment({ _id: "c-2", text: "Newest only" })],
    });
    const post = makePost({
      _id: "f-1",
      comments: [
        makeComment({ _id: "c-1", text: "The very first" }),
        makeComment({ _id: "c-2", text: "Newest only" }),
      ],
    });
    const comment = vi.fn(() =>
      jsonResponse(201, {
        comment: makeComment({
          _id: "c-3",
          text: "Great wave",
          user: { _id: "u-alice", username: "alice", avatar: "" },
        }),
        commentsCount: 3,
      }),
    );
    const { user, article, fetchMock } = await openOne(flick, {
      "GET /posts/f-1": jsonResponse(200, { post }),
      "POST /flicks/f-1/comment": comment,
    });

    const button = within(article).getByRole("button", { name: "Comments" });
    await user.click(button);
    const panel = screen.getByRole("dialog", { name: "Comments (2)" });
    expect(panel).toHaveClass(`h-[${FLICK_COMMENTS_PANEL_VH}dvh]`);
    expect(within(panel).getByText("Newest only")).toBeInTheDocument();
    expect(await within(panel).findByText("The very first")).toBeInTheDocument();
    const input = within(panel).getByRole("textbox", { name: "Add a comment" });
    expect(input).toHaveFocus();

    await user.keyboard("   {Enter}");
    expect(comment).not.toHaveBeenCalled();
    await user.type(input, "  Great wave {Enter}");
    expect(await within(panel).findByText("Great wave")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /flicks/f-1/comment")).toEqual([{ text: "Great wave" }]);
    expect(input).toHaveValue("");
    expect(button).toHaveAccessibleDescription("3 comments");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("reaches every comment: the post's, then older ones with 'View older comments'", async () => {
    const flick = makeFlick({ commentsCount: 3, comments: [makeComment({ _id: "c-3", text: "Newest" })] });
    const post = makePost({
      _id: "f-1",
      comments: [makeComment({ _id: "c-2", text: "Middle" }), makeComment({ _id: "c-3", text: "Newest" })],
      commentsCount: 3,
      commentsCursor: "cursor-2",
    });
    const older = vi.fn(() =>
      jsonResponse(200, {
        comments: [makeComment({ _id: "c-1", text: "The very first" })],
        nextCursor: null,
      }),
    );
    const { user, article } = await openOne(flick, {
      "GET /posts/f-1": jsonResponse(200, { post }),
      "GET /posts/f-1/comments": older,
    });

    await user.click(within(article).getByRole("button", { name: "Comments" }));
    const panel = screen.getByRole("dialog", { name: "Comments (3)" });
    await user.click(await within(panel).findByRole("button", { name: "View older comments" }));
    await within(panel).findByText("The very first");
    const texts = within(within(panel).getByRole("list", { name: "Comments" }))
      .getAllByRole("listitem")
      .map((item) => item.querySelector("p")?.lastChild?.textContent);
    expect(texts).toEqual(["The very first", "Middle", "Newest"]);
    expect(String((older.mock.calls[0] as unknown[] | undefined)?.[0])).toContain("cursor=cursor-2");
    expect(within(panel).queryByRole("button", { name: "View older comments" })).not.toBeInTheDocument();
  });

  it("says so when there are no comments yet, and sends nothing blank with the Post button", async () => {
    const { user, article } = await openOne(makeFlick(), { "GET /posts/f-1": () => pending() });
    await user.click(within(article).getByRole("button", { name: "Comments" }));
    const panel = screen.getByRole("dialog", { name: "Comments" });
    expect(within(panel).getByText("No comments yet.")).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Post" })).toBeDisabled();
    await user.click(within(panel).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("a flick found gone from its panel", () => {
  const gone = jsonResponse(404, { message: "Flick not found" });

  it("says a comment finds it unavailable, and the panel closes with the flick leaving the feed", async () => {
    const { user, article } = await openOne(makeFlick(), {
      "GET /posts/f-1": () => pending(),
      "POST /flicks/f-1/comment": gone,
    });
    await user.click(within(article).getByRole("button", { name: "Comments" }));
    const panel = screen.getByRole("dialog", { name: "Comments" });
    await user.type(within(panel).getByRole("textbox", { name: "Add a comment" }), "Nice one{Enter}");

    expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it("says it unavailable when opening the panel finds it gone, rather than listing the comments it had", async () => {
    const flick = makeFlick({ commentsCount: 1, comments: [makeComment({ text: "Stale" })] });
    const { user, article } = await openOne(flick, { "GET /posts/f-1": gone });
    await user.click(within(article).getByRole("button", { name: "Comments" }));

    expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByText("Stale")).not.toBeInTheDocument();
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });

  it.each([
    ["'View older comments'", "GET /posts/f-1/comments", "View older comments"],
    ["deleting a comment", "DELETE /posts/f-1/comments/c-2", "Delete comment"],
  ])(
    "says %s finds it unavailable, and the panel closes with the flick leaving the feed",
    async (_, route, name) => {
      const own = makeComment({
        _id: "c-2",
        text: "Mine",
        user: { _id: "u-alice", username: "alice", avatar: "" },
      });
      const flick = makeFlick({ commentsCount: 2, comments: [own] });
      const post = makePost({ _id: "f-1", comments: [own], commentsCount: 2, commentsCursor: "cursor-1" });
      const { user, article } = await openOne(flick, {
        "GET /posts/f-1": jsonResponse(200, { post }),
        [route]: jsonResponse(404, { message: "Post not found" }),
      });
      await user.click(within(article).getByRole("button", { name: "Comments" }));
      const panel = screen.getByRole("dialog", { name: "Comments (2)" });
      await user.click(await within(panel).findByRole("button", { name }));

      expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
      expect(screen.queryByText("Couldn't load comments. Please try again.")).not.toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(screen.queryByRole("article")).not.toBeInTheDocument();
    },
  );

  it("says any other failure under the field, keeping the text", async () => {
    const { user, article } = await openOne(makeFlick(), {
      "GET /posts/f-1": () => pending(),
      "POST /flicks/f-1/comment": jsonResponse(500, {}),
    });
    await user.click(within(article).getByRole("button", { name: "Comments" }));
    const panel = screen.getByRole("dialog", { name: "Comments" });
    const input = within(panel).getByRole("textbox", { name: "Add a comment" });
    await user.type(input, "Nice one{Enter}");

    expect(await within(panel).findByRole("alert")).toHaveTextContent(
      "Couldn't post your comment. Please try again.",
    );
    expect(input).toHaveAccessibleDescription("Couldn't post your comment. Please try again.");
    expect(input).toHaveValue("Nice one");
    await user.type(input, "!");
    expect(within(panel).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("deleting a comment in the panel", () => {
  it("takes the member's own comment away, and the panel's count with it", async () => {
    const own = makeComment({
      _id: "c-5",
      text: "Typo here",
      user: { _id: "u-alice", username: "alice", avatar: "" },
    });
    const flick = makeFlick({ commentsCount: 2, comments: [makeComment({ _id: "c-4", text: "Nice" }), own] });
    const post = makePost({ _id: "f-1", comments: [makeComment({ _id: "c-4", text: "Nice" }), own] });
    const { user, article } = await openOne(flick, {
      "GET /posts/f-1": jsonResponse(200, { post }),
      "DELETE /posts/f-1/comments/c-5": jsonResponse(200, { message: "Comment deleted", commentsCount: 1 }),
    });
    await user.click(within(article).getByRole("button", { name: "Comments" }));
    const panel = screen.getByRole("dialog", { name: "Comments (2)" });
    expect(within(panel).getAllByRole("button", { name: "Delete comment" })).toHaveLength(1);

    await user.click(within(panel).getByRole("button", { name: "Delete comment" }));

    expect(within(panel).queryByText("Typo here")).not.toBeInTheDocument();
    expect(await screen.findByRole("dialog", { name: "Comments (1)" })).toBeInTheDocument();
    expect(within(panel).getByText("Nice")).toBeInTheDocument();
  });
});
