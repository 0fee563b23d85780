import type { Post } from "@flik/shared";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { findCachedPost } from "../cache/post-cache";
import { postKeys } from "./post-keys";
import { fetchFeedPage, fetchPost } from "./posts.api";

export function useFeedQuery() {
  return useInfiniteQuery({
    queryKey: postKeys.feed(),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** An unknown, hidden or malformed id (all a 404): the post is not there for this member, retrying won't change it. */
export function isPostUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function usePostQuery(id: string) {
  const queryClient = useQueryClient();
  return useQuery<Post>({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => fetchPost(id, signal),
    // The feed's copy shows at once; the full post (all comments) replaces it when it arrives.
    placeholderData: () => findCachedPost(queryClient, id),
  });
}
