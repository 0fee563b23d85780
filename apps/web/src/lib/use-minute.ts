import { useMemo, useSyncExternalStore } from "react";
import { onServerClockChange, serverNow } from "./server-clock";

/**
 * The time, moving on once a minute while something shows it: "Just now" becomes "1m ago" on a card
 * that does not otherwise render again (the feed's cards are memoised). One timer for the whole page,
 * running only while a label listens. By the server's clock, as the times it shows are.
 */
const MINUTE = 60_000;
let now = serverNow();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = serverNow();
  for (const listener of listeners) listener();
}

let stopHearingServerClock: (() => void) | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    // The clock stood still while nothing listened.
    now = serverNow();
    timer = setInterval(tick, MINUTE);
    stopHearingServerClock = onServerClockChange(tick);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      stopHearingServerClock?.();
    }
  };
}

/** While no timer ran, the clock stood still: a first reader gets the time now, not when it last ran. */
function snapshot(): number {
  if (timer === undefined && Math.abs(serverNow() - now) >= MINUTE) now = serverNow();
  return now;
}

export function useMinute(): number {
  return useSyncExternalStore(subscribe, snapshot);
}

/** The same clock as a Date, one object per minute (a memoised row given it renders only then). */
export function useNow(): Date {
  const minute = useMinute();
  return useMemo(() => new Date(minute), [minute]);
}
