import { useInfiniteQuery } from "@tanstack/react-query";
import { type FollowListKind, followKeys } from "./follow-keys";
import { fetchFollowList } from "./follows.api";

export function useFollowListQuery(kind: FollowListKind, userId: string) {
  return useInfiniteQuery({
    queryKey: followKeys.list(kind, userId),
    queryFn: ({ pageParam, signal }) => fetchFollowList(kind, userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}
