import { useQueryClient } from "@tanstack/react-query";
import { missedOnConnect } from "../../realtime/catch-up";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { storyKeys } from "../api/story-keys";
import { addCachedStory, addCachedViewer, removeCachedStory } from "../cache/stories-cache";

/**
 * Applies the server's live story events to the cached strip (and an open viewers list): stories of
 * followed members appear and go as they are posted and deleted, and the owner's counts move as they are
 * opened. On every connect, the first too, the strip is fetched again: what happened while the socket
 * was away, or before it first joined the member's room, was never sent. A story posted or deleted
 * while the strip is on its way is fetched again after it.
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
    {
      onCatchUp: () =>
        void queryClient.invalidateQueries({
          queryKey: storyKeys.all,
          predicate: missedOnConnect,
        }),
      writesTo: { newStory: storyKeys.tray(), storyDeleted: storyKeys.tray() },
    },
  );
}

/** Mount once inside the signed-in area. */
export function StoriesLiveUpdates() {
  useStoriesLiveUpdates();
  return null;
}
