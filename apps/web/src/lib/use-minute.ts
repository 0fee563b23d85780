import { useSyncExternalStore } from "react";

/**
 * The time, moving on once a minute while something shows it: "Just now" becomes "1m ago" on a card
 * that does not otherwise render again (the feed's cards are memoised). One timer for the whole page,
 * running only while a label listens.
 */
const MINUTE = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    // The clock stood still while nothing listened.
    now = Date.now();
    timer = setInterval(tick, MINUTE);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useMinute(): number {
  return useSyncExternalStore(subscribe, () => now);
}
