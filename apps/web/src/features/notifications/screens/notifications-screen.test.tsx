import type { Notification } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { connectNow, nextSocketStillConnecting } from "../../../test/fake-socket";
import { fetchRoutes, jsonResponse, makeUser, pending } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { waitUntil } from "../../../test/wait";
import { makeNotification, notificationsPage } from "../test/notification-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

type Routes = Parameters<typeof fetchRoutes>[0];

/** Noon, local time: the day groups and labels below hold in every time zone. */
const NOW = new Date(2025, 5, 10, 12, 0, 0);
const minutesAgo = (minutes: number, from = NOW) => new Date(from.getTime() - minutes * 60_000).toISOString();

function openNotifications(routes: Routes, { at = NOW }: { at?: Date } = {}) {
  vi.useFakeTimers({ now: at, shouldAdvanceTime: true });
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({ "GET /user": jsonResponse(200, { user: makeUser() }), ...routes }),
  );
  return { ...renderApp("/notifications", { fakeTimers: true }), fetchMock };
}

/** What the app's polite live region (lib/announcer) reads now. */
const announced = () => document.querySelector('[data-testid="announcer"]')?.textContent ?? "";

const pageOf = (...notifications: Notification[]) => jsonResponse(200, notificationsPage(notifications));

/** The placeholder of a member without a picture: the same initial on the gradient as lists, comments and chat. */
const initialAvatar = (item: HTMLElement) => item.querySelector("img[data-avatar-initial]");

function notificationsTab() {
  return within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", {
    name: "Notifications",
  });
}

async function expectBadge(count: number) {
  await waitFor(() => {
    if (count === 0) expect(notificationsTab()).not.toHaveAccessibleDescription();
    else expect(notificationsTab()).toHaveAccessibleDescription(`${count} unread`);
  });
  if (count === 0) expect(notificationsTab()).not.toHaveTextContent(/\d/);
  else expect(notificationsTab()).toHaveTextContent(String(count));
}

function item(text: RegExp | string) {
  const link = screen.getByText(text).closest("li");
  if (!link) throw new Error(`No notification with ${text}`);
  return link;
}

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const like = makeNotification({ _id: "n-like", createdAt: minutesAgo(5) });
/** A share from an hour and a half ago: the next page's, after `like`. */
const olderShare = makeNotification({
  _id: "n-old",
  type: "share",
  text: "shared your post",
  createdAt: minutesAgo(90),
});
const follow = makeNotification({
  _id: "n-follow",
  type: "follow",
  text: "started following you",
  sender: { _id: "u-carol", username: "carol", avatar: "" },
  post: null,
  media: null,
  mediaType: null,
  createdAt: new Date(2025, 5, 9, 20, 0).toISOString(),
});
const comment = makeNotification({
  _id: "n-comment",
  type: "comment",
  text: "commented on your post",
  sender: null,
  comment: "What a view!",
  post: { _id: "p-2", image: "/media/video/surf.mp4", isReel: false, mediaType: "video" },
  media: "/media/video/surf.mp4",
  mediaType: "video",
  read: true,
  createdAt: new Date(2025, 5, 5, 8, 0).toISOString(),
});

describe("NotificationsScreen", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the account once when the page opens here, and again on each later visit", async () => {
    const { fetchMock, router } = openNotifications({ "GET /notifications": pageOf() });
    const accountReads = () => fetchMock.mock.calls.filter(([url]) => /\/user$/.test(String(url))).length;
    await screen.findByText("No notifications yet");
    // The session check was the visit's read of the follow request count.
    expect(accountReads()).toBe(1);

    await act(() => router.navigate("/post/new"));
    vi.setSystemTime(NOW.getTime() + 10_000);
    await act(() => router.navigate("/notifications"));
    await waitFor(() => expect(accountReads()).toBe(2));
  });

  it("groups notifications under Today, Yesterday and Earlier headings, each a list", async () => {
    openNotifications({ "GET /notifications": pageOf(like, follow, comment) });

    expect(await screen.findByRole("heading", { name: "Notifications", level: 1 })).toBeInTheDocument();
    // The title shows while the list loads (the screen's code may already be here): wait for the list.
    await screen.findByRole("list", { name: "Today" });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Today", "Yesterday", "Earlier"]);

    const today = screen.getByRole("list", { name: "Today" });
    expect(within(today).getAllByRole("listitem")).toHaveLength(1);
    expect(within(today).getByRole("link", { name: /liked your post/ })).toHaveTextContent(
      "bob liked your post",
    );
    expect(within(screen.getByRole("list", { name: "Yesterday" })).getByRole("link")).toHaveTextContent(
      "carol started following you",
    );
    expect(within(screen.getByRole("list", { name: "Earlier" })).getByRole("link")).toHaveTextContent(
      "Unknown commented on your post",
    );
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Notifications · Flik"));
  });

  it("shows each item's time label, comment words, avatar or placeholder, and media thumbnail", async () => {
    openNotifications({ "GET /notifications": pageOf(like, follow, comment) });

    await screen.findByText("5m ago");
    const liked = item("liked your post");
    expect(within(liked).getByText("5m ago")).toHaveAttribute("datetime", like.createdAt);
    const [avatar, thumbnail] = liked.querySelectorAll("img");
    expect(avatar).toHaveAttribute("src", "/media/image/bob.jpg");
    expect(thumbnail).toHaveAttribute("src", "/media/image/sunset.jpg");
    expect(liked.querySelector("video")).toBeNull();

    const followed = item("started following you");
    // Grouped by calendar day (Yesterday), labelled by elapsed time.
    expect(within(followed).getByText("16h ago")).toBeInTheDocument();
    expect(followed.querySelectorAll("img")).toHaveLength(1);
    expect(initialAvatar(followed)).toHaveAttribute("data-avatar-initial", "C");

    const commented = item("commented on your post");
    expect(within(commented).getByText("Unknown")).toBeInTheDocument();
    // The words isolated in their quotes: a direction control in them turns nothing around them.
    expect(within(commented).getByText("What a view!").tagName).toBe("BDI");
    expect(within(commented).getByText("What a view!").parentElement).toHaveTextContent(/^“What a view!”$/);
    expect(within(commented).getByText("5d ago")).toBeInTheDocument();
    expect(initialAvatar(commented)).toHaveAttribute("data-avatar-initial", "U");
    const video = commented.querySelector("video");
    expect(video).toHaveAttribute("src", "/media/video/surf.mp4");
    expect(video).toHaveAttribute("preload", "metadata");
    expect(video).toHaveProperty("muted", true);
  });

  it("swaps a broken avatar for the placeholder", async () => {
    openNotifications({ "GET /notifications": pageOf(like) });
    const avatar = (await screen.findByText("5m ago")).closest("li")?.querySelector("img");
    expect(avatar).toHaveAttribute("src", "/media/image/bob.jpg");
    act(() => {
      avatar?.dispatchEvent(new Event("error"));
    });
    expect(initialAvatar(item("liked your post"))).toHaveAttribute("data-avatar-initial", "B");
  });

  it("swaps a thumbnail that fails to load for a neutral tile", async () => {
    openNotifications({ "GET /notifications": pageOf(like) });
    await screen.findByText("5m ago");
    const thumbnail = item("liked your post").querySelectorAll("img")[1];
    expect(thumbnail).toHaveAttribute("src", "/media/image/sunset.jpg");
    act(() => {
      thumbnail?.dispatchEvent(new Event("error"));
    });
    const images = item("liked your post").querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]).not.toHaveAttribute("src", "/media/image/sunset.jpg");
  });

  it("marks unread items, and only those, as unread for sight and screen readers", async () => {
    openNotifications({ "GET /notifications": pageOf(like, comment) });
    const unread = await screen.findByRole("link", { name: /^Unread: bob liked your post/ });
    expect(unread.closest("li")).toHaveClass("bg-fuchsia-50");
    expect(
      within(item("liked your post")).getByRole("button", { name: "Mark as read" }),
    ).toHaveAccessibleDescription(/liked your post/);

    const read = screen.getByRole("link", { name: /^Unknown commented on your post/ });
    expect(read.closest("li")).not.toHaveClass("bg-fuchsia-50");
    expect(
      within(item("commented on your post")).getByRole("button", { name: "Mark as unread" }),
    ).toBeVisible();
  });

  it("moves time labels on every minute, and regroups at midnight", async () => {
    const lateEvening = new Date(2025, 5, 9, 23, 59, 20);
    const fresh = makeNotification({ createdAt: new Date(2025, 5, 9, 23, 59, 0).toISOString() });
    openNotifications({ "GET /notifications": pageOf(fresh) }, { at: lateEvening });

    expect(await screen.findByText("Just now")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Today" })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60_000));

    expect(screen.getByText("1m ago")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Yesterday" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Today" })).not.toBeInTheDocument();
  });

  it("marks one read at once, lowers the badge, and keeps the server's count", async () => {
    const read = deferred();
    const other = makeNotification({
      _id: "n-2",
      type: "share",
      text: "shared your post",
      createdAt: minutesAgo(30),
    });
    const { user, fetchMock } = openNotifications({
      "GET /notifications": jsonResponse(200, notificationsPage([like, other], { unreadCount: 3 })),
      "PUT /notifications/n-like/read": () => read.promise,
    });
    await screen.findByText("5m ago");
    await expectBadge(3);

    await user.click(within(item("liked your post")).getByRole("button", { name: "Mark as read" }));

    expect(
      within(item("liked your post")).getByRole("button", { name: "Mark as unread" }),
    ).toBeInTheDocument();
    await expectBadge(2);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith("/n-like/read") && init?.method === "PUT",
      ),
    ).toBe(true);

    read.resolve(jsonResponse(200, { read: true, unreadCount: 5 }));
    await expectBadge(5);
  });

  it("marks a read one unread and raises the badge", async () => {
    const { user } = openNotifications({
      "GET /notifications": pageOf(like, comment),
      "PUT /notifications/n-comment/unread": jsonResponse(200, { read: false, unreadCount: 2 }),
    });
    await screen.findByText("5m ago");
    await expectBadge(1);

    await user.click(within(item("commented on your post")).getByRole("button", { name: "Mark as unread" }));

    expect(
      within(item("commented on your post")).getByRole("button", { name: "Mark as read" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Unread: Unknown commented/ })).toBeInTheDocument();
    await expectBadge(2);
  });

  it("puts the item and the badge back when marking fails", async () => {
    const { user } = openNotifications({
      "GET /notifications": pageOf(like),
      "PUT /notifications/n-like/read": jsonResponse(500, { message: "Boom" }),
    });
    await screen.findByText("5m ago");
    await expectBadge(1);

    await user.click(within(item("liked your post")).getByRole("button", { name: "Mark as read" }));

    expect(
      await screen.findByText("Couldn't update the notification. Please try again."),
    ).toBeInTheDocument();
    expect(within(item("liked your post")).getByRole("button", { name: "Mark as read" })).toBeInTheDocument();
    await expectBadge(1);
  });

  it("takes away a notification the server no longer has, with what went with it, and asks no retry", async () => {
    // Its post was deleted while this tab's socket was down: the mark answers 404.
    let deleted = false;
    let readsSince = 0;
    const { user } = openNotifications({
      "GET /notifications": () => {
        if (!deleted) return pageOf(like, comment);
        readsSince += 1;
        return pageOf(comment);
      },
      "PUT /notifications/n-like/read": () => jsonResponse(404, { message: "Notification not found" }),
    });
    await screen.findByText("5m ago");
    await expectBadge(1);
    deleted = true;

    await user.click(within(item("liked your post")).getByRole("button", { name: "Mark as read" }));

    await waitFor(() => expect(screen.queryByText("liked your post")).not.toBeInTheDocument());
    await waitFor(() => expect(readsSince).toBeGreaterThan(0));
    await expectBadge(0);
    expect(screen.getByText("commented on your post")).toBeInTheDocument();
    expect(screen.queryByText("Couldn't update the notification. Please try again.")).not.toBeInTheDocument();
    // The row went from under the keyboard's focus: the next one's words have it.
    expect(screen.getByRole("link", { name: /commented on your post/ })).toHaveFocus();
  });

  it("marks all as read at once and clears the badge", async () => {
    const markAll = deferred();
    const other = makeNotification({
      _id: "n-2",
      type: "share",
      text: "shared your post",
      createdAt: minutesAgo(30),
    });
    const { user } = openNotifications({
      "GET /notifications": pageOf(like, other, comment),
      "PUT /notifications/mark-all": () => markAll.promise,
    });
    await screen.findByText("5m ago");
    await expectBadge(2);

    await user.click(screen.getByRole("button", { name: "Mark all as read" }));

    expect(screen.queryAllByRole("button", { name: "Mark as read" })).toHaveLength(0);
    expect(screen.getAllByRole("button", { name: "Mark as unread" })).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    // The button it was on is disabled: the focus stays on the screen, at its heading.
    expect(screen.getByRole("heading", { level: 1, name: "Notifications" })).toHaveFocus();
    await expectBadge(0);

    markAll.resolve(jsonResponse(200, { message: "All notifications marked as read", unreadCount: 0 }));
    await expectBadge(0);
  });

  it("puts the unread ones back when mark all fails", async () => {
    const { user } = openNotifications({
      "GET /notifications": pageOf(like, comment),
      "PUT /notifications/mark-all": jsonResponse(500, { message: "Boom" }),
    });
    await screen.findByText("5m ago");

    await user.click(screen.getByRole("button", { name: "Mark all as read" }));

    expect(await screen.findByText("Couldn't mark all as read. Please try again.")).toBeInTheDocument();
    expect(within(item("liked your post")).getByRole("button", { name: "Mark as read" })).toBeInTheDocument();
    expect(
      within(item("commented on your post")).getByRole("button", { name: "Mark as unread" }),
    ).toBeVisible();
    await expectBadge(1);
  });

  it("disables mark all when nothing is unread", async () => {
    openNotifications({ "GET /notifications": pageOf(comment) });
    expect(await screen.findByRole("button", { name: "Mark all as read" })).toBeDisabled();
  });

  it("puts a live notification on top as unread and raises the badge", async () => {
    openNotifications({ "GET /notifications": pageOf(like, comment) });
    await screen.findByText("5m ago");
    await expectBadge(1);

    const live = makeNotification({
      _id: "n-live",
      type: "follow",
      text: "started following you",
      sender: { _id: "u-dan", username: "dan", avatar: "" },
      post: null,
      media: null,
      mediaType: null,
      createdAt: NOW.toISOString(),
    });
    const socket = await currentSocket();
    act(() => socket.fire("newNotification", { notification: live, unreadCount: 2 }));
    // The same event twice (another tab's hook, a retry) shows it once.
    act(() => socket.fire("newNotification", { notification: live, unreadCount: 2 }));

    const first = await screen.findByRole("link", { name: /dan started following you/ });
    // Each row's own link (a like's avatar links to its sender's profile besides).
    const today = within(screen.getByRole("list", { name: "Today" }))
      .getAllByRole("link")
      .filter((link) => !link.getAttribute("aria-label")?.endsWith("'s profile"));
    expect(today).toHaveLength(2);
    expect(today[0]).toBe(first);
    expect(first).toHaveAccessibleName("Unread: dan started following you Just now");
    expect(first).toHaveAttribute("href", "/profile/dan");
    await expectBadge(2);
    // Read to screen readers too, once, in its own words (WCAG 4.1.3).
    await waitUntil(() => expect(announced()).toBe("dan started following you"));
  });

  it("follows what the member marks in another tab", async () => {
    openNotifications({ "GET /notifications": pageOf(like, comment) });
    await screen.findByText("5m ago");
    await expectBadge(1);
    const socket = await currentSocket();

    act(() => socket.fire("notificationsRead", { ids: ["n-like"], read: true, unreadCount: 0 }));
    await expectBadge(0);
    expect(screen.getByRole("link", { name: /bob liked your post/ })).not.toHaveAccessibleName(/^Unread/);

    act(() => socket.fire("notificationsRead", { ids: ["n-like"], read: false, unreadCount: 1 }));
    await expectBadge(1);
    act(() => socket.fire("notificationsRead", { ids: "all", read: true, unreadCount: 0 }));
    await expectBadge(0);
    expect(await screen.findByRole("button", { name: "Mark all as read" })).toBeDisabled();
  });

  it("drops a deleted post's notifications live, keeping the others, with the server's count", async () => {
    openNotifications({ "GET /notifications": pageOf(like, follow, comment) });
    await screen.findByText("5m ago");
    await expectBadge(2);
    const socket = await currentSocket();

    act(() => socket.fire("notificationsRemoved", { ids: [], unreadCount: 1, postId: like.post?._id }));

    await waitFor(() =>
      expect(screen.queryByRole("link", { name: /bob liked your post/ })).not.toBeInTheDocument(),
    );
    await expectBadge(1);
    expect(screen.getByRole("link", { name: /carol started following you/ })).toBeInTheDocument();
    expect(screen.getByText(/What a view!/)).toBeInTheDocument();
  });

  it("catches up after a reconnect: what arrived while the socket was away is fetched again", async () => {
    let notifications = [like, comment];
    openNotifications({ "GET /notifications": () => pageOf(...notifications) });
    await screen.findByText("5m ago");
    await expectBadge(1);
    const socket = await currentSocket();

    // Carol followed while the server restarted: that event was never sent.
    notifications = [follow, like, comment];
    act(() => socket.fire("connect"));

    expect(await screen.findByRole("link", { name: /carol started following you/ })).toBeInTheDocument();
    await expectBadge(2);
  });

  it("catches up when the socket first connects: what came while the page loaded is fetched again", async () => {
    await nextSocketStillConnecting();
    let notifications = [like, comment];
    let reads = 0;
    openNotifications({
      "GET /notifications": () => {
        reads += 1;
        return pageOf(...notifications);
      },
    });
    await screen.findByText("5m ago");
    await expectBadge(1);
    const socket = await currentSocket();
    expect(socket.connected).toBe(false);
    const readsBefore = reads;

    // Carol followed after the list was read, before the member's room was joined: sent to no one.
    notifications = [follow, like, comment];
    act(() => connectNow(socket));

    expect(await screen.findByRole("link", { name: /carol started following you/ })).toBeInTheDocument();
    await expectBadge(2);
    // Once: the list and the count, each read again one time (the screen does not listen a second time).
    expect(reads - readsBefore).toBe(2);
  });

  it("reads the list once when the server vouches that nothing reached the member while it loaded", async () => {
    await nextSocketStillConnecting();
    let reads = 0;
    const { queryClient } = openNotifications({
      "GET /notifications": () => {
        reads += 1;
        return pageOf(like, comment);
      },
    });
    await screen.findByText("5m ago");
    await expectBadge(1);
    const socket = await currentSocket();
    const readsBefore = reads;

    // The member's rooms have been quiet since long before this page began.
    socket.joinUserAnswer = { ok: true, quietForMs: Number.MAX_SAFE_INTEGER };
    act(() => connectNow(socket));
    expect(socket.emitted.some(([event]) => event === "joinUser")).toBe(true);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(reads).toBe(readsBefore);

    // A reconnect reads again whatever the answer: events sent while away went to no one.
    act(() => socket.fire("connect"));
    await waitFor(() => expect(reads - readsBefore).toBe(2));
  });

  it("keeps a catch-up read that a mark stopped: it is made again once the mark is done", async () => {
    const catchUp = deferred();
    let carolFollowed = false;
    let likeRead = false;
    let listReads = 0;
    const { user, queryClient } = openNotifications({
      "GET /notifications": (url) => {
        const unreadCount = (carolFollowed ? 1 : 0) + (likeRead ? 0 : 1);
        if (/limit=1(&|$)/.test(url)) return jsonResponse(200, notificationsPage([], { unreadCount }));
        listReads += 1;
        // The reconnect's read is slow: the member marks the like read while it is on its way.
        if (listReads === 2) return catchUp.promise;
        const shown = [...(carolFollowed ? [follow] : []), { ...like, read: likeRead }, comment];
        return pageOf(...shown);
      },
      "PUT /notifications/n-like/read": () => {
        likeRead = true;
        return jsonResponse(200, { read: true, unreadCount: 1 });
      },
    });
    await screen.findByText("5m ago");
    const socket = await currentSocket();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    // Carol followed while the socket was away; the catch-up read is on its way when the like is marked.
    carolFollowed = true;
    act(() => socket.fire("connect"));
    await waitFor(() => expect(listReads).toBe(2));
    await user.click(within(item("liked your post")).getByRole("button", { name: "Mark as read" }));
    // What the stopped read would have said, from before the mark: it changes nothing now.
    catchUp.resolve(pageOf(follow, like, comment));

    expect(await screen.findByRole("link", { name: /carol started following you/ })).toBeInTheDocument();
    expect(
      within(item("liked your post")).getByRole("button", { name: "Mark as unread" }),
    ).toBeInTheDocument();
    await expectBadge(1);
  });

  it("keeps a read of the list that Mark all as read stopped: it is made again once all are marked", async () => {
    const asked = deferred();
    let carolFollowed = false;
    let allRead = false;
    let listReads = 0;
    const { user, queryClient } = openNotifications({
      "GET /notifications": (url) => {
        const unreadCount = allRead ? 0 : carolFollowed ? 2 : 1;
        if (/limit=1(&|$)/.test(url)) return jsonResponse(200, notificationsPage([], { unreadCount }));
        listReads += 1;
        if (listReads === 2) return asked.promise;
        const shown = [...(carolFollowed ? [follow] : []), { ...like, read: allRead }, comment];
        return pageOf(
          ...shown.map((notification) => (allRead ? { ...notification, read: true } : notification)),
        );
      },
      "PUT /notifications/mark-all": () => {
        allRead = true;
        return jsonResponse(200, { message: "All notifications marked as read", unreadCount: 0 });
      },
    });
    await screen.findByText("5m ago");
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    carolFollowed = true;
    act(() => void queryClient.invalidateQueries({ queryKey: ["notifications", "list"] }));
    await waitFor(() => expect(listReads).toBe(2));
    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    asked.resolve(pageOf(follow, like, comment));

    expect(await screen.findByRole("link", { name: /carol started following you/ })).toBeInTheDocument();
    expect(screen.queryAllByRole("button", { name: "Mark as read" })).toHaveLength(0);
    await expectBadge(0);
  });

  it("cuts a long name with an ellipsis within its column, never running under the thumbnail", async () => {
    const longName = "qz_joyl_wwwwwwwwwwwwwwwwwwwwww";
    openNotifications({
      "GET /notifications": pageOf(
        makeNotification({
          sender: { _id: "u-qz", username: longName, avatar: "" },
          createdAt: minutesAgo(1),
        }),
      ),
    });
    const name = await screen.findByText(longName);
    expect(name).toHaveClass("truncate", "max-w-full", "inline-block");
    const sentence = name.parentElement;
    expect(sentence).toHaveClass("break-words");
    // Its column takes the room left beside the thumbnail, and no more (min-width 0).
    expect(sentence?.parentElement).toHaveClass("min-w-0", "flex-1");
  });

  it("lets the header wrap, Mark all as read going under the title on a narrow phone", async () => {
    openNotifications({ "GET /notifications": pageOf(like) });
    const markAll = await screen.findByRole("button", { name: "Mark all as read" });
    const header = screen.getByRole("heading", { name: "Notifications", level: 1 }).parentElement;
    expect(markAll.parentElement).toBe(header);
    expect(header).toHaveClass("flex-wrap");
    expect(markAll).toHaveClass("ml-auto");
  });

  it("keeps Mark all as read's room while the list loads, so the list does not drop when it comes", async () => {
    openNotifications({ "GET /notifications": () => pending() });
    const header = (await screen.findByRole("heading", { name: "Notifications", level: 1 })).parentElement;
    await screen.findByRole("status");
    const placeholder = header?.querySelector("[data-mark-all-placeholder]");
    expect(placeholder).toHaveClass("invisible");
    expect(placeholder).toHaveAttribute("aria-hidden", "true");
    expect(placeholder).toHaveTextContent("Mark all as read");
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("opens the liker's profile from their avatar, and the post from the rest of the row", async () => {
    openNotifications({ "GET /notifications": pageOf(like) });

    const link = await screen.findByRole("link", { name: /bob liked your post/ });
    expect(link).toHaveAttribute("href", "/post/p-1");
    const row = within(link.closest("li") as HTMLElement);
    expect(row.getByRole("link", { name: "bob's profile" })).toHaveAttribute("href", "/profile/bob");
  });

  it("opens the post of a like, marking it read", async () => {
    const { user, router, fetchMock } = openNotifications({
      "GET /notifications": pageOf(like),
      "PUT /notifications/n-like/read": jsonResponse(200, { read: true, unreadCount: 0 }),
      "GET /posts/p-1": () => pending(),
    });

    const link = await screen.findByRole("link", { name: /bob liked your post/ });
    expect(link).toHaveAttribute("href", "/post/p-1");
    await user.click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe("/post/p-1"));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/notifications/n-like/read"))).toBe(
        true,
      ),
    );
    await expectBadge(0);
  });

  it("opens the follower's profile for a follow", async () => {
    openNotifications({ "GET /notifications": pageOf(follow) });
    expect(await screen.findByRole("link", { name: /carol started following you/ })).toHaveAttribute(
      "href",
      "/profile/carol",
    );
  });

  it("says 'No notifications yet' when there are none", async () => {
    openNotifications({ "GET /notifications": pageOf() });
    expect(await screen.findByRole("heading", { name: "No notifications yet" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("shows skeletons while loading", async () => {
    openNotifications({ "GET /notifications": () => pending() });
    expect(await screen.findByText("Loading notifications...")).toHaveAttribute("role", "status");
  });

  it("only logs a failed fetch, and offers a retry", async () => {
    let calls = 0;
    const { user } = openNotifications({
      "GET /notifications": (url) =>
        url.includes("limit=1&") || url.endsWith("limit=1")
          ? jsonResponse(200, notificationsPage([], { unreadCount: 0 }))
          : ++calls === 1
            ? jsonResponse(500, { message: "Boom" })
            : pageOf(like),
    });

    expect(await screen.findByText("Couldn't load notifications.")).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith("Failed to load notifications", expect.anything());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("5m ago")).toBeInTheDocument();
  });

  it("loads older notifications after the last one", async () => {
    const olderPage = deferred();
    const { user, fetchMock } = openNotifications({
      "GET /notifications": (url) =>
        url.includes("cursor=")
          ? olderPage.promise
          : jsonResponse(200, notificationsPage([like], { nextCursor: "next-1" })),
    });

    await user.click(await screen.findByRole("button", { name: "Load more notifications" }));

    // While it comes, rows shaped like notifications continue the day's list, in its card (no card of
    // their own below it, whose margin and border the rows would jump by).
    expect(await screen.findByText("Loading notifications...")).toHaveAttribute("role", "status");
    const today = screen.getByRole("list", { name: "Today" });
    expect(today.querySelectorAll(":scope > li[data-skeleton-row]")).toHaveLength(2);
    expect(document.querySelectorAll("[data-skeleton-row]")).toHaveLength(2);
    olderPage.resolve(pageOf(olderShare));

    expect(await screen.findByText("1h ago")).toBeInTheDocument();
    expect(document.querySelectorAll("[data-skeleton-row]")).toHaveLength(0);
    expect(within(screen.getByRole("list", { name: "Today" })).getAllByRole("listitem")).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("cursor=next-1"))).toBe(true);
  });

  it("says older notifications failed under the list, and Try again keeps the focus on the screen", async () => {
    let olderCalls = 0;
    const olderPage = deferred();
    const { user } = openNotifications({
      "GET /notifications": (url) =>
        url.includes("cursor=")
          ? ++olderCalls === 1
            ? jsonResponse(500, { message: "Boom" })
            : olderPage.promise
          : jsonResponse(200, notificationsPage([like], { nextCursor: "next-1" })),
    });

    await user.click(await screen.findByRole("button", { name: "Load more notifications" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Couldn't load older notifications.");
    expect(screen.getByText("5m ago")).toBeInTheDocument();

    const retry = screen.getByRole("button", { name: "Try again" });
    retry.focus();
    await user.keyboard("{Enter}");
    // The button gave way to the rows loading: the focus waits on the screen, not on the page's top.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("main")));
    olderPage.resolve(pageOf(olderShare));
    expect(await screen.findByText("1h ago")).toBeInTheDocument();
  });
});
