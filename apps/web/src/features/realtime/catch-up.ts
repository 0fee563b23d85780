import type { Query } from "@tanstack/react-query";
import { ApiError } from "../../lib/api-client";

/**
 * Which queries a feature asks again on a connect, for the events it could not have heard while the
 * socket was away or connecting (spec: at most once): every one but a refusal (a 404, a 403), which
 * asking again at once would only repeat (what could change it, a follow accepted, has its own event).
 * A failure to reach the server, or a passing one (429, 5xx), is asked again.
 */
export function missedOnConnect(query: Query): boolean {
  const { status, error } = query.state;
  return !(status === "error" && error instanceof ApiError && (error.status === 403 || error.status === 404));
}
