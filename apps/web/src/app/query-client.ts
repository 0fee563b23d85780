import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

/**
 * A failed read is tried again twice (after 1 s, then 2 s) when the next try may pass: the network or
 * the server (5xx) failed. A refusal (4xx: unknown, private, signed out, too many) is final: retrying it
 * would only hold the screen's answer back by seconds.
 */
function retriesTransientFailure(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500) && failureCount < 2;
}

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
