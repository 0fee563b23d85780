import { QueryClient } from "@tanstack/react-query";
import { retriesTransientFailure } from "../lib/query-retry";

/**
 * A change is sent even when the browser says it is offline, and is never tried again by itself: it
 * fails at once, and its screen's failure handling (a message, a rollback) runs, as for likes and
 * follows. The default would hold it paused ("Posting...") with nothing said, and send it whenever the
 * connection came back.
 */
const mutationDefaults = { retry: false, networkMode: "always" } as const;

/**
 * A read is asked even when the browser says it is offline: one with nothing to show yet fails at once
 * and its screen says so, with Try again, where the default would hold its skeleton, saying nothing,
 * until the connection came back. A read again that fails keeps what was shown (each screen shows its
 * error only without data), and every screen's reads are asked again when the connection comes back.
 */
const queryNetworkMode = "offlineFirst";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retriesTransientFailure,
        networkMode: queryNetworkMode,
      },
      mutations: mutationDefaults,
    },
  });
}
