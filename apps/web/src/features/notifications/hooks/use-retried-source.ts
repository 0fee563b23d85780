import { useEffect, useState } from "react";

/**
 * How long after a failure a video's poster is asked for again: a video just shared is still being
 * processed, and its poster written only when that is done (seconds, for a long one a minute or so).
 * Few and further apart, so a list of such rows never becomes a storm of requests.
 */
export const POSTER_RETRY_DELAYS_MS = [3_000, 10_000, 30_000] as const;

interface Attempts {
  /** The source these attempts are for: another starts afresh. */
  of: string | null;
  /** Failures so far. */
  failures: number;
  /** Waiting to try again (nothing is shown meanwhile). */
  waiting: boolean;
}

const fresh = (of: string | null): Attempts => ({ of, failures: 0, waiting: false });

/**
 * A source that may not be there yet (a video's poster while the video is processed): after a failure
 * it is asked again after each of `delays`, at an address of its own each time (`?retry=n`) so that no
 * cache answers with the failure; after the last, `gaveUp`. The browser coming back online starts over.
 * `src` is null while waiting between attempts, and once given up.
 */
export function useRetriedSource(
  source: string | null,
  delays: readonly number[] = POSTER_RETRY_DELAYS_MS,
): { src: string | null; gaveUp: boolean; onError: () => void } {
  const [attempts, setAttempts] = useState<Attempts>(() => fresh(source));
  // Another source (the row now about another post) is tried from the start.
  const current = attempts.of === source ? attempts : fresh(source);
  if (current !== attempts) setAttempts(current);
  const { failures, waiting } = current;
  const gaveUp = failures > delays.length;

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(
      () => setAttempts((now) => (now.of === source ? { ...now, waiting: false } : now)),
      delays[failures - 1],
    );
    return () => window.clearTimeout(timer);
  }, [waiting, failures, delays, source]);

  useEffect(() => {
    if (failures === 0) return;
    const retry = () => setAttempts(fresh(source));
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failures, source]);

  const onError = () =>
    setAttempts((now) =>
      now.of !== source || now.waiting || now.failures > delays.length
        ? now
        : { of: source, failures: now.failures + 1, waiting: now.failures < delays.length },
    );

  if (!source || waiting || gaveUp) return { src: null, gaveUp, onError };
  const src = failures === 0 ? source : `${source}${source.includes("?") ? "&" : "?"}retry=${failures}`;
  return { src, gaveUp, onError };
}
