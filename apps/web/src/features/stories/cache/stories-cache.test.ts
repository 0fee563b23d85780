import type { StoryArchivePage } from "@flik/shared";
import { type InfiniteData, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { storyKeys } from "../api/story-keys";
import { nextIndices, previousIndices } from "../hooks/use-story-cursor";
import { alice, bob, carol, hoursAgo, makeGroup, makeStory } from "../test/story-fixtures";
import {
  addCachedStory,
  removeCachedStory,
  withoutStory,
  withStory,
  withStoryPatched,
} from "./stories-cache";

const own = makeGroup([makeStory({ _id: "s-own", user: alice, viewed: true })]);
const bobStory = makeStory({ _id: "s-bob", user: bob, createdAt: hoursAgo(3) });
const bobs = makeGroup([bobStory]);
const carolsSeen = makeGroup([makeStory({ _id: "s-carol", user: carol, viewed: true })]);
const users = (groups: { user: { username: string } }[]) => groups.map((group) => group.user.username);

describe("withStory", () => {
  it("adds the member's own story to their group, which stays first", () => {
    const story = makeStory({ _id: "s-own-2", user: alice, viewed: true, createdAt: hoursAgo(1) });
    const groups = withStory([own, bobs], story, alice._id);
    expect(users(groups)).toEqual(["alice", "bob"]);
    expect(groups[0]?.stories.map((item) => item._id)).toEqual(["s-own", "s-own-2"]);
  });

  it("starts the member's own group first when they had none", () => {
    const story = makeStory({ _id: "s-own", user: alice, viewed: true });
    expect(users(withStory([bobs, carolsSeen], story, alice._id))).toEqual(["alice", "bob", "carol"]);
  });

  it("puts a new story of someone else after the member's own, unseen, and moves a seen group up with it", () => {
    const story = makeStory({ _id: "s-carol-2", user: carol, createdAt: hoursAgo(0.5) });
    const groups = withStory([own, bobs, carolsSeen], story, alice._id);
    expect(users(groups)).toEqual(["alice", "carol", "bob"]);
    expect(groups[1]?.allViewed).toBe(false);
    expect(groups[1]?.stories.map((item) => item._id)).toEqual(["s-carol", "s-carol-2"]);
  });

  it("keeps the stories of a group in the order they play, oldest first", () => {
    const older = makeStory({ _id: "s-bob-0", user: bob, createdAt: hoursAgo(5) });
    expect(withStory([bobs], older, alice._id)[0]?.stories.map((item) => item._id)).toEqual([
      "s-bob-0",
      "s-bob",
    ]);
  });

  it("ignores a story it has already (the event after the member's own upload)", () => {
    const groups = [own, bobs];
    expect(withStory(groups, bobStory, alice._id)).toBe(groups);
  });
});

describe("withoutStory and withStoryPatched", () => {
  it("removes a story, and the group it leaves empty", () => {
    const two = makeGroup([makeStory({ _id: "s-1" }), makeStory({ _id: "s-2" })]);
    expect(withoutStory([two], "s-1")[0]?.stories.map((story) => story._id)).toEqual(["s-2"]);
    expect(users(withoutStory([own, bobs], "s-bob"))).toEqual(["alice"]);
    const groups = [own];
    expect(withoutStory(groups, "s-unknown")).toBe(groups);
  });

  it("marks a story viewed in place, and its group all seen once every story is", () => {
    const two = makeGroup([makeStory({ _id: "s-1" }), makeStory({ _id: "s-2" })]);
    const seen = (id: string) => (groups: (typeof two)[]) =>
      withStoryPatched(groups, id, (story) => ({ ...story, viewed: true }));
    const once = seen("s-1")([two, carolsSeen]);
    expect(once[0]?.allViewed).toBe(false);
    const twice = seen("s-2")(once);
    expect(twice[0]?.allViewed).toBe(true);
    expect(users(twice)).toEqual(["bob", "carol"]);
  });
});

describe("Stepping through the groups (spec §4)", () => {
  const groups = [
    makeGroup([makeStory({ _id: "a" }), makeStory({ _id: "b" })]),
    makeGroup([makeStory({ _id: "c", user: carol, viewed: true }), makeStory({ _id: "d", user: carol })]),
  ];

  it("goes to the next story, then to the next member's first unseen one, and round to the first member", () => {
    expect(nextIndices(groups, { groupIndex: 0, storyIndex: 0 })).toEqual({ groupIndex: 0, storyIndex: 1 });
    expect(nextIndices(groups, { groupIndex: 0, storyIndex: 1 })).toEqual({ groupIndex: 1, storyIndex: 1 });
    expect(nextIndices(groups, { groupIndex: 1, storyIndex: 1 })).toEqual({ groupIndex: 0, storyIndex: 0 });
  });

  it("goes back a story, then to the member before's last, and round to the last member's", () => {
    expect(previousIndices(groups, { groupIndex: 1, storyIndex: 1 })).toEqual({
      groupIndex: 1,
      storyIndex: 0,
    });
    expect(previousIndices(groups, { groupIndex: 1, storyIndex: 0 })).toEqual({
      groupIndex: 0,
      storyIndex: 1,
    });
    expect(previousIndices(groups, { groupIndex: 0, storyIndex: 0 })).toEqual({
      groupIndex: 1,
      storyIndex: 1,
    });
  });

  it("replays a lone member's stories from their first", () => {
    const lone = [groups[0] as (typeof groups)[number]];
    expect(nextIndices(lone, { groupIndex: 0, storyIndex: 1 })).toEqual({ groupIndex: 0, storyIndex: 0 });
  });
});

describe("The member's archive in the cache", () => {
  const older = makeStory({ _id: "s-old", user: alice, viewed: true, createdAt: hoursAgo(50) });
  const newer = makeStory({ _id: "s-new", user: alice, viewed: true });

  function withArchive(): QueryClient {
    signInAsAlice();
    const queryClient = new QueryClient();
    queryClient.setQueryData<InfiniteData<StoryArchivePage>>(storyKeys.archive(), {
      pages: [
        { stories: [newer], nextCursor: "c1" },
        { stories: [older], nextCursor: null },
      ],
      pageParams: [null, "c1"],
    });
    return queryClient;
  }

  it("loses a deleted story from whichever page holds it", () => {
    const queryClient = withArchive();
    removeCachedStory(queryClient, "s-old");
    const archive = queryClient.getQueryData<InfiniteData<StoryArchivePage>>(storyKeys.archive());
    expect(archive?.pages.map((page) => page.stories.map((story) => story._id))).toEqual([["s-new"], []]);
    expect(archive?.pageParams).toEqual([null, "c1"]);
  });

  it("is asked again after the member's own new story, and not after someone else's", () => {
    const queryClient = withArchive();
    addCachedStory(queryClient, makeStory({ _id: "s-bob-new", user: bob }));
    expect(queryClient.getQueryState(storyKeys.archive())?.isInvalidated).toBe(false);
    addCachedStory(queryClient, makeStory({ _id: "s-newest", user: alice, viewed: true }));
    expect(queryClient.getQueryState(storyKeys.archive())?.isInvalidated).toBe(true);
  });
});
