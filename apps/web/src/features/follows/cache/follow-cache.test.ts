import type { Post, PublicProfile, StoryGroup, User } from "@flik/shared";
import { type InfiniteData, QueryClient, QueryObserver } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { bob, makePost, makeProfile, makeUser } from "../../../test/fixtures";
import { userKeys } from "../../auth/api/user-keys";
import { flickKeys } from "../../flicks/api/flick-keys";
import { makeFlick } from "../../flicks/test/flick-fixtures";
import { postKeys } from "../../posts/api/post-keys";
import type { ProfilePage } from "../../profile/api/profile.api";
import { profileKeys } from "../../profile/api/profile-keys";
import { storyKeys } from "../../stories/api/story-keys";
import { followKeys } from "../api/follow-keys";
import type { FollowListPage } from "../api/follows.api";
import {
  applyFollowAnswer,
  applyFollowerChange,
  applyPrivacyChange,
  dropPostsOfPrivateMember,
} from "./follow-cache";

const dan = makeProfile({
  _id: "u-dan",
  id: "u-dan",
  username: "dan",
  isFollowed: false,
  followers: ["u-erin"],
  followersCount: 1,
});
const alice = makeProfile({
  _id: "u-alice",
  id: "u-alice",
  username: "alice",
  isFollowed: false,
  followers: ["u-carol"],
  following: ["u-bob"],
  followersCount: 1,
  followingCount: 1,
});

let queryClient: QueryClient;

function cacheProfile(member: PublicProfile) {
  queryClient.setQueryData<InfiniteData<ProfilePage, string | null>>(profileKeys.page(member.username), {
    pages: [{ user: member, posts: [], nextCursor: null, isMyProfile: member._id === "u-alice" }],
    pageParams: [null],
  });
}

const cachedProfile = (username: string) =>
  queryClient.getQueryData<InfiniteData<ProfilePage, string | null>>(profileKeys.page(username))?.pages[0]
    ?.user;

/** The feed as one page of these posts; its ids as they are now. */
const feedOf = (...posts: Post[]) =>
  queryClient.setQueryData(postKeys.feed(), { pages: [{ posts, nextCursor: null }], pageParams: [null] });
const feedIds = () =>
  queryClient
    .getQueryData<InfiniteData<{ posts: Post[] }>>(postKeys.feed())
    ?.pages.flatMap((page) => page.posts.map((post) => post._id));

beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData<User>(userKeys.me(), makeUser({ followers: ["u-carol"], following: ["u-bob"] }));
  cacheProfile(dan);
  cacheProfile(alice);
});

describe("the follow lists a cached profile carries (spec §3)", () => {
  it("put the viewer among a member's followers on a follow, and take them out on an unfollow", () => {
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: true, isRequested: false, followersCount: 2 });
    expect(cachedProfile("dan")).toMatchObject({ followers: ["u-alice", "u-erin"], followersCount: 2 });
    expect(cachedProfile("alice")?.following).toEqual(["u-dan", "u-bob"]);
    expect(queryClient.getQueryData<User>(userKeys.me())?.following).toEqual(["u-dan", "u-bob"]);

    applyFollowAnswer(queryClient, "u-dan", { isFollowed: false, isRequested: false, followersCount: 1 });
    expect(cachedProfile("dan")).toMatchObject({ followers: ["u-erin"], followersCount: 1 });
    expect(cachedProfile("alice")?.following).toEqual(["u-bob"]);
  });

  it("read the stories strip again when a follow comes or goes, as its members change", () => {
    queryClient.setQueryData(storyKeys.tray(), []);
    const trayStale = () => queryClient.getQueryState(storyKeys.tray())?.isInvalidated;
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: false, isRequested: true, followersCount: 1 });
    expect(trayStale()).toBe(false);
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: true, isRequested: false, followersCount: 2 });
    expect(trayStale()).toBe(true);
  });

  it("let the home feed go after a follow, to be read afresh when it next shows; an open one stays", () => {
    const feed = () => queryClient.getQueryCache().find({ queryKey: postKeys.feed() });
    feedOf(makePost({ _id: "p-1" }));
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: false, isRequested: true, followersCount: 1 });
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: false, isRequested: false, followersCount: 1 });
    expect(feed()).toBeDefined();
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: true, isRequested: false, followersCount: 2 });
    expect(feed()).toBeUndefined();

    // On screen (observed), it keeps what it shows.
    feedOf(makePost({ _id: "p-1" }));
    const observer = new QueryObserver(queryClient, {
      queryKey: postKeys.feed(),
      queryFn: () => new Promise<never>(() => {}),
    });
    const unsubscribe = observer.subscribe(() => {});
    applyFollowAnswer(queryClient, "u-bob", { isFollowed: true, isRequested: false, followersCount: 3 });
    expect(feedIds()).toEqual(["p-1"]);
    unsubscribe();
  });

  it("leave a follow request out: the viewer follows only once it is accepted", () => {
    applyFollowAnswer(queryClient, "u-dan", { isFollowed: false, isRequested: true, followersCount: 1 });
    expect(cachedProfile("dan")?.followers).toEqual(["u-erin"]);
    expect(cachedProfile("alice")?.following).toEqual(["u-bob"]);
  });

  it("show a new follower of the viewer's own (postFollowed) first, and drop one who left", () => {
    applyFollowerChange(queryClient, "u-alice", {
      followerId: "u-gina",
      isFollowed: true,
      followersCount: 2,
    });
    expect(cachedProfile("alice")).toMatchObject({ followers: ["u-gina", "u-carol"], followersCount: 2 });
    expect(queryClient.getQueryData<User>(userKeys.me())?.followers).toEqual(["u-gina", "u-carol"]);

    applyFollowerChange(queryClient, "u-alice", {
      followerId: "u-carol",
      isFollowed: false,
      followersCount: 1,
    });
    expect(cachedProfile("alice")).toMatchObject({ followers: ["u-gina"], followersCount: 1 });
    expect(cachedProfile("dan")?.followers).toEqual(["u-erin"]);
  });

  it("take one who left out of the viewer's open followers list, and read it again for a newcomer", () => {
    const key = followKeys.list("followers", "u-alice");
    const row = (id: string) => ({
      _id: id,
      username: id,
      fullName: "",
      avatar: "",
      isFollowed: false,
      isPrivate: false,
    });
    queryClient.setQueryData<InfiniteData<FollowListPage, string | null>>(key, {
      pages: [{ members: [row("u-carol"), row("u-gina")], nextCursor: null } as FollowListPage],
      pageParams: [null],
    });
    const listed = () =>
      queryClient.getQueryData<InfiniteData<FollowListPage>>(key)?.pages[0]?.members.map((m) => m._id);

    applyFollowerChange(queryClient, "u-alice", {
      followerId: "u-carol",
      isFollowed: false,
      followersCount: 1,
    });
    expect(listed()).toEqual(["u-gina"]);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);

    applyFollowerChange(queryClient, "u-alice", { followerId: "u-hal", isFollowed: true, followersCount: 2 });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe("a member who goes private or public (memberPrivacyChanged)", () => {
  const profileStale = (username: string) =>
    queryClient.getQueryState(profileKeys.page(username))?.isInvalidated;

  it("shows the lock to a follower, whose posts and profile stay as they are", () => {
    cacheProfile({ ...dan, isFollowed: true });
    feedOf(makePost({ _id: "p-dan", user: { ...bob, _id: "u-dan" }, isFollowed: true }));

    applyPrivacyChange(queryClient, "u-dan", true);

    expect(cachedProfile("dan")?.isPrivate).toBe(true);
    expect(feedIds()).toEqual(["p-dan"]);
    expect(
      queryClient.getQueryData<InfiniteData<{ posts: Post[] }>>(postKeys.feed())?.pages[0]?.posts[0]?.user
        .isPrivate,
    ).toBe(true);
    expect(profileStale("dan")).toBe(false);
  });

  it("takes a stranger's view of them away (posts dropped, profile read again), and opens it again", () => {
    feedOf(makePost({ _id: "p-dan", user: { ...bob, _id: "u-dan" }, isFollowed: false }));

    applyPrivacyChange(queryClient, "u-dan", true);
    expect(feedIds()).toEqual([]);
    expect(cachedProfile("dan")?.isPrivate).toBe(true);
    expect(profileStale("dan")).toBe(true);

    cacheProfile({ ...dan, isPrivate: true });
    applyPrivacyChange(queryClient, "u-dan", false);
    expect(cachedProfile("dan")?.isPrivate).toBe(false);
    expect(profileStale("dan")).toBe(true);
  });
});

describe("a member's stories when she goes private (memberPrivacyChanged)", () => {
  const ringOf = (username: string) =>
    queryClient.getQueryData<StoryGroup[]>(storyKeys.member(username))?.map((group) => group.user._id);
  const cacheRing = (member: PublicProfile) => {
    cacheProfile(member);
    const author = { _id: member._id, username: member.username, fullName: "", avatar: "" };
    queryClient.setQueryData<StoryGroup[]>(storyKeys.member(member.username), [
      { user: author, stories: [], allViewed: true },
    ]);
  };

  it("leave a stranger's view of her profile, and stay for a follower", () => {
    cacheRing(dan);
    cacheRing(makeProfile({ _id: "u-erin", id: "u-erin", username: "erin", isFollowed: true }));

    applyPrivacyChange(queryClient, "u-dan", true);
    applyPrivacyChange(queryClient, "u-erin", true);

    expect(ringOf("dan")).toEqual([]);
    expect(ringOf("erin")).toEqual(["u-erin"]);
  });

  it("come back to a stranger's view when she goes public again: her ring is read again", () => {
    cacheRing(dan);
    applyPrivacyChange(queryClient, "u-dan", true);
    expect(queryClient.getQueryState(storyKeys.member("dan"))?.isInvalidated).toBe(false);

    applyPrivacyChange(queryClient, "u-dan", false);
    expect(queryClient.getQueryState(storyKeys.member("dan"))?.isInvalidated).toBe(true);
  });
});

describe("a private member's posts in the viewer's lists", () => {
  it("leave when she removes the viewer as a follower; a public member's stay", () => {
    const carol = { ...bob, _id: "u-carol", username: "carol" };
    feedOf(
      makePost({ _id: "p-bob", user: { ...bob, isPrivate: true }, isFollowed: true }),
      makePost({ _id: "p-carol", user: carol, isFollowed: true }),
    );

    dropPostsOfPrivateMember(queryClient, "u-carol");
    expect(feedIds()).toEqual(["p-bob", "p-carol"]);

    dropPostsOfPrivateMember(queryClient, "u-bob");
    expect(feedIds()).toEqual(["p-carol"]);
  });

  it("go by the removal's word on her privacy, which wins over a cached copy; flicks not on screen are let go", () => {
    const carol = { ...bob, _id: "u-carol", username: "carol" };
    feedOf(makePost({ _id: "p-carol", user: carol, isFollowed: true }));
    // Flicks do not say their author is private: the flicks screen, not open, reads them afresh.
    const cacheFlicks = () => {
      queryClient.setQueryData(flickKeys.feed(), {
        pages: [{ flicks: [makeFlick({ uploadedBy: carol })], nextCursor: null }],
        pageParams: [null],
      });
      queryClient.setQueryData(flickKeys.detail("f-2"), makeFlick({ _id: "f-2", uploadedBy: carol }));
    };
    const flicksCached = () => queryClient.getQueriesData({ queryKey: flickKeys.all }).length;
    cacheFlicks();

    expect(dropPostsOfPrivateMember(queryClient, "u-carol", true)).toBe(true);
    expect(feedIds()).toEqual([]);
    expect(flicksCached()).toBe(0);

    // Public by the removal's word, though a copy cached earlier said private.
    feedOf(makePost({ _id: "p-bob", user: { ...bob, isPrivate: true }, isFollowed: true }));
    cacheFlicks();
    expect(dropPostsOfPrivateMember(queryClient, "u-bob", false)).toBe(false);
    expect(feedIds()).toEqual(["p-bob"]);
    expect(flicksCached()).toBe(2);
  });
});
