import { STORY_LIFETIME_MS, type Story, type StoryGroup, type StoryViewer } from "@flik/shared";
import type { StoryRead } from "./stories.queries.js";

/** Story of spec §3 as the viewer sees it: fields named one by one, so a new column never leaks. */
export function presentStory({ story, author, viewed }: StoryRead, viewerId: string): Story {
  return {
    _id: story.id,
    user: { _id: author.id, username: author.username, fullName: author.fullName, avatar: author.avatar },
    mediaType: story.mediaType === "video" ? "video" : "image",
    mediaUrl: story.mediaUrl,
    viewersCount: story.viewersCount,
    // The owner's own stories are never marked viewed (spec §6), and never show as unseen either.
    viewed: story.userId === viewerId || viewed,
    createdAt: story.createdAt.toISOString(),
    expiresAt: new Date(story.createdAt.getTime() + STORY_LIFETIME_MS).toISOString(),
  };
}

export function presentViewer(row: {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  viewedAt: Date;
}): StoryViewer {
  return {
    _id: row._id,
    username: row.username,
    fullName: row.fullName,
    avatar: row.avatar,
    viewedAt: row.viewedAt.toISOString(),
  };
}

/**
 * The strip's groups (the contract's order): the viewer's own first, then authors with stories the
 * viewer has not seen, then those seen in full, each part by its newest story, newest first. Within a
 * group, oldest first (the order they play in), as the rows come.
 */
export function groupStories(rows: StoryRead[], viewerId: string): StoryGroup[] {
  const byAuthor = new Map<string, StoryGroup>();
  for (const row of rows) {
    const story = presentStory(row, viewerId);
    const group = byAuthor.get(story.user._id);
    if (group) {
      group.stories.push(story);
      group.allViewed &&= story.viewed;
    } else byAuthor.set(story.user._id, { user: story.user, stories: [story], allViewed: story.viewed });
  }
  const newestOf = (group: StoryGroup) => group.stories.at(-1)?.createdAt ?? "";
  const rank = (group: StoryGroup) => (group.user._id === viewerId ? 0 : group.allViewed ? 2 : 1);
  return [...byAuthor.values()].sort(
    (a, b) =>
      rank(a) - rank(b) || newestOf(b).localeCompare(newestOf(a)) || a.user._id.localeCompare(b.user._id),
  );
}
