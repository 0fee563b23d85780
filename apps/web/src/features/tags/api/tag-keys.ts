import { postKeys } from "../../posts/api/post-keys";

export const tagKeys = {
  all: ["tags"] as const,
  /** Tags matching a search text; holds `Tag[]`. */
  search: (q: string) => [...tagKeys.all, "search", q] as const,
  /** Tags used more than usual in the last 24 h; holds `TrendingTag[]`. */
  trending: () => [...tagKeys.all, "trending"] as const,
  /**
   * A tag page's posts: among the post lists, so a like, an edit or a deletion anywhere shows there too.
   * Holds `InfiniteData<TagPageResponse>`.
   */
  posts: (name: string) => [...postKeys.lists(), "tag", name] as const,
};
