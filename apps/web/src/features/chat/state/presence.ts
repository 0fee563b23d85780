import { useSyncExternalStore } from "react";

/**
 * Chat partners who are online. The server sends everyone online once on connect and deltas after
 * that, so this is kept for the whole signed-in session (by ChatUnreadSync), not by the chat screen.
 */
let online = new Set<string>();
const listeners = new Set<() => void>();

export function applyPresence({
  online: cameOnline,
  offline,
}: {
  online: string[];
  offline: string[];
}): void {
  const next = new Set(online);
  for (const id of cameOnline) next.add(id);
  for (const id of offline) next.delete(id);
  online = next;
  for (const listener of listeners) listener();
}

/** A fresh connection starts from the server's full list again. */
export function resetPresence(): void {
  online = new Set();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useIsOnline(userId: string | undefined): boolean {
  return useSyncExternalStore(subscribe, () => (userId ? online.has(userId) : false));
}
