import type { Story, StoryArchivePage, StoryGroup, StoryViewer, StoryViewersResponse } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { serverNow } from "../../../lib/server-clock";
import { getUserId } from "../../../lib/storage";
import { storyKeys } from "../api/story-keys";

function regroup(group: StoryGroup, stories: Story[]): StoryGroup {
  return { ...group, stories, allViewed: stories.every((story) => story.viewed) };
}

/**
 * The groups with `story` in its author's, in play order (oldest first). A group that gains an unseen
 * story moves up to where the server would put it: after the member's own, before the seen ones.
 */
export function withStory(groups: StoryGroup[], story: Story, meId: string | null): StoryGroup[] {
  if (groups.some((group) => group.stories.some((item) => item._id === story._id))) return groups;
  const existing = groups.find((group) => group.user._id === story.user._id);
  const stories = [...(existing?.stories ?? []), story].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const group = regroup(existing ?? { user: story.user, stories: [], allViewed: true }, stories);
  const others = groups.filter((item) => item !== existing);
  if (story.user._id === meId) return [group, ...others];
  const ownFirst = others[0]?.user._id === meId ? 1 : 0;
  if (!group.allViewed || !existing) return others.toSpliced(ownFirst, 0, group);
  return groups.map((item) => (item === existing ? group : item));
}

/** The groups with only the stories `keep` keeps; a group left empty goes, an unchanged one stays as is. */
function withStoriesKept(groups: StoryGroup[], keep: (story: Story) => boolean): StoryGroup[] {
  if (groups.every((group) => group.stories.every(keep))) return groups;
  return groups.flatMap((group) => {
    const stories = group.stories.filter(keep);
    if (stories.length === group.stories.length) return [group];
    return stories.length > 0 ? [regroup(group, stories)] : [];
  });
}

/** The groups without the story; a group left empty goes. */
export function withoutStory(groups: StoryGroup[], storyId: string): StoryGroup[] {
  return withStoriesKept(groups, (story) => story._id !== storyId);
}

/**
 * The groups with one story changed in place. Groups never move here, so a viewer stepping through
 * them is not thrown elsewhere when the story it shows turns seen.
 */
export function withStoryPatched(
  groups: StoryGroup[],
  storyId: string,
  patch: (story: Story) => Story,
): StoryGroup[] {
  let changed = false;
  const next = groups.map((group) => {
    if (!group.stories.some((story) => story._id === storyId)) return group;
    changed = true;
    return regroup(
      group,
      group.stories.map((story) => (story._id === storyId ? patch(story) : story)),
    );
  });
  return changed ? next : groups;
}

/** When the first of the groups' stories expires (ms since the epoch), if they have any. */
export function nextExpiry(groups: StoryGroup[]): number | null {
  let soonest: number | null = null;
  for (const group of groups)
    for (const story of group.stories) {
      const at = Date.parse(story.expiresAt);
      if (soonest === null || at < soonest) soonest = at;
    }
  return soonest;
}

/**
 * How many live stories the member has, as the strip read them (it comes whole, and holds the member's
 * own group first); null before the strip is read.
 */
export function ownLiveStoriesCount(queryClient: QueryClient): number | null {
  const groups = queryClient.getQueryData<StoryGroup[]>(storyKeys.tray());
  if (!groups) return null;
  const now = serverNow();
  const own = groups.find((group) => group.user._id === getUserId());
  return own?.stories.filter((story) => Date.parse(story.expiresAt) > now).length ?? 0;
}

/** Stories past their 24 hours leave the strip and the viewer, as the server no longer gives them. */
export function removeExpiredStories(queryClient: QueryClient): void {
  const now = serverNow();
  updateEveryList(queryClient, (groups) =>
    withStoriesKept(groups, (story) => Date.parse(story.expiresAt) > now),
  );
}

function updateTray(queryClient: QueryClient, update: (groups: StoryGroup[]) => StoryGroup[]): void {
  queryClient.setQueryData<StoryGroup[]>(storyKeys.tray(), (groups) => groups && update(groups));
}

/**
 * The strip and each member's stories read for their profile: a story seen, deleted or expired, or a
 * member blocked, changes them all alike. (A new story joins the strip alone: a member's own list is
 * read afresh.)
 */
function updateEveryList(queryClient: QueryClient, update: (groups: StoryGroup[]) => StoryGroup[]): void {
  updateTray(queryClient, update);
  queryClient.setQueriesData<StoryGroup[]>(
    { queryKey: storyKeys.members() },
    (groups) => groups && update(groups),
  );
}

/** A new story (the member's own, or one the server sent live) joins the strip at once. */
export function addCachedStory(queryClient: QueryClient, story: Story): void {
  updateTray(queryClient, (groups) => withStory(groups, story, getUserId()));
  // The member's own archive starts with it; asked again (its cursors are the server's) when next shown.
  if (story.user._id === getUserId()) void queryClient.invalidateQueries({ queryKey: storyKeys.archive() });
}

export function removeCachedStory(queryClient: QueryClient, storyId: string): void {
  updateEveryList(queryClient, (groups) => withoutStory(groups, storyId));
  queryClient.removeQueries({ queryKey: storyKeys.viewers(storyId) });
  queryClient.setQueryData<InfiniteData<StoryArchivePage>>(storyKeys.archive(), (archive) =>
    archive?.pages.some((page) => page.stories.some((story) => story._id === storyId))
      ? {
          ...archive,
          pages: archive.pages.map((page) => ({
            ...page,
            stories: page.stories.filter((story) => story._id !== storyId),
          })),
        }
      : archive,
  );
}

/** The groups without the member's; unchanged when they had none. */
function withoutGroupOf(groups: StoryGroup[], userId: string): StoryGroup[] {
  return groups.some((group) => group.user._id === userId)
    ? groups.filter((group) => group.user._id !== userId)
    : groups;
}

/**
 * A member blocked: their stories leave the strip (the server no longer gives them), and the lists of
 * who saw the viewer's own stories are read again without them when next shown.
 */
export function removeCachedStoriesBy(queryClient: QueryClient, userId: string): void {
  updateEveryList(queryClient, (groups) => withoutGroupOf(groups, userId));
  void queryClient.invalidateQueries({ queryKey: [...storyKeys.all, "viewers"], refetchType: "none" });
}

/**
 * A member the viewer does not follow went private: her stories leave her profile's ring, and a viewer
 * playing them closes, as the server no longer gives them (nothing asked again: it would answer none).
 * The strip holds only the members one follows, who keep seeing hers.
 */
export function removeProfileStoriesOf(queryClient: QueryClient, userId: string): void {
  queryClient.setQueriesData<StoryGroup[]>(
    { queryKey: storyKeys.members() },
    (groups) => groups && withoutGroupOf(groups, userId),
  );
}

/** The viewer opened it: its ring turns muted (with its group's, once all are seen). */
export function markCachedStoryViewed(queryClient: QueryClient, storyId: string): void {
  updateEveryList(queryClient, (groups) =>
    withStoryPatched(groups, storyId, (story) => (story.viewed ? story : { ...story, viewed: true })),
  );
}

/** Someone opened one of the member's stories (storyViewed): the count, and the list if it is open. */
export function addCachedViewer(
  queryClient: QueryClient,
  storyId: string,
  viewer: StoryViewer,
  viewersCount: number,
): void {
  updateTray(queryClient, (groups) =>
    withStoryPatched(groups, storyId, (story) => ({ ...story, viewersCount })),
  );
  queryClient.setQueryData<StoryViewersResponse>(
    storyKeys.viewers(storyId),
    (data) =>
      data && {
        viewers: [viewer, ...data.viewers.filter((item) => item._id !== viewer._id)],
        viewersCount,
      },
  );
}
