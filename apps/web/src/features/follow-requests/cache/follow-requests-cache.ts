import type { FollowRequest, FollowRequestsPage, User } from "@flik/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { userKeys } from "../../auth/api/user-keys";
import { followRequestKeys } from "../api/follow-request-keys";

type RequestPages = InfiniteData<FollowRequestsPage, string | null>;

/**
 * How this tab answered a request. An answered request keeps its row, saying so in place of Confirm and
 * Delete, until the list is left: nothing moves under the pointer, so a second click on the same spot
 * answers no one else's request.
 */
export type RequestAnswer = "confirmed" | "removed";
/** A request as the loaded list keeps it; `answered` is this tab's alone, never the server's. */
export type ListedFollowRequest = FollowRequest & { answered?: RequestAnswer };

/** Raises or lowers the member's follow request count (GET /user's followRequestsCount) in every copy. */
export function addToFollowRequestsCount(queryClient: QueryClient, delta: number): void {
  queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (me) =>
    me ? { ...me, followRequestsCount: Math.max(0, (me.followRequestsCount ?? 0) + delta) } : me,
  );
}

/** Changes the loaded requests that `match` (`update` returns the new one, or null to take it out). */
export function updateCachedRequests(
  queryClient: QueryClient,
  match: (request: ListedFollowRequest) => boolean,
  update: (request: ListedFollowRequest) => ListedFollowRequest | null,
): void {
  queryClient.setQueryData<RequestPages>(followRequestKeys.list(), (data) => {
    if (!data?.pages.some((page) => page.requests.some(match))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        requests: page.requests.flatMap((request) => (match(request) ? (update(request) ?? []) : request)),
      })),
    };
  });
}

/**
 * Takes the request of `userId` out of the loaded list (`unlessAnswered`: not one this tab answered, which
 * keeps its row).
 */
export function removeCachedRequest(
  queryClient: QueryClient,
  userId: string,
  { unlessAnswered = false } = {},
) {
  updateCachedRequests(
    queryClient,
    (request) => request._id === userId && !(unlessAnswered && request.answered),
    () => null,
  );
}
