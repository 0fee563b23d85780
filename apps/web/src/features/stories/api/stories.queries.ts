import type { StoryGroup } from "@flik/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { getToken } from "../../../lib/storage";
import { fetchStories, fetchStoryArchive, fetchStoryViewers } from "./stories.api";
import { storyKeys } from "./story-keys";

/**
 * GET /stories, shared by the feed's strip, the profile's ring and the viewer. Live events keep it
 * current (useStoriesLiveUpdates), so it is not asked again on every visit.
 */
export function useStoriesQuery() {
  return useQuery({
    queryKey: storyKeys.tray(),
    queryFn: ({ signal }) => fetchStories(signal),
    enabled: !!getToken(),
    staleTime: 60_000,
  });
}

/** Who opened the member's own story, newest first; storyViewed adds to it live. */
export function useStoryViewersQuery(storyId: string) {
  return useQuery({
    queryKey: storyKeys.viewers(storyId),
    queryFn: ({ signal }) => fetchStoryViewers(storyId, signal),
  });
}

/** A member's live stories as the strip has them (their profile's ring), if they have any. */
export function useMemberStories(userId: string): StoryGroup | undefined {
  return useStoriesQuery().data?.find((group) => group.user._id === userId);
}

/** Whole rows of the archive's grid (two, three or four across). */
export const STORY_ARCHIVE_PAGE_SIZE = 24;

/**
 * The member's own stories, live and expired, newest first (GET /stories/archive). Their own upload and
 * delete keep it current (stories-cache), so the picker opens on what it had.
 */
export function useStoryArchiveQuery() {
  return useInfiniteQuery({
    queryKey: storyKeys.archive(),
    queryFn: ({ pageParam, signal }) => fetchStoryArchive(pageParam, STORY_ARCHIVE_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
