import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../platform/clock.js";
import { consumeHandoffCode, insertHandoffCode } from "./external-auth.queries.js";

/** How long a hand-off code may be exchanged. */
export const HANDOFF_VALID_MS = 60_000;

/**
 * A code's hash. The code is 256 random bits, so a fast hash is enough: nothing could be learned by
 * guessing codes against a stolen table, and the table alone never holds one that works.
 */
const hashOf = (code: string) => createHash("sha256").update(code).digest("base64url");

export type HandoffCodes = ReturnType<typeof createHandoffCodes>;

/**
 * One-time hand-off codes (issue 19): spec §2's `/profile?token=` carries one of these instead of a
 * session token, so a link can no longer sign a stranger's browser in to someone's account at will.
 * Made only at the end of an external sign-in, valid HANDOFF_VALID_MS, exchanged at most once.
 */
export function createHandoffCodes(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** A new code for the member: only its hash is stored. */
    async issue(userId: string) {
      const code = randomBytes(32).toString("base64url");
      const now = clock();
      await insertHandoffCode(db, {
        codeHash: hashOf(code),
        userId,
        createdAt: new Date(now),
        expiresAt: new Date(now + HANDOFF_VALID_MS),
      });
      return code;
    },

    /** The member a live code hands over, consuming it; undefined for a used, expired or unknown one. */
    redeem: (code: string) => consumeHandoffCode(db, hashOf(code), new Date(clock())),
  };
}
