import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES, TOO_MANY_WRONG_CODES } from "@flik/shared";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { type OneTimeCodePurpose, oneTimeCodes } from "../../db/schema.js";
import type { Clock } from "../../platform/clock.js";
import { invalidField } from "../../platform/errors.js";

/** No member has it: redeeming for an unknown member runs the same statements and finds nothing. */
export const NOBODY = "00000000-0000-0000-0000-000000000000";

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

    /** The CPU work of `issue` without storing anything: an unknown e-mail costs what a known one does. */
    issueNothing() {
      digest(NOBODY, "password_reset", null, newCode());
    },

    /**
     * Redeems a code: every try counts (before it is compared, so tries sent at once count too); past
     * OTP_MAX_ATTEMPTS the code is dead even if right. When right, `check` may still refuse (a password
     * rule) and the code stays; otherwise it is consumed (once, however many tries race) and `use` runs
     * with the code's target. A wrong, expired, unknown or used code is a 400 with `invalidMessage`; a
     * code whose tries are spent, with `spentMessage` (TOO_MANY_WRONG_CODES unless told).
     */
    async redeem<T>(
      userId: string,
      purpose: OneTimeCodePurpose,
      code: string,
      options: {
        invalidMessage: string;
        spentMessage?: string;
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
        throw invalidField(
          "otp",
          spent ? (options.spentMessage ?? TOO_MANY_WRONG_CODES) : options.invalidMessage,
        );
      }
      const stored = Buffer.from(tried.codeHash, "base64url");
      const given = digest(userId, purpose, tried.target, code);
      if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
        throw invalidField("otp", options.invalidMessage);
      }
      await options.check?.(tried.target);
      const [consumed] = await db
        .delete(oneTimeCodes)
        .where(and(ofMember(userId, purpose), eq(oneTimeCodes.codeHash, tried.codeHash)))
        .returning({ userId: oneTimeCodes.userId });
      if (!consumed) throw invalidField("otp", options.invalidMessage);
      return options.use(tried.target);
    },

    /** Drops the member's live code for a purpose (it no longer means anything). */
    async discard(userId: string, purpose: OneTimeCodePurpose) {
      await db.delete(oneTimeCodes).where(ofMember(userId, purpose));
    },
  };
}
