import { QueryClient } from "@tanstack/react-query";
import { retriesTransientFailure } from "../lib/query-retry";

/**
 * A change is sent even when the browser says it is offline, and is never tried again by itself: it
 * fails at once, and its screen's failure handling (a message, a rollback) runs, as for likes and
 * follows. The default would hold it paused ("Posting...") with nothing said, and send it whenever the
 * connection came back.
 */
export const mutationDefaults = { retry: false, networkMode: "always" } as const;

/**
 * A read is asked even when the browser says it is offline: it fails at once, and its screen says it
 * could not load, with Try again, where the default would hold it paused on its loading text with nothing
 * said. When the connection comes back, a read that failed is asked again by itself (refetchOnReconnect:
 * it has no data, so it is stale), and the screen fills in.
 */
export const queryDefaults = {
  staleTime: 30_000,
  refetchOnWindowFocus: false,
  retry: retriesTransientFailure,
  networkMode: "always",
  // Which networkMode "always" would turn off by default.
  refetchOnReconnect: true,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: queryDefaults,
      mutations: mutationDefaults,
    },
  });
}
