import { QueryClient } from "@tanstack/react-query";
import { retriesTransientFailure } from "../lib/query-retry";

/**
 * A change is sent even when the browser says it is offline, and is never tried again by itself: it
 * fails at once, and its screen's failure handling (a message, a rollback) runs, as for likes and
 * follows. The default would hold it paused ("Posting...") with nothing said, and send it whenever the
 * connection came back.
 */
export const mutationDefaults = { retry: false, networkMode: "always" } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: retriesTransientFailure },
      mutations: mutationDefaults,
    },
  });
}
