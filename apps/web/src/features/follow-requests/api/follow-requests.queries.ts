import { useInfiniteQuery } from "@tanstack/react-query";
import { followRequestKeys } from "./follow-request-keys";
import { fetchFollowRequests } from "./follow-requests.api";

/** The member's incoming follow requests, newest first; `enabled` false asks nothing. */
export function useFollowRequestsQuery(enabled = true) {
  return useInfiniteQuery({
    queryKey: followRequestKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchFollowRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
    enabled,
  });
}
