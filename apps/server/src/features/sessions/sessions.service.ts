import type { SessionRevokedReason } from "@flik/shared";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { invalidField, notFound } from "../../platform/errors.js";
import { describeClient } from "./client-info.js";
import type { KeptSession, SessionCache } from "./sessions.cache.js";
import { presentSession } from "./sessions.presenter.js";
import {
  findActiveSession,
  insertSession,
  listActiveSessions,
  revokeSessions,
  sessionStartedAt,
  touchSession,
} from "./sessions.queries.js";
import type { TokenSigner } from "./tokens.js";

const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const LAST_ACTIVE_RESOLUTION_MS = 60 * 1000;

/** How a revoked session's open sockets are closed (the realtime layer provides it). */
export interface SessionEnder {
  endSessions(sessionIds: string[], reason?: SessionRevokedReason): void;
}

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService(deps: {
  db: Db;
  signer: TokenSigner;
  sessionEnder: SessionEnder;
  cache: SessionCache;
}) {
  const { db, signer, sessionEnder, cache } = deps;

  /** The session a token speaks for, checked against the database: its signature, then its row. */
  async function lookUp(token: string): Promise<KeptSession | null> {
    const claims = await signer.verify(token);
    if (!claims) return null;
    const found = await findActiveSession(db, claims.sid, claims.sub);
    if (!found) return null;
    return {
      caller: { userId: claims.sub, sessionId: claims.sid, username: found.username },
      expiresAt: Math.min(found.session.expiresAt.getTime(), claims.exp * 1000),
      lastActiveAt: found.session.lastActiveAt.getTime(),
    };
  }

  /** A header naming a session must name the caller's own (spec §7 x-session-id). */
  function checkSessionHeader(caller: Caller, headerSessionId: string | undefined) {
    if (headerSessionId !== undefined && headerSessionId !== caller.sessionId) {
      throw invalidField("x-session-id", "x-session-id does not name your current session");
    }
  }

  async function revoke(member: { userId: string }, which: { only?: string; except?: string }) {
    const revoked = await revokeSessions(db, member.userId, which);
    cache.forgetSessions(revoked);
    if (revoked.length > 0) sessionEnder.endSessions(revoked);
    return revoked;
  }

  return {
    /** Opens a session for a member who just proved who they are, and signs its token. */
    async start(userId: string, client: { userAgent: string | undefined; ip: string }) {
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
      const session = await insertSession(db, {
        userId,
        ...describeClient(client.userAgent, client.ip),
        expiresAt,
      });
      const token = await signer.sign({ userId, sessionId: session.id, expiresAt });
      return { token, sessionId: session.id };
    },

    /** The caller a token speaks for, or null when it is bad, expired or its session was revoked. */
    async authenticate(token: string): Promise<Caller | null> {
      let session = cache.find(token);
      if (!session) {
        const lookupStartedAt = cache.lookupStarts();
        const found = await lookUp(token);
        if (!found) return null;
        cache.keep(token, found, lookupStartedAt);
        session = found;
      }
      const now = Date.now();
      if (now - session.lastActiveAt > LAST_ACTIVE_RESOLUTION_MS) {
        session.lastActiveAt = now;
        await touchSession(db, session.caller.sessionId, LAST_ACTIVE_RESOLUTION_MS);
      }
      return session.caller;
    },

    async list(caller: Caller) {
      const rows = await listActiveSessions(db, caller.userId);
      return rows.map((row) => presentSession(row, caller.sessionId));
    },

    async logoutCurrent(caller: Caller, headerSessionId: string | undefined) {
      checkSessionHeader(caller, headerSessionId);
      await revoke(caller, { only: caller.sessionId });
    },

    async logoutOthers(caller: Caller, headerSessionId: string | undefined) {
      checkSessionHeader(caller, headerSessionId);
      const revoked = await revoke(caller, { except: caller.sessionId });
      return revoked.length;
    },

    /**
     * Ends every session of a member (a password reset), or every one but `exceptSessionId` (a password
     * change keeps the session that made it); their sockets are told and closed. Returns how many ended.
     */
    async endMemberSessions(userId: string, exceptSessionId?: string) {
      const revoked = await revoke({ userId }, exceptSessionId ? { except: exceptSessionId } : {});
      return revoked.length;
    },

    /** Whether the caller signed in within `withinMs` (a step only a fresh sign-in may take). */
    async signedInRecently(caller: Caller, withinMs: number) {
      const startedAt = await sessionStartedAt(db, caller.sessionId);
      return startedAt !== undefined && Date.now() - startedAt.getTime() <= withinMs;
    },

    /** Sessions that ended with their deleted account: forgotten here, their sockets told so and closed. */
    endedWithAccount(sessionIds: string[]) {
      cache.forgetSessions(sessionIds);
      sessionEnder.endSessions(sessionIds, "account-deleted");
    },

    async logout(caller: Caller, sessionId: string) {
      const revoked = await revoke(caller, { only: sessionId });
      if (revoked.length === 0) throw notFound("Session not found");
    },
  };
}
