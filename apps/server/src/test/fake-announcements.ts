import type { ChangeAnnouncements } from "../db/change-announcements.js";

/**
 * Change announcements a unit test makes itself (`announce`), for the per-node caches that listen to
 * them (sessions, accounts, posts' likers and comments); `live` false is a lost listening connection.
 */
export function fakeAnnouncements() {
  const listeners = new Set<(announcement: string | null) => void>();
  return {
    live: true as boolean,
    subscribe(listener: (announcement: string | null) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close: async () => {},
    announce(announcement: string | null) {
      for (const listener of listeners) listener(announcement);
    },
  } satisfies ChangeAnnouncements & { announce(announcement: string | null): void };
}
