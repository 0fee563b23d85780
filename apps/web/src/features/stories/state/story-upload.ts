import { useSyncExternalStore } from "react";

/**
 * The story upload under way, as a whole percent, or null. It lives in a module rather than in the
 * button that started it: the header's button and the strip's own tile both show its ring, and it goes
 * on when the member moves to another screen.
 */
let percent: number | null = null;
const listeners = new Set<() => void>();

export function setStoryUploadPercent(next: number | null): void {
  if (next === percent) return;
  percent = next;
  for (const listener of listeners) listener();
}

export function storyUploadPercent(): number | null {
  return percent;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useStoryUploadPercent(): number | null {
  return useSyncExternalStore(subscribe, storyUploadPercent);
}
