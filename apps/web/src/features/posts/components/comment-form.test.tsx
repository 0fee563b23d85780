import { onlineManager } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeComment, makePost, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

function feedWithComment(comment: (url: string, init: RequestInit) => Response) {
  signInAsAlice();
  const commentRoute = vi.fn(comment);
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /posts": jsonResponse(200, { posts: [makePost()], nextCursor: null }),
      "POST /posts/p-1/comment": commentRoute,
    }),
  );
  return { ...renderApp("/post"), commentRoute };
}

const aliceSays = (text: string) =>
  jsonResponse(201, {
    comment: makeComment({ _id: "c-9", text, user: { _id: "u-alice", username: "alice", avatar: "" } }),
    commentsCount: 1,
  });

describe("CommentForm", () => {
  afterEach(() => onlineManager.setOnline(true));

  it("says so at once when the browser is offline, and keeps the text to send again", async () => {
    const { user, commentRoute } = feedWithComment(() => {
      throw new TypeError("Failed to fetch");
    });
    const input = await screen.findByLabelText("Add a comment");
    onlineManager.setOnline(false);

    await user.type(input, "Lovely{Enter}");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Couldn't post your comment. Please try again.",
    );
    expect(commentRoute).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue("Lovely");
    expect(screen.getByRole("button", { name: "Post" })).toBeEnabled();
  });

  it("sends the trimmed text on Enter, shows it and clears the input", async () => {
    const { user, commentRoute } = feedWithComment(() => aliceSays("What a view"));
    const input = await screen.findByLabelText("Add a comment");
    expect(input).toHaveAttribute("placeholder", "Add a comment...");

    await user.type(input, "  What a view  {Enter}");

    const card = screen.getByRole("article", { name: "Post by @bob" });
    expect(await within(card).findByText("What a view")).toBeInTheDocument();
    expect(input).toHaveValue("");
    const [, init] = commentRoute.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ text: "What a view" });
    // Focus stays in the emptied box: a screen reader hears that it went.
    await waitFor(() =>
      expect(document.querySelector('[data-testid="announcer"]')).toHaveTextContent("Comment posted"),
    );
  });

  it("says 'This post isn't available.' in a toast when the post went (a block, private, deleted), and the card goes", async () => {
    const { user } = feedWithComment(() => jsonResponse(404, { message: "Post not found" }));
    await user.type(await screen.findByLabelText("Add a comment"), "Still here?{Enter}");

    expect(await screen.findByText("This post isn't available.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Post by @bob" })).not.toBeInTheDocument(),
    );
  });

  it("tells a member whose paste was cut to the limit that a comment holds 1,000 characters, until it is shorter", async () => {
    const { user, commentRoute } = feedWithComment(() => aliceSays("a".repeat(1000)));
    const input = await screen.findByLabelText("Add a comment");
    const limitText = "Comments can be up to 1,000 characters.";
    expect(input).toHaveAccessibleDescription("");

    await user.click(input);
    await user.paste("a".repeat(1100));
    expect(input).toHaveValue("a".repeat(1000));
    expect(input).toHaveAccessibleDescription(limitText);
    expect(screen.getByText(limitText)).toBeVisible();

    await user.keyboard("{Backspace}");
    expect(input).toHaveAccessibleDescription("");
    await user.keyboard("b{Enter}");
    await waitFor(() => expect(commentRoute).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(commentRoute.mock.calls[0]?.[1].body))).toEqual({ text: `${"a".repeat(999)}b` });
  });

  it("sends with the Post button too", async () => {
    const { user, commentRoute } = feedWithComment(() => aliceSays("Nice"));
    await user.type(await screen.findByLabelText("Add a comment"), "Nice");
    await user.click(screen.getByRole("button", { name: "Post" }));
    expect(await screen.findByText("Nice")).toBeInTheDocument();
    expect(commentRoute).toHaveBeenCalledTimes(1);
  });

  it("keeps Post disabled and sends nothing while the text is blank", async () => {
    const { user, commentRoute } = feedWithComment(() => aliceSays("never"));
    const input = await screen.findByLabelText("Add a comment");
    const post = screen.getByRole("button", { name: "Post" });
    expect(post).toBeDisabled();

    await user.type(input, "   ");
    expect(post).toBeDisabled();
    // Zero-width spaces and joiners show nothing either.
    await user.type(input, "\u200b\u200d");
    expect(post).toBeDisabled();
    await user.type(input, "{Enter}");

    expect(commentRoute).not.toHaveBeenCalled();
    await user.type(input, "x");
    expect(post).toBeEnabled();
  });

  it("shows the server's message and keeps the text when sending fails", async () => {
    const { user } = feedWithComment(() =>
      jsonResponse(400, { message: "Comment is at most 1000 characters" }),
    );
    const input = await screen.findByLabelText("Add a comment");

    await user.type(input, "Too long{Enter}");

    expect(await screen.findByRole("alert")).toHaveTextContent("Comment is at most 1000 characters");
    expect(input).toHaveValue("Too long");
  });
});
