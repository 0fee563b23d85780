import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { storyKeys } from "../api/story-keys";
import { addCachedStory, addCachedViewer, removeCachedStory } from "../cache/stories-cache";

/**
 * Applies the server's live story events to the cached strip (and an open viewers list): stories of
 * followed members appear and go as they are posted and deleted, and the owner's counts move as they are
 * opened. After a reconnect the strip is fetched again: what happened meanwhile was never sent.
 */
export function useStoriesLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvents(
    {
      newStory: ({ story }) => addCachedStory(queryClient, story),
      storyDeleted: ({ storyId }) => removeCachedStory(queryClient, storyId),
      storyViewed: ({ storyId, viewer, viewersCount }) =>
        addCachedViewer(queryClient, storyId, viewer, viewersCount),
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: storyKeys.all }) },
  );
}

/** Mount once inside the signed-in area. */
export function StoriesLiveUpdates() {
  useStoriesLiveUpdates();
  return null;
}
