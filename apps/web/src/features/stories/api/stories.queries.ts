import type { StoryGroup } from "@flik/shared";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "../../../lib/api-client";
import { serverNow } from "../../../lib/server-clock";
import { getToken, getUserId } from "../../../lib/storage";
import { nextExpiry, removeExpiredStories } from "../cache/stories-cache";
import { fetchMemberStories, fetchStories, fetchStoryArchive, fetchStoryViewers } from "./stories.api";
import { storyKeys } from "./story-keys";

/**
 * GET /stories, shared by the feed's strip, the profile's ring and the viewer. Live events keep it
 * current (useStoriesLiveUpdates), so it is not asked again on every visit.
 */
export function useStoriesQuery() {
  const query = useQuery({
    queryKey: storyKeys.tray(),
    queryFn: ({ signal }) => fetchStories(signal),
    enabled: !!getToken(),
    staleTime: 60_000,
  });
  useDropExpiredStories(query.data);
  return query;
}

/**
 * Each story leaves when its 24 hours are up: the server's expiry sends no event, and a feed left open
 * (or a viewer on the story) would show it on. Timed to the first to go, again after each change.
 */
function useDropExpiredStories(groups: StoryGroup[] | undefined): void {
  const queryClient = useQueryClient();
  const expiry = groups ? nextExpiry(groups) : null;
  useEffect(() => {
    if (expiry === null) return;
    const drop = () => removeExpiredStories(queryClient);
    // A little after the moment, as a timer may fire a hair early; and on coming back to the page,
    // as a sleeping laptop's timers wait.
    const timer = setTimeout(drop, Math.max(0, expiry - serverNow()) + EXPIRY_MARGIN_MS);
    window.addEventListener("focus", drop);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("focus", drop);
    };
  }, [queryClient, expiry]);
}

const EXPIRY_MARGIN_MS = 250;

/** Who opened the member's own story, newest first; storyViewed adds to it live. */
export function useStoryViewersQuery(storyId: string) {
  return useQuery({
    queryKey: storyKeys.viewers(storyId),
    queryFn: ({ signal }) => fetchStoryViewers(storyId, signal),
  });
}

/**
 * A member's live stories (their profile's ring), if they have any: the strip's group when they are in
 * it (kept live by its events), else read for them (GET /stories/user/{username}), as Instagram shows a
 * public account's ring to anyone. `null` asks for no one.
 */
export function useMemberStories(member: { _id: string; username: string } | null): StoryGroup | undefined {
  const tray = useStoriesQuery();
  const inStrip = member ? tray.data?.find((group) => group.user._id === member._id) : undefined;
  const own = useQuery({
    queryKey: storyKeys.member(member?.username ?? ""),
    queryFn: ({ signal }) => fetchMemberStories(member?.username ?? "", signal),
    // The member's own stories are always in their strip: none there means none at all.
    enabled: !!member && member._id !== getUserId() && !!getToken() && tray.isSuccess && !inStrip,
    staleTime: 60_000,
  });
  useDropExpiredStories(inStrip ? undefined : own.data);
  // Read again after a view found her story gone: a 404 is a member hidden from this one now (she
  // blocked them), whose stories read before must not play on.
  if (own.error instanceof ApiError && own.error.status === 404) return inStrip;
  return inStrip ?? own.data?.[0];
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
