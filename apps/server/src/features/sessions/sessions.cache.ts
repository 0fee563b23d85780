import { LRUCache } from "lru-cache";
import type { ChangeAnnouncements } from "../../db/change-announcements.js";
import type { Caller } from "../../platform/caller.js";

/** A session this node has checked, kept so the next request with its token needs no query. */
export interface KeptSession {
  caller: Caller;
  /** When the session (or its token, if sooner) expires, in ms since the epoch. */
  expiresAt: number;
  /** When its last-active time was last written, in ms since the epoch. */
  lastActiveAt: number;
}

/**
 * Sessions kept per token, so a signed-in request costs neither a signature check nor a query. What
 * would make one wrong (revoked, expired early, its member renamed or deleted) is forgotten here at
 * once on this node and, through the database's announcements, on every node; while announcements may
 * be missed nothing kept is trusted. Bounded in count (least recently used go first) and in age.
 */
export function createSessionCache(
  announcements: ChangeAnnouncements,
  limits: { max: number; ttlMs: number } = { max: 20_000, ttlMs: 10 * 60_000 },
) {
  const tokenOfSession = new Map<string, string>();
  const sessionsOfMember = new Map<string, Set<string>>();
  const kept = new LRUCache<string, KeptSession>({
    max: limits.max,
    ttl: limits.ttlMs,
    dispose: ({ caller }) => {
      tokenOfSession.delete(caller.sessionId);
      const sessions = sessionsOfMember.get(caller.userId);
      sessions?.delete(caller.sessionId);
      if (sessions?.size === 0) sessionsOfMember.delete(caller.userId);
    },
  });
  // Moves on every forgetting: a lookup that started before one may have read what it forgot.
  let generation = 0;

  function forgetSession(sessionId: string) {
    generation += 1;
    const token = tokenOfSession.get(sessionId);
    if (token !== undefined) kept.delete(token);
  }

  function forgetMember(userId: string) {
    generation += 1;
    for (const sessionId of [...(sessionsOfMember.get(userId) ?? [])]) forgetSession(sessionId);
  }

  announcements.subscribe((announcement) => {
    if (announcement === null) {
      generation += 1;
      kept.clear();
    } else if (announcement.startsWith("session:")) forgetSession(announcement.slice("session:".length));
    else if (announcement.startsWith("member:")) forgetMember(announcement.slice("member:".length));
  });

  return {
    /** The session a token speaks for, if kept, unexpired, and announcements are being heard. */
    find(token: string): KeptSession | undefined {
      if (!announcements.live) return undefined;
      const session = kept.get(token);
      return session && session.expiresAt > Date.now() ? session : undefined;
    },

    /** Call before looking a session up, and pass what it returns to `keep`. */
    lookupStarts: () => generation,

    /** Keeps what a lookup found, unless something was forgotten since it started. */
    keep(token: string, session: KeptSession, lookupStartedAt: number) {
      if (lookupStartedAt !== generation || !announcements.live) return;
      const { sessionId, userId } = session.caller;
      const previous = tokenOfSession.get(sessionId);
      if (previous !== undefined && previous !== token) kept.delete(previous);
      kept.set(token, session);
      tokenOfSession.set(sessionId, token);
      const sessions = sessionsOfMember.get(userId) ?? new Set<string>();
      sessions.add(sessionId);
      sessionsOfMember.set(userId, sessions);
    },

    /** Forgets sessions this node just ended, before the announcement comes back. */
    forgetSessions(sessionIds: string[]) {
      for (const sessionId of sessionIds) forgetSession(sessionId);
    },

    get size() {
      return kept.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
