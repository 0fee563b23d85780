import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES } from "@flik/shared";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/database.js";
import { type OneTimeCodePurpose, oneTimeCodes } from "../../db/schema.js";
import type { Clock } from "../../platform/clock.js";
import { badRequest } from "../../platform/errors.js";

export const TOO_MANY_WRONG_CODES = "Too many wrong codes. Request a new code.";

/** No member has it: redeeming for an unknown member runs the same statements and finds nothing. */
export const NOBODY = "00000000-0000-0000-0000-000000000000";

/** Codes "sent" to addresses nobody has, kept per node: enough to answer as a member's code would. */
const STAND_INS_KEPT = 10_000;

const VALID_MS = OTP_VALID_MINUTES * 60_000;

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;

/**
 * E-mailed and texted six-digit codes (design.md, security baseline): from a CSPRNG, one live code per
 * member and purpose (a new one replaces the old), valid OTP_VALID_MINUTES, OTP_MAX_ATTEMPTS tries in
 * all, single use.
 *
 * Stored only as HMAC-SHA256 under a key derived from the server's secret, over the purpose, member,
 * target and code. A slow hash (argon2) would buy nothing here: a million possible codes are searched in
 * minutes whatever the hash costs, while without the key (never in the database) a stolen table says
 * nothing at all. Guessing online is what the five tries, the ten minutes and the request limits stop.
 */
export function createOneTimeCodes(deps: { db: Db; secret: string; clock: Clock }) {
  const { db, clock } = deps;
  const key = createHmac("sha256", deps.secret).update("flik one-time codes").digest();
  const digest = (userId: string, purpose: OneTimeCodePurpose, target: string | null, code: string) =>
    createHmac("sha256", key)
      .update(`${purpose}\n${userId}\n${target ?? ""}\n${code}`)
      .digest();
  const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
  const ofMember = (userId: string, purpose: OneTimeCodePurpose) =>
    and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose));
  // The tries made on a code asked for an address nobody has: once they are spent, the next is answered
  // as a member's would be, so "too many wrong codes" never tells that an address is someone's.
  const standIns = new LRUCache<string, { attempts: number; expiresAt: number }>({ max: STAND_INS_KEPT });
  const standInKey = (purpose: OneTimeCodePurpose, address: string) => `${purpose}\n${address}`;

  /**
   * Redeems a code: every try counts (before it is compared, so tries sent at once count too); past
   * OTP_MAX_ATTEMPTS the code is dead even if right. When right, `check` may still refuse (a password
   * rule) and the code stays; otherwise it is consumed (once, however many tries race) and `use` runs
   * with the code's target. A wrong, expired, unknown or used code is a 400 with `invalidMessage`.
   */
  async function redeem<T>(
    userId: string,
    purpose: OneTimeCodePurpose,
    code: string,
    options: {
      invalidMessage: string;
      check?: (target: string | null) => void | Promise<void>;
      use: (target: string | null) => Promise<T>;
    },
  ): Promise<T> {
    const now = new Date(clock());
    const live = and(ofMember(userId, purpose), gt(oneTimeCodes.expiresAt, now));
    const [tried] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(live, lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ codeHash: oneTimeCodes.codeHash, target: oneTimeCodes.target });
    if (!tried) {
      const [spent] = await db.select({ attempts: oneTimeCodes.attempts }).from(oneTimeCodes).where(live);
      throw badRequest(spent ? TOO_MANY_WRONG_CODES : options.invalidMessage);
    }
    const stored = Buffer.from(tried.codeHash, "base64url");
    const given = digest(userId, purpose, tried.target, code);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
      throw badRequest(options.invalidMessage);
    }
    await options.check?.(tried.target);
    const [consumed] = await db
      .delete(oneTimeCodes)
      .where(and(ofMember(userId, purpose), eq(oneTimeCodes.codeHash, tried.codeHash)))
      .returning({ userId: oneTimeCodes.userId });
    if (!consumed) throw badRequest(options.invalidMessage);
    return options.use(tried.target);
  }

  return {
    /**
     * A new code for the member and purpose, replacing any earlier one (its tries start again);
     * `target` is the address or number a change code was sent to, returned when it is redeemed.
     */
    async issue(userId: string, purpose: OneTimeCodePurpose, target: string | null = null) {
      const code = newCode();
      const now = clock();
      const values = {
        codeHash: digest(userId, purpose, target, code).toString("base64url"),
        target,
        attempts: 0,
        createdAt: new Date(now),
        expiresAt: new Date(now + VALID_MS),
      };
      await db
        .insert(oneTimeCodes)
        .values({ userId, purpose, ...values })
        .onConflictDoUpdate({ target: [oneTimeCodes.userId, oneTimeCodes.purpose], set: values });
      return code;
    },

    /**
     * The CPU work of `issue` without storing anything, for an address nobody has: an unknown e-mail
     * costs what a known one does, and its tries are counted as a code's would be (`redeemNothing`).
     */
    issueNothing(purpose: OneTimeCodePurpose, address: string) {
      digest(NOBODY, purpose, null, newCode());
      standIns.set(standInKey(purpose, address), { attempts: 0, expiresAt: clock() + VALID_MS });
    },

    /**
     * A try at a code for an address nobody has: the statements `redeem` runs, finding nothing, and the
     * answers a member's code would give, "too many wrong codes" included once its tries are spent.
     */
    async redeemNothing(
      purpose: OneTimeCodePurpose,
      address: string,
      invalidMessage: string,
    ): Promise<never> {
      await redeem(NOBODY, purpose, "", { invalidMessage, use: async () => undefined }).catch(
        () => undefined,
      );
      const standIn = standIns.get(standInKey(purpose, address));
      if (standIn && standIn.expiresAt > clock()) {
        if (standIn.attempts >= OTP_MAX_ATTEMPTS) throw badRequest(TOO_MANY_WRONG_CODES);
        standIn.attempts += 1;
      }
      throw badRequest(invalidMessage);
    },

    redeem,

    /** Drops the member's live code for a purpose (it no longer means anything). */
    async discard(userId: string, purpose: OneTimeCodePurpose) {
      await db.delete(oneTimeCodes).where(ofMember(userId, purpose));
    },
  };
}
