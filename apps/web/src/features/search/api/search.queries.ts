import type { ExploreTab, Poll } from "@flik/shared";
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import {
  fetchCurrentPoll,
  fetchExplorePage,
  type PagedKind,
  type SearchResults,
  searchEverything,
  searchMore,
} from "./search.api";
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

/** What "Show more" added: the answer it made, and the first result it brought (null: none new). */
export interface MoreResults {
  results: SearchResults;
  firstNewId: string | null;
}

/** `page` after what `results` shows of `kind`, each result once (a live change may repeat one). */
function withMore(results: SearchResults, kind: PagedKind, page: Awaited<ReturnType<typeof searchMore>>) {
  const shown = new Set<string>(results[kind].map((item) => item._id));
  const added = page.items.filter((item) => !shown.has(item._id));
  return {
    results: {
      ...results,
      [kind]: [...results[kind], ...added],
      next: { ...results.next, [kind]: page.nextCursor },
    },
    firstNewId: added[0]?._id ?? null,
  } as MoreResults;
}

/**
 * "Show more" of one kind of a text's results: its next page joins the answer held for that text, so the
 * live post caches patch what it brought as the rest (a like, an edit, a deletion).
 */
export function useShowMoreResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ q, kind }: { q: string; kind: PagedKind }): Promise<MoreResults | null> => {
      const key = searchKeys.results(q);
      const cursor = queryClient.getQueryData<SearchResults>(key)?.next[kind];
      if (!cursor) return null;
      const page = await searchMore(q, kind, cursor);
      const shown = queryClient.getQueryData<SearchResults>(key);
      if (!shown) return null;
      const more = withMore(shown, kind, page);
      // The answer as the cache holds it (a copy of what was set): the one the screen then shows.
      return { ...more, results: queryClient.setQueryData<SearchResults>(key, more.results) ?? more.results };
    },
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
