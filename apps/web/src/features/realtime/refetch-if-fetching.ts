import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The least time between two fetches a query is given for events: while events keep coming faster
 * than its answers, it is fetched again once a second rather than back to back.
 */
export const REFETCH_GAP_MS = 1000;

/** Queries due to be fetched again, and when each was last fetched again. */
const due = new WeakSet<Query>();
const lastRefetch = new WeakMap<Query, number>();

/**
 * A live event written into a query's cache while that query is being fetched is lost when the fetch
 * lands: its answer may have been read before the event and replaces the cache (a further page of an
 * infinite list, too, is added to the pages held when its fetch began). So each such query is fetched
 * once more after that fetch: the server sends an event only after storing what it says, so the new
 * read holds it. Events during one fetch share one more fetch, and the fetch in flight is let land
 * rather than cut short at each event, so a busy chat cannot keep its history from loading. Events
 * that come while a query is at rest stay as written.
 */
export function refetchIfFetching(queryClient: QueryClient, queryKey: QueryKey): void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey, fetchStatus: "fetching" })) {
    if (due.has(query)) continue;
    due.add(query);
    const unsubscribe = cache.subscribe(() => {
      const removed = cache.get(query.queryHash) !== query;
      if (!removed && query.state.fetchStatus !== "idle") return;
      unsubscribe();
      const wait = (lastRefetch.get(query) ?? Number.NEGATIVE_INFINITY) + REFETCH_GAP_MS - Date.now();
      setTimeout(
        () => {
          due.delete(query);
          if (cache.get(query.queryHash) !== query) return;
          lastRefetch.set(query, Date.now());
          void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        },
        Math.max(0, wait),
      );
    });
  }
}
