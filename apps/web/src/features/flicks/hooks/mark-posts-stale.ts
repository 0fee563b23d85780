import type { QueryClient } from "@tanstack/react-query";
import { postKeys } from "../../posts/api/post-keys";

/**
 * A flick is a post, shown also in the post feed and profile grids. Those screens are not on show here,
 * so their copies are only marked stale: they load afresh when next opened, with nothing fetched now.
 */
export function markPostsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: "none" });
}
