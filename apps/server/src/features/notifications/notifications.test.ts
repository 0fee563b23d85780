import type { Notification } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  fewestQueries,
  nextEvent,
  realtimeBed,
  roundTrip,
  type SignedIn,
} from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
const { socketOf } = await realtimeBed(built);
const { call, persona, someone, createPost, follow, like, comment, share, videoOf } = factories(built);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

async function inbox(member: SignedIn, query = "?limit=50") {
  const response = await call(member, "GET", `/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { notifications: Notification[]; unreadCount: number; nextCursor: string | null };
}
async function clear(member: SignedIn) {
  await call(member, "PUT", "/notifications/mark-all");
}

describe("notifications made by the server", () => {
  it("come from a follow, a like, a comment and a share, newest first, in spec §3's shape", async () => {
    const [erin, frank] = await Promise.all([persona("erin"), persona("frank")]);
    const post = await createPost(erin);
    await follow(frank, erin);
    await like(frank, post);
    await comment(frank, post, "Lovely");
    await share(frank, post);

    const { notifications, unreadCount } = await inbox(erin);
    expect(unreadCount).toBe(4);
    expect(notifications.map((n) => [n.type, n.text])).toEqual([
      ["share", "shared your post"],
      ["comment", "commented on your post"],
      ["like", "liked your post"],
      ["follow", "started following you"],
    ]);
    expect(notifications[1]).toEqual({
      _id: expect.any(String),
      id: notifications[1]?._id,
      user: erin.userId,
      type: "comment",
      sender: { _id: frank.userId, username: "frank", avatar: "" },
      text: "commented on your post",
      post: { _id: post._id, image: post.image, isReel: false, mediaType: "image" },
      comment: "Lovely",
      media: post.image,
      mediaType: "image",
      read: false,
      createdAt: expect.any(String),
    });
    expect(notifications[3]).toMatchObject({ post: null, media: null, mediaType: null });
  });

  it("are never made for a member's own actions", async () => {
    await clear(carol);
    const { _id: post } = await createPost(carol);
    await call(carol, "POST", `/posts/${post}/like`);
    await call(carol, "POST", `/posts/${post}/comment`, { text: "Mine" });
    await call(carol, "POST", `/posts/${post}/share`);
    expect((await inbox(carol)).unreadCount).toBe(0);
  });

  it("make one share of a member's shares of a post", async () => {
    await clear(alice);
    const { _id: post } = await createPost(alice);
    for (let i = 0; i < 3; i++) await call(carol, "POST", `/posts/${post}/share`);
    const { notifications, unreadCount } = await inbox(alice);
    expect(unreadCount).toBe(1);
    expect(notifications.filter((n) => !n.read).map((n) => n.type)).toEqual(["share"]);
  });

  it("make one like of like-unlike-like, and one follow of follow-unfollow-follow", async () => {
    await clear(alice);
    const clip = await videoOf(alice);
    const { _id: post } = await createPost(alice, { image: clip });
    for (let i = 0; i < 3; i++) {
      await call(carol, "POST", `/posts/${post}/like`);
      await call(carol, "POST", `/posts/${post}/unlike`);
      await call(carol, "POST", `/flicks/${post}/like`, { liked: true });
      await call(carol, "POST", `/follow/${alice.userId}`);
      await call(carol, "POST", `/unfollow/${alice.userId}`);
      await call(carol, "POST", `/follow/${alice.userId}`);
    }
    const { notifications, unreadCount } = await inbox(alice);
    expect(unreadCount).toBe(2);
    expect(notifications.filter((n) => !n.read).map((n) => n.type)).toEqual(["follow", "like"]);
    expect(notifications.find((n) => n.type === "like")).toMatchObject({ mediaType: "video" });
    // Spec §3's post (image, video, …): a video's preview names it, as the full post does.
    expect(notifications.find((n) => n.type === "like")?.post).toEqual({
      _id: post,
      image: clip,
      video: clip,
      isReel: false,
      mediaType: "video",
    });
  });

  it("show a deleted sender as none (the screen says 'Unknown') and go with a deleted post", async () => {
    const dan = await persona("dan");
    const { _id: post } = await createPost(alice);
    await call(dan, "POST", `/follow/${alice.userId}`);
    await call(dan, "POST", `/posts/${post}/like`);
    await built.database.db.delete(users).where(eq(users.id, dan.userId));
    const follow = (await inbox(alice)).notifications.find((n) => n.type === "follow" && n.sender === null);
    expect(follow).toBeDefined();
    await call(alice, "DELETE", `/posts/${post}`);
    expect((await inbox(alice)).notifications.some((n) => n.post?._id === post)).toBe(false);
  });

  it("tell the author's open tabs live that a deleted post's notifications went, with the count", async () => {
    const [erin, fay] = await Promise.all([someone("erin"), someone("fay")]);
    const { _id: post } = await createPost(erin);
    const { _id: kept } = await createPost(erin);
    await call(fay, "POST", `/posts/${post}/like`);
    await call(fay, "POST", `/posts/${post}/comment`, { text: "Lovely" });
    await call(fay, "POST", `/posts/${kept}/like`);
    expect((await inbox(erin)).unreadCount).toBe(3);
    const [erinSocket, faySocket] = await Promise.all([socketOf(erin), socketOf(fay)]);
    const bystander = collectEvents(faySocket, "notificationsRemoved");

    const removed = nextEvent(erinSocket, "notificationsRemoved");
    expect((await call(erin, "DELETE", `/posts/${post}`)).statusCode).toBe(200);
    expect(await removed).toEqual({ ids: [], unreadCount: 1, postId: post });
    await roundTrip(faySocket);
    expect(bystander).toEqual([]);
  });

  it("tell both members' open tabs live that a block took the notifications between them, and the request to the one it waited for", async () => {
    const [gus, hal, ivy] = await Promise.all([someone("gus"), someone("hal"), someone("ivy")]);
    await call(gus, "PUT", "/user/privacy", { isPrivate: true });
    const { _id: post } = await createPost(hal);
    await call(gus, "POST", `/posts/${post}/like`);
    await call(hal, "POST", `/follow/${gus.userId}`); // a request: gus is private
    await call(ivy, "POST", `/posts/${post}/like`);
    const halKept = (await inbox(hal)).notifications.filter((n) => n.sender?._id === ivy.userId);
    const gusRequest = (await inbox(gus)).notifications.find((n) => n.type === "follow_request");
    const halLike = (await inbox(hal)).notifications.find((n) => n.sender?._id === gus.userId);
    const [gusSocket, halSocket, ivySocket] = await Promise.all([
      socketOf(gus),
      socketOf(hal),
      socketOf(ivy),
    ]);
    const bystander = collectEvents(ivySocket, "notificationsRemoved");
    const toGus = nextEvent(gusSocket, "notificationsRemoved");
    const toHal = nextEvent(halSocket, "notificationsRemoved");

    expect((await call(gus, "POST", "/user/block", { userId: hal.userId })).statusCode).toBe(200);
    expect(await toGus).toEqual({ ids: [gusRequest?._id], unreadCount: 0, followRequestsFrom: [hal.userId] });
    // Hal sent the request; no request waited for him, so nothing names the member who blocked him.
    expect(await toHal).toEqual({ ids: [halLike?._id], unreadCount: halKept.length });
    await roundTrip(ivySocket);
    expect(bystander).toEqual([]);
  });
});

describe("GET /notifications", () => {
  it("pages by cursor at a fixed number of queries", async () => {
    const { _id: post } = await createPost(bob);
    await call(alice, "POST", `/posts/${post}/comment`, { text: "1" });
    await call(alice, "POST", `/posts/${post}/comment`, { text: "2" });
    await call(alice, "POST", `/posts/${post}/comment`, { text: "3" });
    const first = await inbox(bob, "?limit=2");
    expect(first.notifications.map((n) => n.comment)).toEqual(["3", "2"]);
    const second = await inbox(bob, `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    expect(second.notifications[0]?.comment).toBe("1");
    const small = await fewestQueries(() => call(bob, "GET", "/notifications?limit=1"));
    const large = await fewestQueries(() => call(bob, "GET", "/notifications?limit=50"));
    expect(large).toBe(small);
  });

  it("refuses bad paging and anonymous callers", async () => {
    expect((await call(alice, "GET", "/notifications?limit=0")).statusCode).toBe(400);
    expect((await call(alice, "GET", "/notifications?cursor=zzz")).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  });
});

describe("read state", () => {
  it("marks one read and unread, then all read, recomputing the count each time", async () => {
    await clear(bob);
    const { _id: post } = await createPost(bob);
    await call(carol, "POST", `/posts/${post}/like`);
    await call(carol, "POST", `/posts/${post}/share`);
    const [newest] = (await inbox(bob)).notifications;
    const id = newest?._id ?? "";

    expect((await call(bob, "PUT", `/notifications/${id}/read`)).json()).toEqual({
      read: true,
      unreadCount: 1,
    });
    expect((await call(bob, "PUT", `/notifications/${id}/unread`)).json()).toEqual({
      read: false,
      unreadCount: 2,
    });
    const all = await call(bob, "PUT", "/notifications/mark-all");
    expect(all.json()).toEqual({ message: "All notifications marked as read", unreadCount: 0 });
    expect((await inbox(bob)).notifications.every((n) => n.read)).toBe(true);
  });

  it("is the recipient's alone: another member's id is a 404, as is a bad id", async () => {
    const { _id: post } = await createPost(bob);
    await call(carol, "POST", `/posts/${post}/comment`, { text: "Hi" });
    const [theirs] = (await inbox(bob)).notifications;
    const refused = await call(alice, "PUT", `/notifications/${theirs?._id}/read`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("Notification not found");
    expect((await inbox(bob)).notifications[0]?.read).toBe(false);
    expect((await call(alice, "PUT", "/notifications/nope/read")).statusCode).toBe(404);
  });
});

describe("newNotification", () => {
  it("reaches the recipient live with the new unread count, and nobody else", async () => {
    await clear(alice);
    const recipient = await socketOf(alice);
    const bystander = await socketOf(carol);
    const overheard = collectEvents(bystander, "newNotification");
    const { _id: post } = await createPost(alice);

    const arrived = nextEvent(recipient, "newNotification");
    await call(bob, "POST", `/posts/${post}/comment`, { text: "Live!" });
    const { notification, unreadCount } = await arrived;
    expect(unreadCount).toBe(1);
    expect(notification).toMatchObject({
      type: "comment",
      text: "commented on your post",
      comment: "Live!",
      read: false,
      sender: { username: "bob" },
      post: { _id: post },
    });
    // The event carries the notification exactly as the list shows it.
    expect((await inbox(alice)).notifications[0]).toEqual(notification);

    const second = nextEvent(recipient, "newNotification");
    await call(bob, "POST", `/posts/${post}/like`);
    expect(await second).toMatchObject({ notification: { type: "like" }, unreadCount: 2 });
    await call(alice, "PUT", `/notifications/${notification._id}/read`);
    const third = nextEvent(recipient, "newNotification");
    await call(carol, "POST", `/posts/${post}/like`);
    expect(await third).toMatchObject({ notification: { type: "like" }, unreadCount: 2 });
    await roundTrip(bystander);
    expect(overheard).toEqual([]);
  });
});

describe("notificationsRead", () => {
  it("tells the member's other tabs what they marked, with the new count", async () => {
    await clear(carol);
    const { _id: post } = await createPost(carol);
    await call(bob, "POST", `/posts/${post}/like`);
    const [like] = (await inbox(carol)).notifications;
    const otherTab = await socketOf(carol);

    const marked = nextEvent(otherTab, "notificationsRead");
    await call(carol, "PUT", `/notifications/${like?._id}/read`);
    expect(await marked).toEqual({ ids: [like?._id], read: true, unreadCount: 0 });
    const unmarked = nextEvent(otherTab, "notificationsRead");
    await call(carol, "PUT", `/notifications/${like?._id}/unread`);
    expect(await unmarked).toEqual({ ids: [like?._id], read: false, unreadCount: 1 });
    const all = nextEvent(otherTab, "notificationsRead");
    await call(carol, "PUT", "/notifications/mark-all");
    expect(await all).toEqual({ ids: "all", read: true, unreadCount: 0 });
  });
});
