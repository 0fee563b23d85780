import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { tagKeys } from "./tag-keys";
import { fetchTagPage, fetchTrendingTags } from "./tags.api";

/** Trends change over hours, not seconds: a visit back to explore within minutes reuses them. */
const TRENDING_FRESH_MS = 5 * 60_000;

export function useTrendingTagsQuery() {
  return useQuery({
    queryKey: tagKeys.trending(),
    queryFn: ({ signal }) => fetchTrendingTags(signal),
    staleTime: TRENDING_FRESH_MS,
  });
}

/** An unknown tag: no post ever carried it; retrying won't change that. */
export function isTagUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function useTagPostsQuery(name: string) {
  return useInfiniteQuery({
    queryKey: tagKeys.posts(name),
    queryFn: ({ pageParam, signal }) => fetchTagPage(name, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
