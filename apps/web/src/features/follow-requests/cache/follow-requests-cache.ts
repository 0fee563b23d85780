import type { FollowRequest, FollowRequestsPage, User } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { userKeys } from "../../auth/api/user-keys";
import { followRequestKeys } from "../api/follow-request-keys";

type RequestPages = InfiniteData<FollowRequestsPage, string | null>;

/** Raises or lowers the member's follow request count (GET /user's followRequestsCount) in every copy. */
export function addToFollowRequestsCount(queryClient: QueryClient, delta: number): void {
  queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (me) =>
    me ? { ...me, followRequestsCount: Math.max(0, (me.followRequestsCount ?? 0) + delta) } : me,
  );
}

/** Takes the request of `userId` out of the loaded list; returns a function that puts it back. */
export function removeCachedRequest(queryClient: QueryClient, userId: string): () => void {
  let removed: { request: FollowRequest; page: number; index: number } | null = null;
  queryClient.setQueryData<RequestPages>(followRequestKeys.list(), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page, pageIndex) => {
      const index = page.requests.findIndex((request) => request._id === userId);
      const request = page.requests[index];
      if (!request) return page;
      removed = { request, page: pageIndex, index };
      return { ...page, requests: page.requests.filter((candidate) => candidate._id !== userId) };
    });
    return removed ? { ...data, pages } : data;
  });
  return () => {
    const taken = removed as { request: FollowRequest; page: number; index: number } | null;
    if (!taken) return;
    queryClient.setQueryData<RequestPages>(followRequestKeys.list(), (data) => {
      const page = data?.pages[taken.page];
      if (!data || !page || page.requests.some((request) => request._id === userId)) return data;
      return {
        ...data,
        pages: data.pages.with(taken.page, {
          ...page,
          requests: page.requests.toSpliced(Math.min(taken.index, page.requests.length), 0, taken.request),
        }),
      };
    });
  };
}
