import { vi } from "vitest";

/**
 * How long a test waits for the screen to settle (findBy…, waitFor, waitUntil). The libraries' 1 s is
 * a guess about machine speed: on a busy machine (a loaded CI runner, parallel workers) rendering alone
 * can take longer, and tests then fail for no fault of the app. Tests about timing use fake timers, so
 * a generous limit only costs time when a test fails anyway.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;

/** `vi.waitFor` (it advances fake timers as it polls) with the suite's limit instead of its 1 s. */
export function waitUntil<T>(callback: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(callback, { timeout: ASYNC_UTIL_TIMEOUT_MS });
}
