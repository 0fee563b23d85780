export const postKeys = {
  all: ["posts"] as const,
  /** Every paged list of posts; each holds `InfiniteData<PostsPage>`. */
  lists: () => [...postKeys.all, "list"] as const,
  feed: () => [...postKeys.lists(), "feed"] as const,
  /** Every single post; each holds a `Post`. */
  details: () => [...postKeys.all, "detail"] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
};
