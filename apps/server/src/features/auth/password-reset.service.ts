import { newPasswordProblem, type resetPasswordBody } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { invalidField } from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import { sendLater } from "../../platform/mail-later.js";
import { NOBODY, type OneTimeCodes } from "../account/one-time-codes.js";
import { resetCodeMail } from "./auth.mail.js";
import { findByEmail } from "./auth.queries.js";
import type { AuthService } from "./auth.service.js";

export const FORGOT_PASSWORD_ANSWER =
  "OTP sent successfully! If an account uses that email, a 6-digit code is on its way.";
export const INVALID_RESET_CODE = "Invalid or expired code";

/**
 * The least time forgot-password takes to answer, known address or not: what differs between the two
 * (storing the code) hides below it, and the mail itself is sent after the answer.
 */
const FORGOT_PASSWORD_ANSWER_MS = 250;

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/** Forgot password (spec §2, §4): a code e-mailed to the member's address, then a new password with it. */
export function createPasswordResetService(deps: {
  db: Db;
  auth: AuthService;
  codes: OneTimeCodes;
  mailer: Mailer;
  domainEvents: DomainEvents;
  log: FastifyBaseLogger;
  answerAfterMs?: number;
}) {
  const { db, auth, codes, mailer, domainEvents, log } = deps;
  const answerAfterMs = deps.answerAfterMs ?? FORGOT_PASSWORD_ANSWER_MS;

  return {
    /** The same answer, in about the same time, whether or not the address belongs to anyone. */
    async forgot(email: string) {
      const startedAt = performance.now();
      const member = await findByEmail(db, email);
      if (member) {
        const code = await codes.issue(member.id, "password_reset", member.email);
        sendLater(mailer, resetCodeMail(member, code), log);
      } else {
        codes.issueNothing();
      }
      const left = answerAfterMs - (performance.now() - startedAt);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    /**
     * A new password with the e-mailed code: the code is checked (and counted) before anything else, an
     * unknown address meets the same statements and the same answers as a wrong or spent code, and a password
     * that breaks a rule leaves the code usable. Every session of the member ends.
     */
    async reset(input: z.output<typeof resetPasswordBody>) {
      const member = await findByEmail(db, input.email);
      await codes.redeem(member?.id ?? NOBODY, "password_reset", input.otp, {
        invalidMessage: INVALID_RESET_CODE,
        // The same words once a code's tries are spent: an address nobody has has no code to spend,
        // so "too many wrong codes" would tell that this one is someone's.
        spentMessage: INVALID_RESET_CODE,
        check: (target) => {
          // A code mailed to an address the member has since left proves nothing about them.
          if (member && target !== member.email) throw invalidField("otp", INVALID_RESET_CODE);
          const problem = member && newPasswordProblem(input.newPassword, member);
          if (problem) throw invalidField("newPassword", problem);
        },
        use: async () => {
          if (!member) throw invalidField("otp", INVALID_RESET_CODE);
          await auth.replacePassword(member, input.newPassword, { by: "reset" });
          await domainEvents.publish("accountChanged", { userId: member.id });
        },
      });
      return { message: "Password reset successfully!" };
    },
  };
}
