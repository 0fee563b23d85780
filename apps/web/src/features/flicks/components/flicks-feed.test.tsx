import type { User } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { connectNow, nextSocketStillConnecting } from "../../../test/fake-socket";
import { jsonResponse, makeProfile, makeUser, pending } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { profileKeys } from "../../profile/api/profile-keys";
import { makeFlick, makeFlicks } from "../test/flick-fixtures";
import { callsTo, flicksPage, openFlicks, scrollToFlick } from "../test/flicks-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const videos = () => [...document.querySelectorAll("video")];

/** The flicks each `scrollIntoView` was asked for, in order (jsdom scrolls nothing). */
function recordScrolls(): string[] {
  const scrolled: string[] = [];
  Object.defineProperty(HTMLElement.prototype, "scrollIntoView", {
    configurable: true,
    value(this: HTMLElement) {
      scrolled.push(this.dataset.flickId ?? "");
    },
  });
  return scrolled;
}

const stopRecordingScrolls = () => Reflect.deleteProperty(HTMLElement.prototype, "scrollIntoView");

describe("the flicks feed", () => {
  it("mounts only the videos next to the one in view, preloads the next, and plays only that one", async () => {
    openFlicks({ "GET /flicks": flicksPage(makeFlicks(6)) });
    await screen.findAllByRole("article");
    expect(videos().map((video) => video.getAttribute("aria-label"))).toEqual([
      "Flick number 1",
      "Flick number 2",
    ]);
    expect(videos().map((video) => video.getAttribute("preload"))).toEqual(["auto", "auto"]);
    expect(screen.getAllByTestId("flick-placeholder")).toHaveLength(4);

    scrollToFlick("f-4");
    expect(
      videos().map((video) => [video.getAttribute("aria-label"), video.getAttribute("preload")]),
    ).toEqual([
      ["Flick number 3", "metadata"],
      ["Flick number 4", "auto"],
      ["Flick number 5", "auto"],
    ]);

    // Between two flicks (neither 70% in view), nothing plays.
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    scrollToFlick(null);
    expect(pause.mock.contexts).toContain(videos()[1]);
  });

  it("loads the next page as the viewer nears the end", async () => {
    const { fetchMock } = openFlicks({
      "GET /flicks": (url) =>
        url.includes("cursor=")
          ? flicksPage([makeFlick({ _id: "f-older", description: "Older one" })])
          : flicksPage(makeFlicks(4), "next-1"),
    });
    await screen.findAllByRole("article");
    expect(callsTo(fetchMock, "GET /flicks")).toHaveLength(1);

    scrollToFlick("f-2");
    expect(await screen.findByText("Older one")).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.find(([url]) => String(url).includes("cursor="))?.[0])).toContain(
      "cursor=next-1",
    );
  });

  it("offers to try again when a further page fails to load", async () => {
    let older = 0;
    const { user } = openFlicks({
      "GET /flicks": (url) =>
        !url.includes("cursor=")
          ? flicksPage(makeFlicks(2), "next-1")
          : ++older === 1
            ? jsonResponse(500, { message: "Boom" })
            : flicksPage([makeFlick({ _id: "f-older", description: "Older one" })]),
    });
    await screen.findAllByRole("article");
    scrollToFlick("f-2");

    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Older one")).toBeInTheDocument();
  });

  it("joins the flicks room on every connect, leaves it on the way out, and follows new and deleted reels", async () => {
    const { router } = openFlicks({ "GET /flicks": flicksPage([makeFlick()]) });
    await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();

    const joins = () => socket.emitted.filter(([event]) => event === "joinFlicks").length;
    // Joined at once on the live socket, then again on each reconnect.
    expect(joins()).toBe(1);
    act(() => socket.fire("connect"));
    act(() => socket.fire("connect"));
    expect(joins()).toBe(3);
    expect(socket.emitted).toContainEqual(["joinPostRoom", "f-1", expect.any(Function)]);

    act(() =>
      socket.fire("newReel", {
        flick: makeFlick({
          _id: "f-new",
          description: "Fresh one",
          uploadedBy: { ...makeFlick().uploadedBy, username: "carol" },
        }),
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"))).toEqual([
        "Flick by @carol",
        "Flick by @bob",
      ]),
    );

    act(() => socket.fire("postLiked", { postId: "f-1", likesCount: 7, userId: "u-carol", isLiked: true }));
    act(() => socket.fire("postShared", { postId: "f-1", sharesCount: 4 }));
    const bobs = screen.getByRole("article", { name: "Flick by @bob" });
    await waitFor(() =>
      expect(within(bobs).getByRole("button", { name: "Like" })).toHaveAccessibleDescription("7 likes"),
    );
    expect(within(bobs).getByRole("button", { name: "Share" })).toHaveAccessibleDescription("4 shares");

    act(() => socket.fire("flickDeleted", { flickId: "f-1", videoUrl: "", uploadedBy: "u-bob" }));
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Flick by @bob" })).not.toBeInTheDocument(),
    );

    socket.connected = true;
    await act(() => router.navigate("/post/new"));
    await waitFor(() => expect(socket.emitted).toContainEqual(["leaveFlicks"]));
  });

  it("drops a private member's flicks at once when she removes the viewer as a follower, her open comments too", async () => {
    const carol = { _id: "u-carol", username: "carol", fullName: "Carol", avatar: "" };
    const { user } = openFlicks({
      "GET /flicks": flicksPage([makeFlick({ _id: "f-1" }), makeFlick({ _id: "f-2", uploadedBy: carol })]),
      "GET /posts/f-1": () => pending(),
    });
    const bobs = await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();
    await user.click(within(bobs).getByRole("button", { name: "Comments" }));
    expect(screen.getByRole("dialog", { name: "Comments" })).toBeInTheDocument();

    const removal = { followerId: "u-alice", isFollowed: false, followersCount: 0, removed: true };
    // A public member's stay: the viewer may see them all the same.
    act(() => socket.fire("postFollowed", { ...removal, userId: "u-carol", isPrivate: false }));
    act(() => socket.fire("postFollowed", { ...removal, userId: "u-bob", isPrivate: true }));

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Flick by @bob" })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Flick by @carol" })).toBeInTheDocument();
  });

  it("drops the reels of a member gone private when the viewer is known not to follow her; asks the server when unknown", async () => {
    const carol = { _id: "u-carol", username: "carol", fullName: "Carol", avatar: "" };
    let bobPrivate = false;
    const { fetchMock } = openFlicks({
      "GET /flicks": () =>
        flicksPage([
          ...(bobPrivate ? [] : [makeFlick({ _id: "f-1" })]),
          makeFlick({ _id: "f-2", uploadedBy: carol }),
        ]),
    });
    await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));
    const reads = () => callsTo(fetchMock, "GET /flicks").length;
    const readsBefore = reads();

    // Nothing of Bob was read but his reels: the server is asked, and its answer no longer has them.
    bobPrivate = true;
    act(() => socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: true }));
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Flick by @bob" })).not.toBeInTheDocument(),
    );
    expect(reads()).toBeGreaterThan(readsBefore);
    // Going public, or a member with no reel here, asks nothing.
    const readsAfter = reads();
    act(() => {
      socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: false });
      socket.fire("memberPrivacyChanged", { userId: "u-dave", isPrivate: true });
    });
    expect(screen.getByRole("article", { name: "Flick by @carol" })).toBeInTheDocument();
    expect(reads()).toBe(readsAfter);
  });

  it("drops at once, asking nothing, the reels of a member gone private whom the viewer is known not to follow; keeps the viewer's own", async () => {
    const alice = { _id: "u-alice", username: "alice", fullName: "Alice", avatar: "" };
    const { fetchMock, queryClient } = openFlicks({
      "GET /flicks": flicksPage([makeFlick({ _id: "f-1" }), makeFlick({ _id: "f-2", uploadedBy: alice })]),
    });
    await screen.findByRole("article", { name: "Flick by @bob" });
    // Bob's profile was read (from the feed, a search…): Alice does not follow him.
    queryClient.setQueryData(profileKeys.page("bob"), {
      pages: [
        {
          user: makeProfile({ _id: "u-bob", username: "bob", isFollowed: false }),
          posts: [],
          isMyProfile: false,
          nextCursor: null,
        },
      ],
      pageParams: [null],
    });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("memberPrivacyChanged")).toBe(true));
    const reads = callsTo(fetchMock, "GET /flicks").length;

    act(() => {
      // Alice's own change, heard from her other tab: her reels are hers to see.
      socket.fire("memberPrivacyChanged", { userId: "u-alice", isPrivate: true });
      socket.fire("memberPrivacyChanged", { userId: "u-bob", isPrivate: true });
    });

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Flick by @bob" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Flick by @alice" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "GET /flicks")).toHaveLength(reads);
  });

  it("hears a block made in another tab: the blocked member's reels leave at once", async () => {
    const carol = { _id: "u-carol", username: "carol", fullName: "Carol", avatar: "" };
    let blocked: User["blockedUsers"] = [];
    openFlicks({
      "GET /flicks": flicksPage([makeFlick({ _id: "f-1" }), makeFlick({ _id: "f-2", uploadedBy: carol })]),
      "GET /user": () => jsonResponse(200, { user: makeUser({ blockedUsers: blocked }) }),
    });
    await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("blocksChanged")).toBe(true));

    blocked = [{ _id: "u-bob", username: "bob", fullName: "Bob", avatar: "" }];
    act(() => socket.fire("blocksChanged", { userId: "u-bob", blocked: true }));

    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Flick by @bob" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Flick by @carol" })).toBeInTheDocument();
  });

  it("hands the focus to the next reel when the one holding it goes (its author blocked from its menu)", async () => {
    const carol = { _id: "u-carol", username: "carol", fullName: "Carol", avatar: "" };
    const { user } = openFlicks({
      "GET /flicks": flicksPage([makeFlick({ _id: "f-1" }), makeFlick({ _id: "f-2", uploadedBy: carol })]),
      "POST /user/block": jsonResponse(200, {
        message: "Blocked bob",
        user: makeUser({ blockedUsers: [{ _id: "u-bob", username: "bob", fullName: "Bob", avatar: "" }] }),
      }),
    });
    const bobs = await screen.findByRole("article", { name: "Flick by @bob" });
    const carols = screen.getByRole("article", { name: "Flick by @carol" });
    await user.click(within(bobs).getByRole("button", { name: "More options" }));
    await user.click(screen.getByRole("menuitem", { name: "Block" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /^Block/ }));

    await waitFor(() => expect(bobs).not.toBeInTheDocument());
    expect(carols).toHaveFocus();
  });

  it("moves with ArrowDown/ArrowUp (and j/k, PageDown/PageUp), pauses with Space and switches the sound with m", async () => {
    const scrolled = recordScrolls();
    const { user } = openFlicks({ "GET /flicks": flicksPage(makeFlicks(3)) });
    await screen.findAllByRole("article");
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);

    await user.keyboard("{ArrowDown}");
    expect(scrolled).toEqual(["f-2"]);
    scrollToFlick("f-2");
    await user.keyboard("k");
    expect(scrolled).toEqual(["f-2", "f-1"]);
    scrollToFlick("f-1");
    await user.keyboard("{PageDown}");
    expect(scrolled).toEqual(["f-2", "f-1", "f-2"]);
    scrollToFlick("f-2");
    await user.keyboard("{PageUp}");
    expect(scrolled).toEqual(["f-2", "f-1", "f-2", "f-1"]);
    scrollToFlick("f-2");

    pause.mockClear();
    await user.keyboard(" ");
    expect(screen.getByText("Paused")).toBeInTheDocument();
    expect(pause.mock.contexts).toContain(screen.getByLabelText("Flick number 2"));
    await user.keyboard(" ");
    expect(screen.queryByText("Paused")).not.toBeInTheDocument();

    expect(screen.getByRole("button", { name: "Unmute" })).toBeInTheDocument();
    await user.keyboard("m");
    expect(screen.getByRole("button", { name: "Mute" })).toBeInTheDocument();
    expect((screen.getByLabelText("Flick number 2") as HTMLVideoElement).muted).toBe(false);
    stopRecordingScrolls();
  });

  it("goes to the first and last loaded flick with Home and End, the focus with them", async () => {
    const scrolled = recordScrolls();
    const { user } = openFlicks({ "GET /flicks": flicksPage(makeFlicks(4)) });
    await screen.findAllByRole("article");
    const article = (n: number) => screen.getAllByRole("article")[n];

    await user.keyboard("{ArrowDown}");
    scrollToFlick("f-2");
    await user.keyboard("{ArrowDown}");
    scrollToFlick("f-3");
    expect(article(2)).toHaveFocus();

    await user.keyboard("{End}");
    expect(scrolled.at(-1)).toBe("f-4");
    expect(article(3)).toHaveFocus();
    scrollToFlick("f-4");
    await user.keyboard("{Home}");
    expect(scrolled.at(-1)).toBe("f-1");
    expect(article(0)).toHaveFocus();
    stopRecordingScrolls();
  });

  it("waits to be started by one who asked for less motion, and a paused flick plays again with a tap", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(prefers-reduced-motion: reduce)",
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { user } = openFlicks({ "GET /flicks": flicksPage(makeFlicks(2)) });
    await screen.findAllByRole("article");
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();
    scrollToFlick("f-1");
    expect(await screen.findByText("Paused")).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(play.mock.contexts).toContain(screen.getByLabelText("Flick number 1")));
    expect(screen.queryByText("Paused")).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("keeps its keys from a flick's buttons (but their Space), and the focus follows to the flick shown", async () => {
    const scrolled = recordScrolls();
    const { user } = openFlicks({ "GET /flicks": flicksPage(makeFlicks(3)) });
    const [first] = await screen.findAllByRole("article");
    within(first as HTMLElement)
      .getByRole("button", { name: "Like" })
      .focus();

    await user.keyboard("{ArrowDown}");
    expect(scrolled).toEqual(["f-2"]);
    expect(screen.getAllByRole("article")[1]).toHaveFocus();
    scrollToFlick("f-2");

    // Space on a button presses it, and leaves the flick playing.
    screen.getByRole("button", { name: "Unmute" }).focus();
    await user.keyboard(" ");
    expect(screen.getByRole("button", { name: "Mute" })).toBeInTheDocument();
    expect(screen.queryByText("Paused")).not.toBeInTheDocument();
    stopRecordingScrolls();
  });

  it("catches up when the socket first connects: a reel posted while the feed loaded goes on top", async () => {
    await nextSocketStillConnecting();
    let flicks = [makeFlick()];
    openFlicks({ "GET /flicks": () => flicksPage(flicks) });
    await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();
    expect(socket.connected).toBe(false);

    const carol = { ...makeFlick().uploadedBy, username: "carol" };
    flicks = [makeFlick({ _id: "f-new", uploadedBy: carol }), ...flicks];
    act(() => connectNow(socket));

    await waitFor(() =>
      expect(screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"))).toEqual([
        "Flick by @carol",
        "Flick by @bob",
      ]),
    );
    expect(socket.emitted).toContainEqual(["joinFlicks", expect.any(Function)]);
  });

  it("reads the feed once when the socket first connects and every room it joins was quiet since", async () => {
    await nextSocketStillConnecting();
    const { fetchMock } = openFlicks({ "GET /flicks": flicksPage([makeFlick()]) });
    await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    socket.joinPostRoomQuietForMs = Number.MAX_SAFE_INTEGER;
    socket.joinFlicksQuietForMs = Number.MAX_SAFE_INTEGER;
    act(() => connectNow(socket));
    expect(socket.emitted).toContainEqual(["joinFlicks", expect.any(Function)]);
    expect(socket.emitted).toContainEqual(["joinPostRoom", "f-1", expect.any(Function)]);
    // Every answer came at once: a catch-up would have asked by now.
    await act(() => Promise.resolve());
    expect(callsTo(fetchMock, "GET /flicks")).toHaveLength(1);

    // A reconnect reads again whatever the answers: events sent while away went to no one.
    act(() => socket.fire("connect"));
    await waitFor(() => expect(callsTo(fetchMock, "GET /flicks")).toHaveLength(2));
  });

  it("reads the first page again when it was on its way as the socket first connected and the feed's room heard something", async () => {
    await nextSocketStillConnecting();
    let reads = 0;
    let answerFirst: (response: Response) => void = () => {};
    openFlicks({
      "GET /flicks": () => {
        reads += 1;
        if (reads > 1) return flicksPage([makeFlick({ likesCount: 8 })]);
        return new Promise<Response>((resolve) => {
          answerFirst = resolve;
        });
      },
    });
    await waitFor(() => expect(reads).toBe(1));
    const socket = await currentSocket();
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    socket.joinFlicksQuietForMs = 0;
    act(() => connectNow(socket));

    // The read on its way may predate the room's news: a new one goes, and the first's answer is dropped.
    await waitFor(() => expect(reads).toBe(2));
    act(() => answerFirst(flicksPage([makeFlick()])));
    const bobs = await screen.findByRole("article", { name: "Flick by @bob" });
    await waitFor(() =>
      expect(within(bobs).getByRole("button", { name: "Like" })).toHaveAccessibleDescription("8 likes"),
    );
    expect(reads).toBe(2);
  });

  it.each([
    ["the feed's room", { flicks: 0, posts: Number.MAX_SAFE_INTEGER }],
    ["a flick's room", { flicks: Number.MAX_SAFE_INTEGER, posts: 0 }],
  ])("catches up on the first connect when %s heard something since the feed was read", async (_, quiet) => {
    await nextSocketStillConnecting();
    let flicks = [makeFlick()];
    openFlicks({ "GET /flicks": () => flicksPage(flicks) });
    const bobs = await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    socket.joinPostRoomQuietForMs = quiet.posts;
    socket.joinFlicksQuietForMs = quiet.flicks;
    flicks = [makeFlick({ likesCount: 8 })];
    act(() => connectNow(socket));
    await waitFor(() =>
      expect(within(bobs).getByRole("button", { name: "Like" })).toHaveAccessibleDescription("8 likes"),
    );
  });

  it("catches up after a reconnect: reels posted meanwhile go on top, known ones get the server's counts", async () => {
    let flicks = [makeFlick()];
    openFlicks({ "GET /flicks": () => flicksPage(flicks) });
    const bobs = await screen.findByRole("article", { name: "Flick by @bob" });
    const socket = await currentSocket();

    const carol = { ...makeFlick().uploadedBy, username: "carol" };
    flicks = [makeFlick({ _id: "f-new", uploadedBy: carol }), makeFlick({ likesCount: 8 })];
    act(() => socket.fire("connect"));

    await waitFor(() =>
      expect(screen.getAllByRole("article").map((article) => article.getAttribute("aria-label"))).toEqual([
        "Flick by @carol",
        "Flick by @bob",
      ]),
    );
    expect(within(bobs).getByRole("button", { name: "Like" })).toHaveAccessibleDescription("8 likes");
  });
});
