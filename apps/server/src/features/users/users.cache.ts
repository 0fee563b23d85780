import type { User } from "@flik/shared";
import { LRUCache } from "lru-cache";
import type { ChangeAnnouncements } from "../../db/change-announcements.js";

/**
 * Members' own accounts (GET /user, asked on every page load) kept per node. What would make one wrong
 * is forgotten at once on this node by the feature that changed it (`forget`) and, through the
 * database's announcements ("account:<id>" on any change to what it shows, "member:<id>" when renamed
 * or deleted), on every node; while announcements may be missed nothing kept is trusted. Bounded in
 * count and in age.
 */
export function createAccountCache(
  announcements: ChangeAnnouncements,
  limits: { max: number; ttlMs: number } = { max: 5_000, ttlMs: 10 * 60_000 },
) {
  const kept = new LRUCache<string, User>({ max: limits.max, ttl: limits.ttlMs });
  // Moves on every forgetting: a read that started before one may have read what it forgot.
  let generation = 0;

  function forget(userIds: string[]) {
    generation += 1;
    for (const userId of userIds) kept.delete(userId);
  }

  announcements.subscribe((announcement) => {
    if (announcement === null) {
      generation += 1;
      kept.clear();
      return;
    }
    const [kind, id] = announcement.split(":");
    if ((kind === "account" || kind === "member") && id) forget([id]);
  });

  return {
    /** The member's account if kept and announcements are being heard. */
    find: (userId: string): User | undefined => (announcements.live ? kept.get(userId) : undefined),

    /**
     * The account from the cache, or read by `read` and kept, unless something was forgotten while it
     * was read (the next ask reads again).
     */
    async through(userId: string, read: () => Promise<User>): Promise<User> {
      const found = this.find(userId);
      if (found) return found;
      const readStartedAt = generation;
      const account = await read();
      if (readStartedAt === generation && announcements.live) kept.set(userId, frozen(account));
      return account;
    },

    /** Forgets accounts this node just changed, before the announcement comes back. */
    forget,

    get size() {
      return kept.size;
    },
  };
}

/** Kept answers are shared by requests: none may change one. */
function frozen(account: User): User {
  Object.freeze(account.followers);
  Object.freeze(account.following);
  Object.freeze(account.blockedUsers);
  return Object.freeze(account);
}

export type AccountCache = ReturnType<typeof createAccountCache>;

/** What a feature that changes members' accounts tells: whose changed (the cache forgets them). */
export type AccountsChanged = (userIds: string[]) => void;
