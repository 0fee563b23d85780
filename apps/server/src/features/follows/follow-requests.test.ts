import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import {
  buildTestApp,
  collectEvents,
  nextEvent,
  realtimeBed,
  roundTrip,
  type SignedIn,
  statementsOf,
} from "../../test/helper.js";

const built = await buildTestApp();
const { socketOf } = await realtimeBed(built);
const { call, createPost, makePrivate, requestFollow, acceptFollow, someone } = factories(built);

/** A private member with one post, and a stranger who does not follow them. */
async function privateAndStranger() {
  const owner = await someone("owner");
  const post = await createPost(owner, { caption: "Followers only" });
  await makePrivate(owner);
  return { owner, post, stranger: await someone("stranger") };
}

const me = async (member: SignedIn) => (await call(member, "GET", "/user")).json().user;
const notificationsOf = async (member: SignedIn) =>
  (await call(member, "GET", "/notifications")).json().notifications as {
    _id: string;
    type: string;
    text: string;
    sender: { _id: string; username: string } | null;
  }[];
const requestsOf = async (member: SignedIn, query = "") =>
  (await call(member, "GET", `/follow-requests${query}`)).json();

describe("following a private member asks them first", () => {
  it("the owner hears of the request live, accepts it, and the posts appear to the requester", async () => {
    const { owner, post, stranger } = await privateAndStranger();
    const ownerSocket = await socketOf(owner);
    const strangerSocket = await socketOf(stranger);

    const told = nextEvent(ownerSocket, "newNotification");
    const asked = await call(stranger, "POST", `/follow/${owner.userId}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      message: "Follow request sent",
      isFollowed: false,
      isRequested: true,
      followersCount: 0,
    });
    const { notification, unreadCount } = await told;
    expect(notification).toMatchObject({
      type: "follow_request",
      text: "requested to follow you",
      sender: { _id: stranger.userId, username: expect.stringMatching(/^stranger_/) },
      post: null,
    });
    expect(unreadCount).toBe(1);

    // Nothing is visible while the request waits.
    expect((await call(stranger, "GET", `/posts/${post._id}`)).statusCode).toBe(404);
    const profile = (await call(stranger, "GET", `/profile/${(await me(owner)).username}`)).json();
    expect(profile.user).toMatchObject({ isFollowed: false, isRequested: true });
    expect(profile.posts).toEqual([]);
    expect(await me(owner)).toMatchObject({ followRequestsCount: 1 });

    const accepted = nextEvent(strangerSocket, "newNotification");
    const answered = nextEvent(ownerSocket, "notificationsRemoved");
    const answer = await call(owner, "POST", `/follow-requests/${stranger.userId}/accept`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: "Follow request accepted", followersCount: 1 });
    expect((await accepted).notification).toMatchObject({
      type: "follow_accepted",
      text: "accepted your follow request",
      sender: { _id: owner.userId },
    });

    expect((await call(stranger, "GET", `/posts/${post._id}`)).statusCode).toBe(200);
    const after = (await call(stranger, "GET", `/profile/${(await me(owner)).username}`)).json();
    expect(after.user).toMatchObject({ isFollowed: true, isRequested: false, followersCount: 1 });
    expect(after.posts.map((shown: { _id: string }) => shown._id)).toEqual([post._id]);
    // The request is answered: gone from the list and the count; in the owner's notifications it became
    // a follow, already read, and their screens are told so.
    expect(await requestsOf(owner)).toEqual({ requests: [], nextCursor: null });
    expect(await me(owner)).toMatchObject({ followRequestsCount: 0, followersCount: 1 });
    expect(await answered).toEqual({
      ids: [notification._id],
      unreadCount: 0,
      followRequestsFrom: [stranger.userId],
      accepted: true,
    });
    const ownersPage = (await call(owner, "GET", "/notifications")).json();
    expect(ownersPage.unreadCount).toBe(0);
    expect(ownersPage.notifications).toEqual([
      expect.objectContaining({
        type: "follow",
        text: "started following you",
        read: true,
        sender: expect.objectContaining({ _id: stranger.userId }),
      }),
    ]);
    expect(await me(stranger)).toMatchObject({ following: [owner.userId], followingCount: 1 });
  });

  it("an accepted request brings a follower's earlier follow notification up to now, read, not a second one", async () => {
    const owner = await someone("owner");
    const [returning, other] = [await someone("returning"), await someone("other")];
    await call(returning, "POST", `/follow/${owner.userId}`);
    await call(other, "POST", `/follow/${owner.userId}`);
    await call(returning, "POST", `/unfollow/${owner.userId}`);
    await call(owner, "PUT", "/user/privacy", { isPrivate: true });
    await requestFollow(returning, owner);

    await acceptFollow(owner, returning);

    const page = (await call(owner, "GET", "/notifications")).json();
    expect(
      page.notifications.map((n: { type: string; read: boolean; sender: { _id: string } }) => [
        n.type,
        n.sender._id,
        n.read,
      ]),
    ).toEqual([
      ["follow", returning.userId, true],
      ["follow", other.userId, false],
    ]);
    expect(page.unreadCount).toBe(1);
  });

  it("asking twice is one request and one notification", async () => {
    const { owner, stranger } = await privateAndStranger();
    for (let i = 0; i < 2; i++)
      expect((await call(stranger, "POST", `/follow/${owner.userId}`)).json()).toMatchObject({
        isFollowed: false,
        isRequested: true,
      });
    expect((await requestsOf(owner)).requests).toHaveLength(1);
    expect((await notificationsOf(owner)).filter((n) => n.type === "follow_request")).toHaveLength(1);
  });

  it("declining removes the request and its notification, and the requester is not told", async () => {
    const { owner, post, stranger } = await privateAndStranger();
    await requestFollow(stranger, owner);
    const strangerSocket = await socketOf(stranger);
    const heard = collectEvents(strangerSocket, "newNotification");

    const answer = await call(owner, "POST", `/follow-requests/${stranger.userId}/decline`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: "Follow request declined" });
    await roundTrip(strangerSocket);
    expect(heard).toEqual([]);
    expect(await requestsOf(owner)).toEqual({ requests: [], nextCursor: null });
    expect(await notificationsOf(owner)).toEqual([]);
    expect(await me(owner)).toMatchObject({ followRequestsCount: 0, followersCount: 0 });
    expect((await call(stranger, "GET", `/posts/${post._id}`)).statusCode).toBe(404);
    const profile = (await call(stranger, "GET", `/profile/${(await me(owner)).username}`)).json();
    expect(profile.user).toMatchObject({ isFollowed: false, isRequested: false });

    const again = await call(owner, "POST", `/follow-requests/${stranger.userId}/decline`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Follow request not found" });
  });

  it("unfollowing withdraws a pending request, and its notification with it", async () => {
    const { owner, stranger } = await privateAndStranger();
    await requestFollow(stranger, owner);
    const [asked] = await notificationsOf(owner);
    expect(asked?.type).toBe("follow_request");
    const ownerSocket = await socketOf(owner);
    const removed = nextEvent(ownerSocket, "notificationsRemoved");

    const withdrawn = await call(stranger, "POST", `/unfollow/${owner.userId}`);
    expect(withdrawn.statusCode).toBe(200);
    // The owner's open screens drop it live.
    expect(await removed).toEqual({
      ids: [asked?._id],
      unreadCount: 0,
      followRequestsFrom: [stranger.userId],
    });
    expect(withdrawn.json()).toEqual({
      message: "Unfollowed",
      isFollowed: false,
      isRequested: false,
      followersCount: 0,
    });
    expect(await notificationsOf(owner)).toEqual([]);
    expect((await call(owner, "GET", "/notifications")).json().unreadCount).toBe(0);
    expect(await requestsOf(owner)).toEqual({ requests: [], nextCursor: null });
    expect(await me(owner)).toMatchObject({ followRequestsCount: 0 });
    const accept = await call(owner, "POST", `/follow-requests/${stranger.userId}/accept`);
    expect(accept.statusCode).toBe(404);
    expect(accept.json()).toEqual({ message: "Follow request not found" });
  });

  it("unfollowing a private member one follows ends the follow; following again asks again", async () => {
    const { owner, stranger } = await privateAndStranger();
    await requestFollow(stranger, owner);
    await acceptFollow(owner, stranger);
    expect((await call(stranger, "POST", `/unfollow/${owner.userId}`)).json()).toEqual({
      message: "Unfollowed",
      isFollowed: false,
      isRequested: false,
      followersCount: 0,
    });
    expect((await call(stranger, "POST", `/follow/${owner.userId}`)).json()).toMatchObject({
      isFollowed: false,
      isRequested: true,
    });
  });

  it("going public accepts every pending request and tells each requester; going private keeps followers", async () => {
    const { owner, post } = await privateAndStranger();
    const [first, second] = [await someone("first"), await someone("second")];
    await requestFollow(first, owner);
    await requestFollow(second, owner);
    const secondSocket = await socketOf(second);
    const told = nextEvent(secondSocket, "newNotification");

    const response = await call(owner, "PUT", "/user/privacy", { isPrivate: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      isPrivate: false,
      followersCount: 2,
      followRequestsCount: 0,
    });
    expect((await told).notification).toMatchObject({
      type: "follow_accepted",
      sender: { _id: owner.userId },
    });
    expect((await notificationsOf(first)).map((n) => n.type)).toEqual(["follow_accepted"]);
    expect(await requestsOf(owner)).toEqual({ requests: [], nextCursor: null });
    expect((await notificationsOf(owner)).map((n) => [n.type, n.sender?._id]).sort()).toEqual(
      [
        ["follow", first.userId],
        ["follow", second.userId],
      ].sort(),
    );

    const back = await call(owner, "PUT", "/user/privacy", { isPrivate: true });
    expect(back.json().user).toMatchObject({ isPrivate: true, followersCount: 2 });
    expect((await call(first, "GET", `/posts/${post._id}`)).statusCode).toBe(200);
    expect((await call(second, "GET", `/posts/${post._id}`)).statusCode).toBe(200);
  });

  it("going public runs the same statements however many requests wait, and tells the owner's screens once", async () => {
    // The owner's socket, just connected, asks in its own time whom to tell they are online.
    const presenceOnConnect = /^select distinct "chat_members"/;
    const goPublicWith = async (waiting: number) => {
      const { owner } = await privateAndStranger();
      const requesters = [];
      for (let i = 0; i < waiting; i++) {
        const requester = await someone("asker");
        await requestFollow(requester, owner);
        requesters.push(requester);
      }
      const ownerSocket = await socketOf(owner);
      const removed = collectEvents(ownerSocket, "notificationsRemoved");
      const statements = (
        await statementsOf(() => call(owner, "PUT", "/user/privacy", { isPrivate: false }))
      ).filter((statement) => !presenceOnConnect.test(statement));
      await roundTrip(ownerSocket);
      return { owner, requesters, statements, removed };
    };

    const few = await goPublicWith(1);
    const many = await goPublicWith(6);
    expect(many.statements).toHaveLength(few.statements.length);
    expect(many.removed).toEqual([
      {
        ids: expect.any(Array),
        unreadCount: 0,
        followRequestsFrom: expect.arrayContaining(many.requesters.map((r) => r.userId)),
        accepted: true,
      },
    ]);
    expect(many.removed[0]?.ids).toHaveLength(6);
    expect(many.removed[0]?.followRequestsFrom).toHaveLength(6);
    const left = await notificationsOf(many.owner);
    expect(left.map((n) => n.type)).toEqual(Array(6).fill("follow"));
    expect(new Set(left.map((n) => n.sender?._id))).toEqual(new Set(many.requesters.map((r) => r.userId)));
    for (const requester of many.requesters)
      expect((await notificationsOf(requester)).map((n) => [n.type, n.sender?._id])).toEqual([
        ["follow_accepted", many.owner.userId],
      ]);
  });

  it("following a public member follows at once, and a request left from when they were private goes", async () => {
    const { owner, stranger } = await privateAndStranger();
    await requestFollow(stranger, owner);
    // Made public behind the API's back (another node, a tool): the request is still there.
    await built.database.db.update(users).set({ isPrivate: false }).where(eq(users.id, owner.userId));
    const followed = await call(stranger, "POST", `/follow/${owner.userId}`);
    expect(followed.json()).toEqual({
      message: "Followed",
      isFollowed: true,
      isRequested: false,
      followersCount: 1,
    });
    expect(await requestsOf(owner)).toEqual({ requests: [], nextCursor: null });
    expect((await notificationsOf(owner)).map((n) => n.type)).toEqual(["follow"]);
  });
});

describe("accepted follow requests", () => {
  it("tell the requester once per member, however often they unfollow and ask again", async () => {
    const { owner, stranger } = await privateAndStranger();
    for (let round = 0; round < 2; round++) {
      await requestFollow(stranger, owner);
      await acceptFollow(owner, stranger);
      if (round === 0)
        expect((await call(stranger, "POST", `/unfollow/${owner.userId}`)).statusCode).toBe(200);
    }
    const accepted = (await notificationsOf(stranger)).filter((n) => n.type === "follow_accepted");
    expect(accepted).toHaveLength(1);
  });
});

describe("GET /follow-requests", () => {
  it("lists who asked, newest first, paged by cursor", async () => {
    const owner = await someone("popular");
    await makePrivate(owner);
    const askers = [await someone("ann"), await someone("ben"), await someone("cat")];
    for (const asker of askers) await requestFollow(asker, owner);

    const first = await requestsOf(owner, "?limit=2");
    expect(first.requests).toHaveLength(2);
    expect(first.requests[0]).toEqual({
      _id: askers[2]?.userId,
      username: expect.stringMatching(/^cat_/),
      fullName: expect.stringMatching(/^Newcomer cat_/),
      avatar: "",
      requestedAt: expect.any(String),
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await requestsOf(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.requests.map((request: { _id: string }) => request._id)).toEqual([askers[0]?.userId]);
    expect(second.nextCursor).toBeNull();
    expect(await me(owner)).toMatchObject({ followRequestsCount: 3 });
  });

  it("shows isRequested in follow lists to the member who asked", async () => {
    const { owner, stranger } = await privateAndStranger();
    const friend = await someone("friend");
    await call(owner, "POST", `/follow/${friend.userId}`); // the owner is in the friend's followers list
    await requestFollow(stranger, owner);
    const { followers } = (await call(stranger, "GET", `/followers/${friend.userId}`)).json();
    expect(followers).toEqual([
      expect.objectContaining({ _id: owner.userId, isPrivate: true, isFollowed: false, isRequested: true }),
    ]);
  });

  it("says whether a post's author is private, in the feed and on the post, as they change it", async () => {
    const { owner, post, stranger } = await privateAndStranger();
    await requestFollow(stranger, owner);
    await acceptFollow(owner, stranger);
    const authorInFeed = async () =>
      (await call(stranger, "GET", "/posts"))
        .json()
        .posts.find((shown: { _id: string }) => shown._id === post._id)?.user;
    expect(await authorInFeed()).toMatchObject({ _id: owner.userId, isPrivate: true });
    expect((await call(stranger, "GET", `/posts/${post._id}`)).json().post.user.isPrivate).toBe(true);

    await call(owner, "PUT", "/user/privacy", { isPrivate: false });
    expect(await authorInFeed()).toMatchObject({ _id: owner.userId, isPrivate: false });
    expect((await call(stranger, "GET", `/posts/${post._id}`)).json().post.user.isPrivate).toBe(false);
  });

  it.each([
    ["a malformed id", "POST", "/follow-requests/nobody/accept", 404],
    ["a NUL in the id", "POST", "/follow-requests/a%00b/decline", 404],
    ["an unknown id", "POST", "/follow-requests/00000000-0000-4000-8000-000000000000/accept", 404],
    ["a bad limit", "GET", "/follow-requests?limit=ten", 400],
    ["a NUL cursor", "GET", "/follow-requests?cursor=%00", 400],
    ["a cursor no page gave", "GET", "/follow-requests?cursor=bm9wZQ", 400],
  ] as const)("answers %s with %i, never a 500", async (_case, method, url, status) => {
    const owner = await someone("careful");
    const response = await call(owner, method, url);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it("has no request of oneself to answer", async () => {
    const owner = await someone("self");
    for (const action of ["accept", "decline"]) {
      const response = await call(owner, "POST", `/follow-requests/${owner.userId}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Follow request not found" });
    }
  });

  it("needs a signed-in member", async () => {
    expect((await built.app.inject({ url: "/api/follow-requests" })).statusCode).toBe(401);
  });
});
