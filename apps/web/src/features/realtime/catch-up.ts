import type { JoinResult } from "@flik/shared";
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

/** A join's answer (joinUser, joinPostRoom) that may say how long its rooms were quiet. */
export type QuietAnswer = JoinResult<{ quietForMs?: number }>;

/**
 * How long ago this page began, by the longer of two clocks: the monotonic one stops while a device
 * sleeps, and a page put to sleep before its socket connected must not seem young when it wakes.
 */
export const pageAge = () => Math.max(performance.now(), Date.now() - performance.timeOrigin);

/**
 * Whether the features must read again after a connect (their `onCatchUp`), or what a room joined at
 * that connect brings. After a reconnect, always: whatever came while away went to no one. After a
 * socket's first connect, only if the server cannot vouch that the rooms heard nothing since before
 * this page's first read (`pageAgeMs`, taken when the answer came, is longer than the time since then as
 * the server counts it): a page loaded as the socket connected reads its screens once, not twice,
 * unless something happened meanwhile.
 */
export function mayHaveMissed(answer: QuietAnswer, firstConnect: boolean, pageAgeMs: number): boolean {
  if (!firstConnect || !answer.ok) return true;
  return !(typeof answer.quietForMs === "number" && answer.quietForMs >= pageAgeMs);
}
