import type { ExploreTab } from "@flik/shared";
import type { QueryKey } from "@tanstack/react-query";
import { postKeys } from "../../posts/api/post-keys";

export const searchKeys = {
  all: ["search"] as const,
  /**
   * Members, posts and tags found for one search text; holds `SearchResults`. Among the answers that
   * show posts, so an edit or a deletion anywhere shows there too.
   */
  results: (q: string) => [...postKeys.found(), "search", q] as const,
  /**
   * An explore tab's grid: among the post lists, so a like, an edit or a deletion anywhere shows there
   * too. Holds `InfiniteData<ExplorePage>`.
   */
  explore: (tab: ExploreTab) => [...postKeys.lists(), "explore", tab] as const,
  /** The explore poll; holds `Poll`. */
  poll: () => ["polls", "current"] as const,
};

/** The search text a `searchKeys.results` key holds (undefined for any other key). */
export function searchTextOf(key: QueryKey): string | undefined {
  const text = key.at(-1);
  return key.at(-2) === "search" && typeof text === "string" ? text : undefined;
}
