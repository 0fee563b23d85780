import { and, eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/database.js";
import { signInThrottles } from "../../db/schema.js";
import type { Clock } from "../../platform/clock.js";
import { tooManyFor, waitText } from "../../platform/rate-limits.js";

/** Failed sign-ins an account takes before each further one locks it for a while. */
export const SIGN_IN_FREE_FAILURES = 5;
const FIRST_LOCK_MS = 1000;
/** The longest lock: a stranger guessing can keep nobody out for longer in one go. */
export const SIGN_IN_MAX_LOCK_MS = 15 * 60_000;
/** A day without a failed sign-in and an account's count starts again. */
const FAILURES_FORGOTTEN_AFTER_MS = 24 * 60 * 60_000;

/** How long the `failures`th failed sign-in in a row locks an account: 0, then 1 s doubling to 15 min. */
export function lockAfter(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** Math.min(failures - SIGN_IN_FREE_FAILURES, 20), SIGN_IN_MAX_LOCK_MS);
}

export const signInLockedMessage = (waitMs: number) =>
  `Too many failed sign-ins to this account. Please try again in ${waitText(waitMs)}, or reset your password.`;

interface Tally {
  failures: number;
  lastFailedAt: number;
  lockedUntil: number;
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * Sign-ins per account, whatever address they come from (the per-address limit is the route's), and per
 * name the account was asked by (its username, its e-mail): a lock reached through one name leaves the
 * other's answers as they were, so it never tells that two names are one account's. Each
 * attempt is counted as a failure BEFORE its password is checked and forgiven when it succeeds, so
 * guesses sent at once count too: past SIGN_IN_FREE_FAILURES, each failure locks the account for
 * `lockAfter(failures)`, and while it is locked every sign-in (the right password too) is a 429 without
 * any password being checked. A success, or a password reset, clears the count.
 *
 * Identifiers that name no member are counted the same way, in memory, so the answers never tell
 * whether an account exists.
 */
export function createSignInThrottle(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const strangers = new LRUCache<string, Tally>({ max: 10_000, ttl: FAILURES_FORGOTTEN_AFTER_MS });

  function refuse(lockedUntil: number, now: number): never {
    throw tooManyFor(signInLockedMessage(lockedUntil - now), lockedUntil - now);
  }

  /** One statement, so attempts racing each other are counted one after another by the database. */
  async function countMember(userId: string, identifier: string, now: number) {
    const at = sql`${new Date(now).toISOString()}::timestamptz`;
    const forgotten = sql`${signInThrottles.lastFailedAt} <= ${new Date(now - FAILURES_FORGOTTEN_AFTER_MS).toISOString()}::timestamptz`;
    const failures = sql`(case when ${forgotten} then 1 else ${signInThrottles.failures} + 1 end)`;
    const lockMs = sql`least(${FIRST_LOCK_MS} * power(2, least(${failures} - ${SIGN_IN_FREE_FAILURES}, 20)), ${SIGN_IN_MAX_LOCK_MS})`;
    const [counted] = await db
      .insert(signInThrottles)
      .values({ userId, identifier, failures: 1, lastFailedAt: new Date(now), lockedUntil: null })
      .onConflictDoUpdate({
        target: [signInThrottles.userId, signInThrottles.identifier],
        set: {
          failures,
          lastFailedAt: new Date(now),
          lockedUntil: sql`case when ${failures} >= ${SIGN_IN_FREE_FAILURES} then ${at} + ${lockMs} * interval '1 millisecond' end`,
        },
        setWhere: sql`${signInThrottles.lockedUntil} is null or ${signInThrottles.lockedUntil} <= ${at}`,
      })
      .returning({ failures: signInThrottles.failures });
    if (counted) return;
    const [locked] = await db
      .select({ lockedUntil: signInThrottles.lockedUntil })
      .from(signInThrottles)
      .where(and(eq(signInThrottles.userId, userId), eq(signInThrottles.identifier, identifier)));
    refuse(locked?.lockedUntil?.getTime() ?? now, now);
  }

  function countStranger(identifier: string, now: number) {
    const tally = strangers.get(identifier);
    if (tally && tally.lockedUntil > now) refuse(tally.lockedUntil, now);
    const failures = tally && now - tally.lastFailedAt < FAILURES_FORGOTTEN_AFTER_MS ? tally.failures + 1 : 1;
    strangers.set(identifier, { failures, lastFailedAt: now, lockedUntil: now + lockAfter(failures) });
  }

  return {
    /**
     * Counts a sign-in attempt at a member (or at an identifier that names nobody) as failed until
     * `succeeded` says otherwise; a 429 with Retry-After while the account is locked.
     */
    async attempt(member: { id: string } | undefined, identifier: string) {
      const now = clock();
      if (member) await countMember(member.id, identifier, now);
      else countStranger(identifier, now);
    },

    /** The sign-in succeeded (or the password was reset by e-mail): the account's counts start again. */
    async clear(userId: string) {
      await db.delete(signInThrottles).where(eq(signInThrottles.userId, userId));
    },
  };
}
