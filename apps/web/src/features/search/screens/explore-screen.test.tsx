import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { jsonResponse, pending, sentJson } from "../../../test/fixtures";
import { waitUntil } from "../../../test/wait";
import {
  openExplore,
  page,
  postsFrom,
  preloadExploreScreens,
  urlsOf,
  votedPoll,
} from "../test/explore-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadExploreScreens);

const tabs = () => screen.getByRole("tablist", { name: "Explore topics" });
const gridLinks = () =>
  within(screen.getByRole("tabpanel"))
    .queryAllByRole("link")
    .map((link) => link.getAttribute("href"));
const pollCard = () => screen.getByRole("region", { name: "Poll" });

describe("Explore", () => {
  it("has the tabs Music, Gaming and For You, For You open, with its grid of posts", async () => {
    const { fetchMock } = await openExplore("/search", { "GET /explore": page(postsFrom(1, 3)) });

    expect(
      within(tabs())
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Music", "Gaming", "For You"]);
    expect(within(tabs()).getByRole("tab", { name: "For You" })).toHaveAttribute("aria-selected", "true");
    await waitUntil(() => expect(gridLinks()).toEqual(["/post/bob/p-1", "/post/bob/p-2", "/post/bob/p-3"]));
    expect(urlsOf(fetchMock, "GET /explore")[0]?.searchParams.get("tab")).toBe("for-you");
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Explore · Flik"));
    // The spec's bottom bar stays hidden on /search: the six tabs show instead.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Quick links" })).not.toBeInTheDocument();
  });

  it("switches tabs by click and by arrow keys, each with its own posts, kept in the address", async () => {
    const { user, router, fetchMock } = await openExplore("/search", {
      "GET /explore": (url) => {
        const tab = new URL(url, "http://flik.test").searchParams.get("tab");
        return page(
          tab === "music" ? postsFrom(10, 1) : tab === "gaming" ? postsFrom(20, 2) : postsFrom(1, 1),
        );
      },
    });
    await waitUntil(() => expect(gridLinks()).toEqual(["/post/bob/p-1"]));

    await user.click(within(tabs()).getByRole("tab", { name: "Music" }));
    await waitUntil(() => expect(gridLinks()).toEqual(["/post/bob/p-10"]));
    expect(router.state.location.search).toBe("?tab=music");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Music");

    await user.keyboard("{ArrowRight}");
    expect(within(tabs()).getByRole("tab", { name: "Gaming" })).toHaveFocus();
    await waitUntil(() => expect(gridLinks()).toEqual(["/post/bob/p-20", "/post/bob/p-21"]));
    expect(urlsOf(fetchMock, "GET /explore").map((url) => url.searchParams.get("tab"))).toEqual([
      "for-you",
      "music",
      "gaming",
    ]);

    await user.keyboard("{ArrowRight}");
    expect(router.state.location.search).toBe("");
  });

  it("loads the next page of a tab", async () => {
    const { user, fetchMock } = await openExplore("/search?tab=gaming", {
      "GET /explore": (url) =>
        url.includes("cursor=c2") ? page(postsFrom(3, 2)) : page(postsFrom(1, 2), "c2"),
    });
    await user.click(await screen.findByRole("button", { name: "Load more posts" }));
    await waitUntil(() => expect(gridLinks()).toHaveLength(4));
    expect(screen.queryByRole("button", { name: "Load more posts" })).not.toBeInTheDocument();
    const second = urlsOf(fetchMock, "GET /explore")[1];
    expect(second?.searchParams.get("tab")).toBe("gaming");
    expect(second?.searchParams.get("cursor")).toBe("c2");
  });

  it("shows skeletons while a tab loads, and says so when it is empty", async () => {
    const { user } = await openExplore("/search", {
      "GET /explore": (url) => (url.includes("tab=music") ? page([]) : pending()),
    });
    expect(within(screen.getByRole("tabpanel")).getByText("Loading posts...")).toHaveAttribute(
      "role",
      "status",
    );
    await user.click(within(tabs()).getByRole("tab", { name: "Music" }));
    expect(await screen.findByText("No music posts yet")).toBeInTheDocument();
  });

  it("offers to try again when a tab fails to load", async () => {
    let calls = 0;
    const { user } = await openExplore("/search", {
      "GET /explore": () => (++calls === 1 ? jsonResponse(500, {}) : page(postsFrom(1, 1))),
    });
    const alert = await within(screen.getByRole("tabpanel")).findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong loading posts.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitUntil(() => expect(gridLinks()).toEqual(["/post/bob/p-1"]));
  });

  it("lists the trending tags, each linking to its tag page", async () => {
    await openExplore();
    const card = screen.getByRole("region", { name: "Trending" });
    const first = await within(card).findByRole("link", { name: /#worldcup/ });
    expect(first).toHaveAttribute("href", "/tags/worldcup");
    expect(first).toHaveTextContent("812 posts in the last day");
    expect(within(card).getByRole("link", { name: /#sunset/ })).toHaveTextContent("1 post in the last day");
  });

  it("says so when nothing is trending", async () => {
    await openExplore("/search", { "GET /tags/trending": jsonResponse(200, { tags: [] }) });
    const card = screen.getByRole("region", { name: "Trending" });
    expect(await within(card).findByText(/Nothing is trending yet/)).toBeInTheDocument();
  });

  it("has music picks, each opening its genre's tag page", async () => {
    await openExplore();
    const card = screen.getByRole("region", { name: "Music picks" });
    expect(within(card).getByRole("link", { name: /Slow Mornings/ })).toHaveAttribute("href", "/tags/lofi");
  });
});

describe("Explore poll", () => {
  it("hides the results until the member votes, then shows them with their choice marked", async () => {
    const vote = vi.fn(() => jsonResponse(200, { poll: votedPoll }));
    const { user } = await openExplore("/search", { "POST /polls/poll-1/vote": vote });
    const group = await within(pollCard()).findByRole("group", { name: "Beach or mountains?" });
    expect(within(group).getAllByRole("radio")).toHaveLength(2);
    expect(within(pollCard()).queryByText(/%/)).not.toBeInTheDocument();
    const voteButton = within(pollCard()).getByRole("button", { name: "Vote" });
    expect(voteButton).toBeDisabled();

    await user.click(within(group).getByRole("radio", { name: "Beach" }));
    await user.click(voteButton);

    const results = await within(pollCard()).findByRole("list", { name: "Results" });
    const [beach, mountains] = within(results).getAllByRole("listitem");
    expect(beach).toHaveTextContent("BeachYour vote75%");
    expect(mountains).toHaveTextContent("Mountains25%");
    expect(within(pollCard()).getByText("4 votes")).toBeInTheDocument();
    expect(within(pollCard()).queryByRole("radio")).not.toBeInTheDocument();
    expect(sentJson(vote)).toEqual({ optionId: "opt-beach" });
  });

  it("hands the focus of the Vote button, gone with the form, to the results", async () => {
    const { user } = await openExplore("/search", {
      "POST /polls/poll-1/vote": () => jsonResponse(200, { poll: votedPoll }),
    });
    const group = await within(pollCard()).findByRole("group", { name: "Beach or mountains?" });
    await user.click(within(group).getByRole("radio", { name: "Beach" }));
    await user.tab();
    expect(within(pollCard()).getByRole("button", { name: "Vote" })).toHaveFocus();
    await user.keyboard("{Enter}");

    const results = await within(pollCard()).findByRole("list", { name: "Results" });
    await waitUntil(() => expect(results).toHaveFocus());
  });

  it("shows the results at once to a member who already voted, leaving the focus where it is", async () => {
    await openExplore("/search", { "GET /polls/current": jsonResponse(200, { poll: votedPoll }) });
    expect(await within(pollCard()).findByRole("list", { name: "Results" })).not.toHaveFocus();
  });

  it("takes a refused vote back and says so", async () => {
    const error = vi.spyOn(toast, "error");
    let answer: (response: Response) => void = () => {};
    const { user } = await openExplore("/search", {
      "POST /polls/poll-1/vote": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const group = await within(pollCard()).findByRole("group", { name: "Beach or mountains?" });
    await user.click(within(group).getByRole("radio", { name: "Mountains" }));
    await user.click(within(pollCard()).getByRole("button", { name: "Vote" }));

    // While it is sent, the choice stands and nothing can change.
    expect(await within(pollCard()).findByRole("button", { name: "Voting..." })).toBeDisabled();
    expect(within(group).getByRole("radio", { name: "Mountains" })).toBeChecked();
    expect(within(group).getByRole("radio", { name: "Beach" })).toBeDisabled();

    answer(jsonResponse(500, { message: "" }));
    await waitUntil(() =>
      expect(error).toHaveBeenCalledWith("Couldn't save your vote. Please try again.", expect.anything()),
    );
    const button = await within(pollCard()).findByRole("button", { name: "Vote" });
    expect(button).toBeEnabled();
    expect(within(pollCard()).getByRole("radio", { name: "Mountains" })).toBeChecked();
    expect(within(pollCard()).queryByRole("list", { name: "Results" })).not.toBeInTheDocument();
  });

  it("steps aside when no poll is running", async () => {
    await openExplore("/search", {
      "GET /polls/current": jsonResponse(404, { message: "No poll" }),
      "GET /explore": page(postsFrom(1, 1)),
    });
    await waitUntil(() => expect(gridLinks()).toHaveLength(1));
    await waitUntil(() => expect(screen.queryByRole("region", { name: "Poll" })).not.toBeInTheDocument());
  });
});
