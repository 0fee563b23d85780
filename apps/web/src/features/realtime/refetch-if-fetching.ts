import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";

/** Queries already due to be fetched again once their fetch in flight lands. */
const due = new WeakSet<Query>();

/**
 * A live event written into a query's cache while that query is being fetched is lost when the fetch
 * lands: its answer may have been read before the event and replaces the cache (a further page of an
 * infinite list, too, is added to the pages held when its fetch began). So each such query is fetched
 * once more after that fetch: the server sends an event only after storing what it says, so the new
 * read holds it. Events during one fetch share one more fetch, and no fetch is cut short, so a busy
 * chat cannot keep its history from loading. A query at rest keeps the event as written.
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
      due.delete(query);
      if (!removed) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    });
  }
}
