import type { QueryClient } from "@tanstack/react-query";
import { postFoundGone } from "../../posts/hooks/post-found-gone";
import { removeCachedFlick } from "../cache/flick-cache";

/**
 * Whether a call about a flick found it gone for the member since it was shown (a 404: deleted, or its
 * author went private or blocked them). Then it is said as for a post (spec §10) and the flick leaves the
 * feed, its link's screen and every post list; its comments panel closes with it.
 */
export function flickFoundGone(queryClient: QueryClient, id: string, error: unknown): boolean {
  if (!postFoundGone(queryClient, id, error)) return false;
  removeCachedFlick(queryClient, id);
  return true;
}
