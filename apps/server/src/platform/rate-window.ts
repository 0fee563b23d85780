/**
 * Counts actions per key in fixed windows (a minute unless told), in this process: enough to stop one
 * member from flooding a chat or the server's sockets, without a round trip to a shared store each time.
 */
export function createRateWindow(
  limit: number,
  { windowMs = 60_000, now = () => Date.now() }: { windowMs?: number; now?: () => number } = {},
) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let sweptAt = now();
  return {
    /** Counts one action for `key`; false when the key has used up its window. */
    take(key: string): boolean {
      const time = now();
      if (time - sweptAt > windowMs) {
        for (const [k, window] of windows) if (time - window.startedAt >= windowMs) windows.delete(k);
        sweptAt = time;
      }
      const window = windows.get(key);
      if (!window || time - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}
