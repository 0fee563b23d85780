import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getRecentSearches, saveRecentSearches } from "../../../lib/storage";
import { connectNow, nextSocketStillConnecting } from "../../../test/fake-socket";
import { jsonResponse, makePost } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";
import { searchKeys } from "../api/search-keys";
import {
  bob,
  bobby,
  openExplore,
  preloadExploreScreens,
  searchBox,
  searchRoutes,
  seaTag,
  sunsetTag,
  urlsOf,
} from "../test/explore-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadExploreScreens);

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

const pier = makePost({ _id: "p-pier", caption: "Sunset at the pier" });
const found = searchRoutes({ members: [bob, bobby], posts: [pier], tags: [sunsetTag, seaTag] });
const results = () => screen.getByRole("listbox", { name: "Search results" });
/** What the app's polite live region (lib/announcer) reads now. */
const announced = () => document.querySelector('[data-testid="announcer"]')?.textContent ?? "";
const optionNames = () =>
  within(results())
    .getAllByRole("option")
    .map((option) => option.textContent || option.getAttribute("aria-label"));

describe("Explore search", () => {
  it("searches 300 ms after the last keystroke, and only from 2 characters", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock } = await openExplore("/search", found, { fakeTimers: true });
    const searches = () => urlsOf(fetchMock, "GET /user/search");
    const box = searchBox();

    // Keystrokes and clock steps in one synchronous run: the clock also follows real time, and a busy
    // machine must not move it between them.
    fireEvent.change(box, { target: { value: "b" } });
    act(() => vi.advanceTimersByTime(1000));
    expect(searches()).toHaveLength(0);
    // An emoji is one character, as every limit counts, though it is two UTF-16 units.
    fireEvent.change(box, { target: { value: "😀" } });
    act(() => vi.advanceTimersByTime(1000));
    expect(searches()).toHaveLength(0);
    fireEvent.change(box, { target: { value: "bo" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: "bob" } });
    act(() => vi.advanceTimersByTime(299));
    // 499 ms after "bo" but only 299 ms after "bob": the wait started again.
    expect(searches()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));

    await waitUntil(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.searchParams.get("q")).toBe("bob");
    expect(urlsOf(fetchMock, "GET /posts/search")[0]?.searchParams.get("q")).toBe("bob");
    expect(urlsOf(fetchMock, "GET /tags/search")[0]?.searchParams.get("q")).toBe("bob");
    expect(await screen.findByRole("listbox", { name: "Search results" })).toBeInTheDocument();
  });

  it("takes no more than a search may hold, and leaves out a pasted NUL character", async () => {
    const { user, fetchMock } = await openExplore("/search", found);
    const box = searchBox();
    await user.click(box);
    await user.paste("bo\u0000b");
    expect(box).toHaveValue("bob");
    await waitUntil(() => expect(urlsOf(fetchMock, "GET /user/search")).toHaveLength(1));
    expect(urlsOf(fetchMock, "GET /user/search")[0]?.searchParams.get("q")).toBe("bob");

    await user.paste("b".repeat(120));
    expect(box).toHaveValue(`bob${"b".repeat(97)}`);
  });

  it("groups the results as Members, Posts and Tags, each opening its page", async () => {
    const { user } = await openExplore("/search", found);
    await user.type(searchBox(), "bo");

    const list = await screen.findByRole("listbox", { name: "Search results" });
    const groups = within(list).getAllByRole("group");
    const groupName = (group: HTMLElement) =>
      document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.textContent;
    expect(groups.map(groupName)).toEqual(["Members", "Posts", "Tags"]);
    const members = within(list).getByRole("group", { name: "Members" });
    expect(
      within(members)
        .getAllByRole("option")
        .map((option) => option.getAttribute("href")),
    ).toEqual(["/profile/bob", "/profile/bobby_tables"]);
    expect(within(members).getByRole("option", { name: /^bobby_tables/ })).toHaveTextContent("Bobby Tables");
    const posts = within(list).getByRole("group", { name: "Posts" });
    expect(
      within(posts).getByRole("option", { name: "Sunset at the pier, 2 likes, 0 comments" }),
    ).toHaveAttribute("href", "/post/bob/p-pier");
    const tags = within(list).getByRole("group", { name: "Tags" });
    const sunset = within(tags).getByRole("option", { name: /^#sunset/ });
    expect(sunset).toHaveAttribute("href", "/tags/sunset");
    expect(sunset).toHaveTextContent("1,204 posts");
    const sea = within(tags).getByRole("option", { name: /^#sea/ });
    expect(sea).toHaveAttribute("href", "/tags/sea");
    expect(sea).toHaveTextContent("1 post");
    // Explore steps aside while searching.
    expect(screen.queryByRole("tablist", { name: "Explore topics" })).not.toBeInTheDocument();
  });

  it("moves through the results with the arrow keys and opens the one reached with Enter", async () => {
    const { user, router } = await openExplore("/search", found);
    const box = searchBox();
    await user.type(box, "bo");
    await screen.findByRole("listbox", { name: "Search results" });
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(box).toHaveAttribute("aria-haspopup", "listbox");
    expect(box).not.toHaveAttribute("aria-activedescendant");

    const selected = () => within(results()).getByRole("option", { selected: true });
    await user.keyboard("{ArrowDown}");
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute("aria-activedescendant", selected().id);
    expect(selected()).toHaveAttribute("href", "/profile/bob");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(selected()).toHaveAttribute("href", "/post/bob/p-pier");
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    // Past the last tag comes the first member again; up from there, the last tag.
    expect(selected()).toHaveAttribute("href", "/profile/bob");
    await user.keyboard("{ArrowUp}");
    expect(selected()).toHaveAttribute("href", "/tags/sea");
    await user.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}");
    expect(selected()).toHaveAttribute("href", "/profile/bobby_tables");
    expect(optionNames()).toHaveLength(5);

    await user.keyboard("{Enter}");
    await waitUntil(() => expect(router.state.location.pathname).toBe("/profile/bobby_tables"));
    expect(JSON.parse(getRecentSearches("u-alice") ?? "[]")).toEqual([
      { kind: "member", _id: "u-bobby", username: "bobby_tables", fullName: "Bobby Tables", avatar: "" },
    ]);
  });

  it("marks the member or tag row reached with the focus's fuchsia ring, as the post tiles are", async () => {
    const { user } = await openExplore("/search", found);
    await user.type(searchBox(), "bo");
    await screen.findByRole("listbox", { name: "Search results" });
    const selected = () => within(results()).getAllByRole("option", { selected: true });
    // The ring (3:1 and more on the page) shows only on the row aria-selected names: the one reached.
    const ring = ["aria-selected:ring-2", "aria-selected:ring-fuchsia-600", "aria-selected:ring-inset"];

    await user.keyboard("{ArrowDown}");
    expect(selected()).toHaveLength(1);
    expect(selected()[0]).toHaveAttribute("href", "/profile/bob");
    expect(selected()[0]).toHaveClass(...ring);
    await user.keyboard("{ArrowUp}");
    expect(selected()).toHaveLength(1);
    expect(selected()[0]).toHaveAttribute("href", "/tags/sea");
    expect(selected()[0]).toHaveClass(...ring);
  });

  it("Escape closes the results, keeping the text; again, it empties the box; the focus stays in it", async () => {
    const { user } = await openExplore("/search", found);
    const box = searchBox();
    await user.type(box, "bo");
    await screen.findByRole("listbox", { name: "Search results" });
    await user.keyboard("{ArrowDown}{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).not.toHaveAttribute("aria-controls");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(box).toHaveValue("bo");
    expect(box).toHaveFocus();

    // ArrowDown brings them back, as a combobox's list comes back, with nothing reached yet.
    await user.keyboard("{ArrowDown}");
    expect(await screen.findByRole("listbox", { name: "Search results" })).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-expanded", "true");
    expect(box).not.toHaveAttribute("aria-activedescendant");

    await user.keyboard("{Escape}{Escape}");
    expect(box).toHaveValue("");
    expect(box).toHaveFocus();
    // Emptied by Escape, the box stays closed: no recent searches spring open in the results' place.
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog", { name: "Recent" })).not.toBeInTheDocument();
    expect(await screen.findByRole("tablist", { name: "Explore topics" })).toBeInTheDocument();
  });

  it("Escape empties the box when no list is open under it (nothing found)", async () => {
    const { user } = await openExplore("/search", searchRoutes({}));
    const box = searchBox();
    await user.type(box, "zzz");
    await screen.findByText("No results found");
    await user.keyboard("{Escape}");
    expect(box).toHaveValue("");
    expect(box).toHaveFocus();
  });

  it("says politely how many of each kind a typed text found, once its own answer is in", async () => {
    const { user } = await openExplore("/search", {
      ...found,
      "GET /posts/search": () => jsonResponse(200, { posts: [pier], nextCursor: "p2" }),
    });
    await user.type(searchBox(), "bo");
    await screen.findByRole("listbox", { name: "Search results" });
    await waitUntil(() => expect(announced()).toBe("2 members, at least 1 post, 2 tags"));
  });

  it("says 'No results found' when nothing matches", async () => {
    const { user } = await openExplore("/search", searchRoutes({}));
    await user.type(searchBox(), "zzz");
    expect(await screen.findByText("No results found")).toBeInTheDocument();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(searchBox()).toHaveAttribute("aria-expanded", "false");
  });

  it("says a search asked offline failed, rather than searching on with nothing said", async () => {
    const { user } = await openExplore("/search", {
      ...found,
      "GET /user/search": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    onlineManager.setOnline(false);
    await user.type(searchBox(), "bo");

    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't search right now.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("keeps the results it showed when reading them again fails", async () => {
    let down = false;
    const unlessDown = (route: () => Response) => () => {
      if (down) throw new TypeError("Failed to fetch");
      return route();
    };
    const { user, queryClient } = await openExplore("/search", {
      "GET /user/search": unlessDown(found["GET /user/search"] as () => Response),
      "GET /posts/search": unlessDown(found["GET /posts/search"] as () => Response),
      "GET /tags/search": unlessDown(found["GET /tags/search"] as () => Response),
    });
    await user.type(searchBox(), "bo");
    await waitUntil(() => expect(optionNames()).toContain("bobBob Builder"));

    down = true;
    await act(() => queryClient.invalidateQueries({ queryKey: searchKeys.results("bo") }));
    await waitUntil(() => expect(queryClient.isFetching()).toBe(0));
    await act(async () => {});
    expect(optionNames()).toContain("bobBob Builder");
    expect(screen.queryByText("Couldn't search right now.")).not.toBeInTheDocument();
  });

  it("says why a search was refused for asking too often, rather than blaming the connection", async () => {
    const tooMany = { message: "Too many attempts. Please try again in 59 seconds." };
    let refused = true;
    const { user } = await openExplore("/search", {
      ...found,
      "GET /user/search": () =>
        refused ? jsonResponse(429, tooMany) : jsonResponse(200, { users: [bob, bobby] }),
    });
    await user.type(searchBox(), "bo");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't search right now.");
    expect(alert).toHaveTextContent("Too many attempts. Please try again in 59 seconds.");
    expect(alert).not.toHaveTextContent("Check your connection");

    // Try again goes as the search starts again: the focus goes back to the box, not to the page.
    refused = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(searchBox()).toHaveFocus();
    expect(await screen.findByRole("listbox", { name: "Search results" })).toBeInTheDocument();
  });

  it("shows more members and posts a page at a time, from the cursor each page gave", async () => {
    const member = (n: number) => ({ _id: `u-${n}`, username: `zed_${n}`, fullName: `Zed ${n}`, avatar: "" });
    const memberPages: Record<string, { users: unknown[]; nextCursor: string | null }> = {
      "": { users: [1, 2, 3, 4, 5, 6].map(member), nextCursor: "m2" },
      m2: { users: [7, 8].map(member), nextCursor: null },
    };
    const post = (n: number) => makePost({ _id: `p-${n}`, caption: `Zed post ${n}` });
    const cursorOf = (url: string) => new URL(url, "http://flik.test").searchParams.get("cursor") ?? "";
    let morePosts = 0;
    const { user, fetchMock, queryClient } = await openExplore("/search", {
      ...found,
      "GET /user/search": (url: string) => jsonResponse(200, memberPages[cursorOf(url)]),
      "GET /posts/search": (url: string) => {
        if (!cursorOf(url)) return jsonResponse(200, { posts: [post(1)], nextCursor: "p2" });
        // The first "Show more posts" fails, the next one brings the page.
        return ++morePosts === 1
          ? jsonResponse(503, { message: "Busy" })
          : jsonResponse(200, { posts: [post(2)], nextCursor: null });
      },
    });
    const box = searchBox();
    await user.type(box, "zed");
    const members = await screen.findByRole("group", { name: "Members" });
    expect(within(members).getAllByRole("option")).toHaveLength(7);

    // Reached by the arrow keys as any option, and chosen with Enter: the mark goes to the first new one.
    await user.keyboard("{ArrowDown>7/}");
    const selected = () => within(results()).getByRole("option", { selected: true });
    expect(selected()).toHaveTextContent("Show more members");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(selected()).toHaveAttribute("href", "/profile/zed_7"));
    expect(box).toHaveFocus();
    const memberLinks = within(screen.getByRole("group", { name: "Members" }))
      .getAllByRole("option")
      .map((option) => option.getAttribute("href"));
    expect(memberLinks).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `/profile/zed_${n}`));
    // The last page: no more to show.
    expect(within(results()).queryByRole("option", { name: "Show more members" })).not.toBeInTheDocument();
    const asked = urlsOf(fetchMock, "GET /user/search");
    expect(asked.at(-1)?.searchParams.get("cursor")).toBe("m2");
    expect(asked.at(-1)?.searchParams.get("q")).toBe("zed");

    // A click; a failure says so and keeps the option for another try.
    await user.click(within(results()).getByRole("option", { name: "Show more posts" }));
    expect(await screen.findByText(/Couldn't load more results\./)).toBeInTheDocument();
    const postsShown = () => within(screen.getByRole("group", { name: "Posts" })).getAllByRole("option");
    expect(postsShown()).toHaveLength(2);
    await user.click(within(results()).getByRole("option", { name: "Show more posts" }));
    await waitFor(() =>
      expect(within(results()).queryByRole("option", { name: "Show more posts" })).not.toBeInTheDocument(),
    );
    expect(postsShown().map((option) => option.getAttribute("href"))).toEqual([
      expect.stringMatching(/\/p-1$/),
      expect.stringMatching(/\/p-2$/),
    ]);

    // Read again (stale on coming back, after a reconnect), the answer keeps what Show more brought.
    const membersAsked = urlsOf(fetchMock, "GET /user/search").length;
    await act(() => queryClient.refetchQueries({ queryKey: searchKeys.results("zed") }));
    expect(
      urlsOf(fetchMock, "GET /user/search")
        .slice(membersAsked)
        .map((url) => url.searchParams.get("cursor")),
    ).toEqual([null, "m2"]);
    expect(within(screen.getByRole("group", { name: "Members" })).getAllByRole("option")).toHaveLength(8);
    expect(postsShown()).toHaveLength(2);
  });

  it("leaves the mark on another text's results alone when an earlier text's Show more page comes", async () => {
    const member = (n: number) => ({ _id: `u-${n}`, username: `zed_${n}`, fullName: `Zed ${n}`, avatar: "" });
    let bringPage: (response: Response) => void = () => {};
    const { user } = await openExplore("/search", {
      ...found,
      "GET /user/search": (url: string) => {
        const asked = new URL(url, "http://flik.test").searchParams;
        if (asked.get("cursor")) return new Promise<Response>((resolve) => (bringPage = resolve));
        return asked.get("q") === "zed"
          ? jsonResponse(200, { users: [1, 2, 3, 4, 5, 6].map(member), nextCursor: "m2" })
          : jsonResponse(200, { users: [member(11), member(12)], nextCursor: null });
      },
    });
    const box = searchBox();
    await user.type(box, "zed");
    await screen.findByRole("option", { name: "Show more members" });
    await user.keyboard("{ArrowDown>7/}{Enter}");
    expect(await screen.findByRole("option", { name: "Loading..." })).toBeInTheDocument();

    await user.type(box, "_1");
    await screen.findByRole("option", { name: /zed_12/ });
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const selected = () => within(results()).getByRole("option", { selected: true });
    expect(selected()).toHaveAttribute("href", "/profile/zed_12");

    await act(async () => bringPage(jsonResponse(200, { users: [member(7)], nextCursor: null })));
    expect(selected()).toHaveAttribute("href", "/profile/zed_12");
    expect(box).toHaveAttribute("aria-activedescendant", selected().id);
  });

  it("shows a failed search as a failure with Try again, never made-up members", async () => {
    let calls = 0;
    const { user } = await openExplore("/search", {
      ...found,
      "GET /user/search": () =>
        ++calls === 1 ? jsonResponse(500, { message: "Boom" }) : jsonResponse(200, { users: [bob] }),
    });
    await user.type(searchBox(), "bo");

    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't search right now.");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
    expect(screen.queryByText("No results found")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Try again" }));
    const members = await screen.findByRole("group", { name: "Members" });
    expect(
      within(members)
        .getAllByRole("option")
        .map((option) => option.getAttribute("href")),
    ).toEqual(["/profile/bob"]);
  });

  it("shows skeletons while the search runs", async () => {
    const { user } = await openExplore("/search", {
      ...found,
      "GET /user/search": () => new Promise<Response>(() => {}),
    });
    await user.type(searchBox(), "bo");
    expect(await screen.findByText("Searching...")).toHaveAttribute("role", "status");
  });

  it("keeps a text's results (dimmed) while it is typed on, never under an unrelated text typed after clearing", async () => {
    const { user } = await openExplore("/search", {
      ...found,
      "GET /user/search": (url: string) =>
        new URL(url, "http://flik.test").searchParams.get("q") === "bo"
          ? jsonResponse(200, { users: [bob] })
          : new Promise<Response>(() => {}),
    });
    const box = searchBox();
    await user.type(box, "bo");
    await screen.findByRole("option", { name: /Bob Builder/ });

    await user.type(box, "b");
    // "bob" goes on from "bo": its results stay, dimmed, while "bob"'s come.
    await waitFor(() => expect(results()).toHaveAttribute("aria-busy", "true"));
    expect(within(results()).getByRole("option", { name: /Bob Builder/ })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, "sea");
    expect(await screen.findByText("Searching...")).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /Bob Builder/ })).not.toBeInTheDocument();
  });

  it("searches a #tag among posts and tags only, and @name among members only", async () => {
    const { user, fetchMock } = await openExplore("/search", found);
    await user.type(searchBox(), "#Sunset");
    await screen.findByRole("group", { name: "Tags" });
    expect(urlsOf(fetchMock, "GET /user/search")).toHaveLength(0);
    expect(urlsOf(fetchMock, "GET /posts/search").at(-1)?.searchParams.get("q")).toBe("#sunset");
    expect(urlsOf(fetchMock, "GET /tags/search").at(-1)?.searchParams.get("q")).toBe("sunset");

    // A #tag beside words or other tags: the posts search gets the whole text, the tags its first one.
    await user.type(searchBox(), " Ridge");
    await waitFor(() =>
      expect(urlsOf(fetchMock, "GET /posts/search").at(-1)?.searchParams.get("q")).toBe("#Sunset Ridge"),
    );
    expect(urlsOf(fetchMock, "GET /tags/search").at(-1)?.searchParams.get("q")).toBe("sunset");

    await user.clear(searchBox());
    await user.type(searchBox(), "@bob");
    await screen.findByRole("group", { name: "Members" });
    expect(urlsOf(fetchMock, "GET /user/search").at(-1)?.searchParams.get("q")).toBe("bob");
    expect(urlsOf(fetchMock, "GET /posts/search").at(-1)?.searchParams.get("q")).toBe("#Sunset Ridge");
  });

  it("takes an address's ?q= as the box would have kept it: no NUL, at most 100 characters", async () => {
    const { fetchMock } = await openExplore(`/search?q=${"bo".repeat(75)}%00`, found);
    expect(searchBox()).toHaveValue("bo".repeat(50));
    await screen.findByRole("group", { name: "Members" });
    expect(urlsOf(fetchMock, "GET /user/search").at(-1)?.searchParams.get("q")).toBe("bo".repeat(50));
  });

  it("searches once on a page opened at /search?q=, though the socket connects after", async () => {
    await nextSocketStillConnecting();
    const { fetchMock } = await openExplore("/search?q=bo", found);
    await screen.findByRole("group", { name: "Members" });
    const socket = await currentSocket();

    // The connect's catch-up (features/posts) asks the feeds again, not the search: no event was missed.
    act(() => connectNow(socket));
    await act(async () => {});
    for (const call of ["GET /user/search", "GET /posts/search", "GET /tags/search"])
      expect(urlsOf(fetchMock, call)).toHaveLength(1);
  });

  it("keeps the search in the address, so coming back shows the same results", async () => {
    const { fetchMock, router } = await openExplore("/search?q=bo", found);
    expect(searchBox()).toHaveValue("bo");
    expect(await screen.findByRole("group", { name: "Members" })).toBeInTheDocument();
    expect(urlsOf(fetchMock, "GET /user/search")[0]?.searchParams.get("q")).toBe("bo");

    // The Search tab (/search alone) empties the box.
    await act(() => router.navigate("/search"));
    expect(searchBox()).toHaveValue("");
    expect(await screen.findByRole("tablist", { name: "Explore topics" })).toBeInTheDocument();
  });
});

describe("Recent searches", () => {
  const recentPanel = () => screen.getByRole("dialog", { name: "Recent" });

  it("are offered in the empty, focused box, and say so when there are none", async () => {
    const { user } = await openExplore("/search", found);
    expect(screen.queryByRole("dialog", { name: "Recent" })).not.toBeInTheDocument();
    expect(searchBox()).toHaveAttribute("aria-expanded", "false");
    await user.click(searchBox());
    expect(within(recentPanel()).getByText("No recent searches.")).toBeInTheDocument();
    expect(within(recentPanel()).queryByRole("button", { name: "Clear all" })).not.toBeInTheDocument();
    // The box says it has opened the panel, and which.
    expect(searchBox()).toHaveAttribute("aria-expanded", "true");
    expect(searchBox()).toHaveAttribute("aria-controls", recentPanel().id);
    // A dialog the arrow keys move into, not a listbox under an active descendant.
    expect(searchBox()).toHaveAttribute("aria-haspopup", "dialog");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Recent" })).not.toBeInTheDocument();
    expect(searchBox()).toHaveAttribute("aria-expanded", "false");
    expect(searchBox()).not.toHaveAttribute("aria-controls");

    // Put away, they come back with ArrowDown or a click in the box, which kept the focus.
    await user.keyboard("{ArrowDown}");
    expect(recentPanel()).toBeInTheDocument();
    expect(searchBox()).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Recent" })).not.toBeInTheDocument();
    await user.click(searchBox());
    expect(recentPanel()).toBeInTheDocument();
  });

  it("keeps a search on Enter and what was opened, newest first, and searches a text again", async () => {
    const { user, fetchMock } = await openExplore("/search", {
      ...found,
      "GET /tags/sea/posts": jsonResponse(404, { message: "Tag not found" }),
    });
    const box = searchBox();
    await user.type(box, "sunset{Enter}");
    await screen.findByRole("listbox", { name: "Search results" });
    // A click on a tag result keeps the tag.
    await user.click(screen.getByRole("option", { name: /^#sea/ }));
    expect(await screen.findByRole("heading", { level: 1, name: "Tag not found" })).toBeInTheDocument();
    expect(JSON.parse(getRecentSearches("u-alice") ?? "[]")).toEqual([
      { kind: "tag", name: "sea" },
      { kind: "text", text: "sunset" },
    ]);

    await user.click(screen.getByRole("link", { name: "Back to explore" }));
    await user.click(await screen.findByRole("combobox", { name: "Search people, posts and tags" }));
    const [first, second] = within(recentPanel()).getAllByRole("listitem") as HTMLElement[];
    expect(within(first as HTMLElement).getByRole("link", { name: "#sea" })).toHaveAttribute(
      "href",
      "/tags/sea",
    );
    expect(within(second as HTMLElement).getByRole("button", { name: "sunset" })).toBeInTheDocument();

    const before = urlsOf(fetchMock, "GET /posts/search").length;
    await user.click(within(recentPanel()).getByRole("button", { name: "sunset" }));
    expect(searchBox()).toHaveValue("sunset");
    await waitUntil(() => expect(urlsOf(fetchMock, "GET /posts/search")).toHaveLength(before + 1));
  });

  it("removes one, or all with Clear all, and moves through them with the arrow keys", async () => {
    saveRecentSearches(
      "u-alice",
      JSON.stringify([
        { kind: "member", ...bob },
        { kind: "tag", name: "sunset" },
        { kind: "text", text: "pier" },
      ]),
    );
    const { user } = await openExplore("/search", found);
    const box = searchBox();
    await user.click(box);
    expect(within(recentPanel()).getAllByRole("listitem")).toHaveLength(3);

    await user.keyboard("{ArrowDown}");
    expect(within(recentPanel()).getByRole("link", { name: /bob/ })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(recentPanel()).getByRole("link", { name: "#sunset" })).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(box).toHaveFocus();

    // Escape from a row's own button puts the panel away too, the focus back in the box.
    await user.keyboard("{ArrowDown}");
    await user.tab();
    expect(within(recentPanel()).getByRole("button", { name: /^Remove bob/ })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Recent" })).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    await user.keyboard("{ArrowDown}");

    await user.click(
      within(recentPanel()).getByRole("button", { name: "Remove #sunset from recent searches" }),
    );
    expect(
      within(recentPanel())
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual(["bobBob Builder", "pier"]);
    expect(box).toHaveFocus();
    expect(JSON.parse(getRecentSearches("u-alice") ?? "[]")).toHaveLength(2);

    await user.click(within(recentPanel()).getByRole("button", { name: "Clear all" }));
    expect(within(recentPanel()).getByText("No recent searches.")).toBeInTheDocument();
    expect(getRecentSearches("u-alice")).toBeNull();
    expect(box).toHaveFocus();
  });

  it("are each member's own on a shared device", async () => {
    saveRecentSearches("u-carol", JSON.stringify([{ kind: "text", text: "carol's secret" }]));
    const { user } = await openExplore("/search", found);
    await user.click(searchBox());
    expect(within(recentPanel()).getByText("No recent searches.")).toBeInTheDocument();
  });
});
