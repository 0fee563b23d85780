import type { ExploreTab, Poll } from "@flik/shared";
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import {
  fetchCurrentPoll,
  fetchExplorePage,
  type MorePage,
  type PagedKind,
  type SearchResults,
  type ShownCounts,
  searchEverything,
  searchMore,
} from "./search.api";
import { searchKeys, searchTextOf } from "./search-keys";

/** Members, posts and tags for `q`, already debounced and long enough (the caller decides both). */
export function useSearchResultsQuery(q: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => searchEverything(q, signal, shownCounts(queryClient, q)),
    enabled,
    // While the next text's answer comes, the last one stays (dimmed) instead of blinking to skeletons:
    // only while the member goes on typing (or deleting) that text. Another text's results, kept from
    // before the box was cleared, would be found under words they have nothing to do with.
    placeholderData: (previous, previousQuery) =>
      continuesSearch(searchTextOf(previousQuery?.queryKey ?? []), q) ? previous : undefined,
    // Asked offline, it fails ("Couldn't search right now.", Try again) instead of waiting paused on
    // "Searching..." with nothing said until the network comes back.
    networkMode: "always",
  });
}

/** Whether `next` goes on from the search text `last`: one starts the other, as typing or deleting leaves it. */
function continuesSearch(last: string | undefined, next: string): boolean {
  const [a, b] = [(last ?? "").trim().toLowerCase(), next.trim().toLowerCase()];
  return a !== "" && b !== "" && (a.startsWith(b) || b.startsWith(a));
}

/** What "Show more" added: the answer it made, and the first result it brought (null: none new). */
export interface MoreResults {
  results: SearchResults;
  firstNewId: string | null;
}

/** How many members and posts the answer held for `q` shows (none before the first). */
function shownCounts(queryClient: QueryClient, q: string): ShownCounts {
  const shown = queryClient.getQueryData<SearchResults>(searchKeys.results(q));
  return { members: shown?.members.length ?? 0, posts: shown?.posts.length ?? 0 };
}

/** Those of `items` not among `shown` (a live change may have moved one onto the next page). */
function notShown<Item extends { _id: string }>(shown: readonly Item[], items: readonly Item[]): Item[] {
  const ids = new Set(shown.map((item) => item._id));
  return items.filter((item) => !ids.has(item._id));
}

/** `more`'s page after what `results` shows of its kind. */
function withMore(results: SearchResults, more: MorePage): MoreResults {
  const next = { ...results.next, [more.kind]: more.page.nextCursor };
  if (more.kind === "members") {
    const added = notShown(results.members, more.page.items);
    return {
      results: { ...results, members: [...results.members, ...added], next },
      firstNewId: added[0]?._id ?? null,
    };
  }
  const added = notShown(results.posts, more.page.items);
  return {
    results: { ...results, posts: [...results.posts, ...added], next },
    firstNewId: added[0]?._id ?? null,
  };
}

/**
 * "Show more" of one kind of a text's results: its next page joins the answer held for that text, so the
 * live post caches patch what it brought as the rest (a like, an edit, a deletion), and the answer asked
 * again reads as many.
 */
export function useShowMoreResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ q, kind }: { q: string; kind: PagedKind }): Promise<MoreResults | null> => {
      const key = searchKeys.results(q);
      const cursor = queryClient.getQueryData<SearchResults>(key)?.next[kind];
      if (!cursor) return null;
      const more = await searchMore(q, kind, cursor);
      // A read of the answer already on its way counted the results before this page: it would drop it.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const shown = queryClient.getQueryData<SearchResults>(key);
      if (!shown) return null;
      const added = withMore(shown, more);
      // The answer as the cache holds it (a copy of what was set): the one the screen then shows.
      return {
        ...added,
        results: queryClient.setQueryData<SearchResults>(key, added.results) ?? added.results,
      };
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
