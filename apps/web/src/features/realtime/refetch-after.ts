import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The least time between two fetches a query is given for events: while events keep coming faster
 * than its answers, it is fetched again once a second rather than back to back.
 */
export const REFETCH_GAP_MS = 1000;

/** Queries due to be fetched again, and when each was last fetched again. */
const due = new WeakSet<Query>();
const lastRefetch = new WeakMap<Query, number>();

/** A query being fetched when an event came, with that fetch's promise. */
interface FetchInFlight {
  query: Query;
  promise: Promise<unknown> | undefined;
}

/** The fetches in flight under `queryKey` now: taken as an event comes, before its handler runs. */
function fetchesInFlight(queryClient: QueryClient, queryKey: QueryKey): FetchInFlight[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: "fetching" })
    .map((query) => ({ query, promise: query.promise }));
}

/**
 * A live event written into a query's cache while that query is being fetched is lost when the fetch
 * lands: its answer may have been read before the event and replaces the cache (a further page of an
 * infinite list, too, is added to the pages held when its fetch began). So each query that was being
 * fetched when the event came (`fetchesInFlight`) is fetched once more after that fetch: the server
 * sends an event only after storing what it says, so the new read holds it. Events during one fetch
 * share one more fetch, and the fetch in flight is let land rather than cut short at each event, so a
 * busy chat cannot keep its history from loading. Events that come while a query is at rest stay as
 * written, and a query the event's handler fetched again itself (a new fetch, so a new promise) is
 * left alone: that fetch began after the event and holds it.
 */
function refetchAfter(queryClient: QueryClient, inFlight: FetchInFlight[]): void {
  const cache = queryClient.getQueryCache();
  for (const { query, promise } of inFlight) {
    if (due.has(query) || query.promise !== promise) continue;
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

/**
 * Runs a live event's handler, which writes the event into the queries under `written` (or asks for
 * them again), and keeps what it wrote (`refetchAfter`). The fetches in flight are taken before the
 * handler runs: one it starts itself holds the event.
 */
export function keepEventWritten(
  queryClient: QueryClient,
  written: QueryKey | undefined,
  handler: () => void,
) {
  const inFlight = written ? fetchesInFlight(queryClient, written) : [];
  handler();
  refetchAfter(queryClient, inFlight);
}
