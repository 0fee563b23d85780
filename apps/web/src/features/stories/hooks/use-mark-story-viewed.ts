import type { Story } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError } from "../../../lib/api-client";
import { getUserId } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { viewStory } from "../api/stories.api";
import { storyKeys } from "../api/story-keys";
import { markCachedStoryViewed, removeCachedStory } from "../cache/stories-cache";

export const STORY_NOT_AVAILABLE = "This story isn't available anymore.";

/**
 * Says that the author's stories went for this member. One toast per author while it shows: the view's
 * 404 and the viewer closing over the same loss both say it, and whichever comes second adds nothing.
 */
export function sayStoriesGone(authorId: string): void {
  toast.info(STORY_NOT_AVAILABLE, { toastId: `story-gone-${authorId}` });
}

/**
 * Spec §4 and §6: opening someone else's story marks it viewed, once; the member's own never are. The
 * ring turns muted at once; the server's view is idempotent, so a lost answer needs no retry here (the
 * strip's next load shows what it kept). A story the server no longer shows this member leaves at once.
 */
export function useMarkStoryViewed(story: Story | undefined): void {
  const queryClient = useQueryClient();
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (!story || story.viewed || story.user._id === getUserId() || sent.current.has(story._id)) return;
    sent.current.add(story._id);
    markCachedStoryViewed(queryClient, story._id);
    viewStory(story._id).catch((error) => {
      if (!(error instanceof ApiError && error.status === 404)) {
        console.warn("Marking the story viewed failed", error);
        return;
      }
      // Gone for this member since the strip was read: expired, deleted, or its author blocked them or
      // went private. It leaves the strip and the author's ring (an open viewer moves on), and both are
      // read again for the author's others: after a block or a lock, none, and the viewer closes rather
      // than replay hers. Said, or the viewer closing at once would look like a fault.
      sayStoriesGone(story.user._id);
      removeCachedStory(queryClient, story._id);
      void queryClient.invalidateQueries({ queryKey: storyKeys.tray() });
      void queryClient.invalidateQueries({ queryKey: storyKeys.member(story.user.username) });
    });
  }, [story, queryClient]);
}
