/**
 * The time as the server counts it, as near as this device can tell. A device clock set wrong (hours
 * fast, a day slow) would drop stories that still have hours to live, or call a post made a minute ago
 * "Yesterday": the times the server gives are read against its clock instead, which each of its answers
 * tells in its Date header. That is to the second, all these times need; a device within a few seconds
 * of it is taken as right, so its own clock's finer steps are kept.
 */
const TRUSTED_SKEW_MS = 10_000;

let offsetMs = 0;
const listeners = new Set<() => void>();

/** An answer's Date header, received at `receivedAt` by this device's clock. */
export function noteServerDate(header: string | null, receivedAt = Date.now()): void {
  const serverTime = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(serverTime)) return;
  const skew = serverTime - receivedAt;
  const next = Math.abs(skew) > TRUSTED_SKEW_MS ? skew : 0;
  // Within the header's second of the last, it is the same clock: nothing shown moves for it.
  if (Math.abs(next - offsetMs) < 2_000) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** Hears when the server's clock is found to differ from before (a clock that shows it reads it again). */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Now, in milliseconds since the epoch, by the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
