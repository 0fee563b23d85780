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
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storyUploadPercent(): number | null {
  return percent;
}

/**
 * What stops the file on its way, while it is: once the host has it and the story is being shared, a
 * cancel could no longer promise the story won't show, so none is offered.
 */
let sending: AbortController | null = null;

export function startSendingStoryFile(): AbortSignal {
  sending = new AbortController();
  notify();
  return sending.signal;
}

export function storyFileSent(): void {
  if (sending === null) return;
  sending = null;
  notify();
}

export function cancelStoryUpload(): void {
  sending?.abort();
}

function cancellable(): boolean {
  return sending !== null;
}

export function useStoryUploadCancellable(): boolean {
  return useSyncExternalStore(subscribe, cancellable);
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
