import type { QueryClient } from "@tanstack/react-query";
import { type RequestAnswer, updateCachedRequests } from "./follow-requests-cache";

// Apart from follow-requests-cache (which the app-wide live updates bring into every page): only the
// screens that answer requests use these.

/** Marks the request of `userId` answered (or, with undefined, not) where it is in the loaded list. */
export function setCachedRequestAnswer(
  queryClient: QueryClient,
  userId: string,
  answered: RequestAnswer | undefined,
): void {
  updateCachedRequests(
    queryClient,
    (request) => request._id === userId,
    (request) => ({ ...request, answered }),
  );
}

/** Takes this tab's answered requests out of the loaded list (the screen they were answered on is left). */
export function dropAnsweredRequests(queryClient: QueryClient): void {
  updateCachedRequests(
    queryClient,
    (request) => request.answered !== undefined,
    () => null,
  );
}
