import { useInfiniteQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { type FollowListKind, followKeys } from "./follow-keys";
import { fetchFollowList } from "./follows.api";

export function useFollowListQuery(kind: FollowListKind, userId: string) {
  return useInfiniteQuery({
    queryKey: followKeys.list(kind, userId),
    queryFn: ({ pageParam, signal }) => fetchFollowList(kind, userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A private account stays private on a retry.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    staleTime: 0,
  });
}
