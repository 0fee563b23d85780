/**
 * Counts actions per key in fixed one-minute windows, in this process: enough to stop one member from
 * flooding a chat, without a round trip to a shared store on every message.
 */
export function createRateWindow(limitPerMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let sweptAt = now();
  return {
    /** Counts one action for `key`; false when the key has used up its minute. */
    take(key: string): boolean {
      const time = now();
      if (time - sweptAt > 60_000) {
        for (const [k, window] of windows) if (time - window.startedAt >= 60_000) windows.delete(k);
        sweptAt = time;
      }
      const window = windows.get(key);
      if (!window || time - window.startedAt >= 60_000) {
        windows.set(key, { startedAt: time, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limitPerMinute;
    },
  };
}
