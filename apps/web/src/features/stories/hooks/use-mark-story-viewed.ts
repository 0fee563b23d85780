import type { Story } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { getUserId } from "../../../lib/storage";
import { viewStory } from "../api/stories.api";
import { markCachedStoryViewed } from "../cache/stories-cache";

/**
 * Spec §4 and §6: opening someone else's story marks it viewed, once; the member's own never are. The
 * ring turns muted at once; the server's view is idempotent, so a lost answer needs no retry here (the
 * strip's next load shows what it kept).
 */
export function useMarkStoryViewed(story: Story | undefined): void {
  const queryClient = useQueryClient();
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (!story || story.viewed || story.user._id === getUserId() || sent.current.has(story._id)) return;
    sent.current.add(story._id);
    markCachedStoryViewed(queryClient, story._id);
    viewStory(story._id).catch((error) => console.warn("Marking the story viewed failed", error));
  }, [story, queryClient]);
}
