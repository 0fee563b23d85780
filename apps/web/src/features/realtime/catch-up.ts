import type { Query } from "@tanstack/react-query";
import { ApiError } from "../../lib/api-client";

/**
 * Which queries a feature asks again on a connect, for the events it could not have heard while the
 * socket was away or connecting (spec: at most once): every one but a refusal (a 404, a 403), which no
 * event changes and asking again would only repeat. A failure to reach the server is asked again.
 */
export function missedOnConnect(query: Query): boolean {
  const { status, error } = query.state;
  return !(status === "error" && error instanceof ApiError && error.status < 500);
}
