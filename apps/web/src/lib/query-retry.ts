import { onlineManager } from "@tanstack/react-query";
import { ApiError, isTimeout } from "./api-client";

/**
 * A failed read is tried again twice (after 1 s, then 2 s) when the next try may pass: the network or
 * the server (5xx) failed, and the browser is online (a read the server took 30 s not to answer is not). A refusal (4xx: unknown, private, signed out, too
 * many) is final: retrying it would only hold the screen's answer back by seconds; so is a failure
 * offline (every read is asked offline too, app/query-client.ts): said at once, not after two more
 * tries that cannot pass.
 */
export function retriesTransientFailure(failureCount: number, error: unknown): boolean {
  return (
    onlineManager.isOnline() &&
    !(error instanceof ApiError && error.status < 500) &&
    // A read already waited API_TIMEOUT_MS: two more would hold the screen's answer for a minute and a half.
    !isTimeout(error) &&
    failureCount < 2
  );
}

/**
 * What a screen that could not load says to do about it: the server's own failure is no connection's
 * fault (a 5xx, or a 429 worth a wait), anything else most likely is. A 429's own words say how long
 * the wait is ("Please try again in 30 seconds."), which "in a moment" would hide.
 */
export function retryAdvice(error: unknown): string {
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError && (error.status >= 500 || error.status === 429))
    return "Something went wrong on our side. Please try again in a moment.";
  return "Check your connection and try again.";
}
