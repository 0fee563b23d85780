import type { ClientToServerEvents } from "@flik/shared";
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

export type JoinUserAnswer = Parameters<NonNullable<Parameters<ClientToServerEvents["joinUser"]>[1]>>[0];

/**
 * Whether the features must read again after a connect (their `onCatchUp`). After a reconnect, always:
 * whatever came while away went to no one. After a socket's first connect, only if the server cannot
 * vouch that the member's rooms heard nothing since before this page's first read (`pageAgeMs`, taken
 * when the answer came, is longer than the time since then as the server counts it): a page loaded as
 * the socket connected reads its screens once, not twice, unless something happened meanwhile.
 */
export function mayHaveMissed(answer: JoinUserAnswer, firstConnect: boolean, pageAgeMs: number): boolean {
  if (!firstConnect || !answer.ok) return true;
  return !(typeof answer.quietForMs === "number" && answer.quietForMs >= pageAgeMs);
}
