export const postKeys = {
  all: ["posts"] as const,
  /** Every paged list of posts; each holds `InfiniteData<PostsPage>`. */
  lists: () => [...postKeys.all, "list"] as const,
  feed: () => [...postKeys.lists(), "feed"] as const,
  /**
   * Every other answer that shows posts beside other things (a search's members, posts and tags); each
   * holds `{posts: Post[]}` with its other fields, so an edit or a deletion shows there too.
   */
  found: () => [...postKeys.all, "found"] as const,
  /** The mutation key of our own deletes, whose variables are the post's id. */
  deleting: () => [...postKeys.all, "deleting"] as const,
  /** Every single post; each holds a `Post`. */
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  /**
   * A post's comments older than those it carries, from its `commentsCursor`: `InfiniteData<PostCommentsPage>`.
   * Keyed by that cursor, so a post read again with another window of newest comments starts afresh.
   */
  olderComments: (id: string, cursor: string) => [...postKeys.olderCommentsOf(id), cursor] as const,
  /** Every older-comments list of one post, whatever its cursor. */
  olderCommentsOf: (id: string) => [...postKeys.all, "older-comments", id] as const,
};
