import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { deleteStory } from "../api/stories.api";
import { removeCachedStory } from "../cache/stories-cache";

export const CONFIRM_DELETE_STORY = "Are you sure you want to delete this story?";

/**
 * Owner-only (spec §6); the caller confirms first. `onDeleted` is told before the story leaves the cache,
 * so a viewer showing the member's last story can close instead of moving on to someone else's. It
 * answers true when the screen tells the member itself: a viewer going on to the next story, whose
 * header a toast would cover (a phone's toasts are at the top).
 */
export function useDeleteStory(onDeleted?: (id: string) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteStory(id),
    onSuccess: (_, id) => {
      const toldHere = onDeleted?.(id) ?? false;
      removeCachedStory(queryClient, id);
      if (!toldHere) toast.success("Story deleted");
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to delete story")),
  });
}
