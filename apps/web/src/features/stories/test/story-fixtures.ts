import type { Story, StoryAuthor, StoryGroup } from "@flik/shared";
import { jsonResponse } from "../../../test/fixtures";

/** The personas: Alice is signed in; she follows Bob and Carol. */
export const alice: StoryAuthor = {
  _id: "u-alice",
  username: "alice",
  fullName: "Alice Liddell",
  avatar: "",
};
export const bob: StoryAuthor = { _id: "u-bob", username: "bob", fullName: "Bob Builder", avatar: "" };
export const carol: StoryAuthor = {
  _id: "u-carol",
  username: "carol",
  fullName: "Carol Danvers",
  avatar: "",
};

const HOUR = 60 * 60 * 1000;

/** `hoursAgo` before now; stories live 24 hours. */
export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * HOUR).toISOString();
}

/** Bob's unseen photo story of two hours ago, unless overridden. */
export function makeStory(overrides: Partial<Story> = {}): Story {
  const createdAt = overrides.createdAt ?? hoursAgo(2);
  return {
    _id: "s-1",
    user: bob,
    mediaType: "image",
    mediaUrl: "/media/image/s-1.jpg",
    viewersCount: 0,
    viewed: false,
    createdAt,
    expiresAt: new Date(new Date(createdAt).getTime() + 24 * HOUR).toISOString(),
    ...overrides,
  };
}

/** A member's stories as GET /stories groups them (oldest first). */
export function makeGroup(stories: Story[]): StoryGroup {
  const [first] = stories;
  if (!first) throw new Error("A group has at least one story");
  return { user: first.user, stories, allViewed: stories.every((story) => story.viewed) };
}

export const storiesOf = (...groups: StoryGroup[]) => jsonResponse(200, { stories: groups });

/** Bob's two photos (3 h and 2 h ago), then Carol's one (1 h ago): the usual strip. */
export function bobAndCarol(): StoryGroup[] {
  return [
    makeGroup([
      makeStory({ _id: "s-bob-1", mediaUrl: "/media/image/bob-1.jpg", createdAt: hoursAgo(3) }),
      makeStory({ _id: "s-bob-2", mediaUrl: "/media/image/bob-2.jpg", createdAt: hoursAgo(2) }),
    ]),
    makeGroup([
      makeStory({
        _id: "s-carol-1",
        user: carol,
        mediaUrl: "/media/image/carol-1.jpg",
        createdAt: hoursAgo(1),
      }),
    ]),
  ];
}
