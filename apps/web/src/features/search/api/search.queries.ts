import type { ExploreTab, Poll } from "@flik/shared";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { fetchCurrentPoll, fetchExplorePage, searchEverything } from "./search.api";
import { searchKeys } from "./search-keys";

/** Members, posts and tags for `q`, already debounced and long enough (the caller decides both). */
export function useSearchResultsQuery(q: string, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => searchEverything(q, signal),
    enabled,
    // While the next text's answer comes, the last one stays (dimmed) instead of blinking to skeletons.
    placeholderData: keepPreviousData,
    // Asked offline, it fails ("Couldn't search right now.", Try again) instead of waiting paused on
    // "Searching..." with nothing said until the network comes back.
    networkMode: "always",
  });
}

export function useExploreQuery(tab: ExploreTab) {
  return useInfiniteQuery({
    queryKey: searchKeys.explore(tab),
    queryFn: ({ pageParam, signal }) => fetchExplorePage(tab, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** No poll is running: the card steps aside. */
export function isNoPoll(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function usePollQuery() {
  return useQuery<Poll>({
    queryKey: searchKeys.poll(),
    queryFn: ({ signal }) => fetchCurrentPoll(signal),
  });
}
