export const followRequestKeys = {
  all: ["follow-requests"] as const,
  /** The member's incoming requests, newest first: `InfiniteData<FollowRequestsPage>`. */
  list: () => [...followRequestKeys.all, "list"] as const,
};
