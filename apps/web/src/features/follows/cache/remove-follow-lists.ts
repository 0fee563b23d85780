import type { QueryClient } from "@tanstack/react-query";
import { followKeys } from "../api/follow-keys";

/**
 * Lets go of a member's followers and following as read so far (she went private, and the viewer does
 * not follow her: spec §10 shows them to her followers alone), so that none opens again from the cache.
 * Kept apart from follow-cache, which the first screen loads: only a profile that locks needs it.
 */
export function removeFollowListsOf(queryClient: QueryClient, userId: string): void {
  for (const kind of ["followers", "following"] as const)
    queryClient.removeQueries({ queryKey: followKeys.list(kind, userId), exact: true });
}
