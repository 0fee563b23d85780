import {
  type changePasswordBody,
  DELETE_ACCOUNT_FRESH_SIGN_IN_MS,
  DELETE_ACCOUNT_PASSWORD_MISSING,
  DELETE_ACCOUNT_SIGN_IN_AGAIN,
  DELETE_ACCOUNT_USERNAME_MISSING,
  type deleteAccountBody,
  EMAIL_VERIFY_CODE_SENT,
  NO_PASSWORD_YET_MESSAGE,
  newPasswordProblem,
} from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { type Db, pgErrorOf } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import {
  conflictOn,
  forbidden,
  invalidField,
  serviceUnavailable,
  unauthorized,
} from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import { sendLater } from "../../platform/mail-later.js";
import type { SmsSender } from "../../platform/sms.js";
import type { AuthService } from "../auth/auth.service.js";
import { verifyPassword } from "../auth/password.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { UsersService } from "../users/users.service.js";
import {
  emailChangeCodeMail,
  emailChangedMail,
  emailVerifyCodeMail,
  phoneChangeCodeText,
} from "./account.mail.js";
import { deleteMember, findAccount, setVerifiedContact, takenByOther } from "./account.queries.js";
import type { OneTimeCodes } from "./one-time-codes.js";

export const EMAIL_TAKEN = "An account with that email already exists";
export const PHONE_TAKEN = "That phone number belongs to another account";
const NOT_SENT = "We couldn't send the code right now. Please try again in a moment.";

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The signed-in member's own account (spec §4, Settings): password change, and e-mail and phone changes
 * confirmed by a code sent to the NEW address or number. A wrong password or code is a 400, never a 401
 * (spec §8: a 401 on /user... signs the member out).
 */
export function createAccountService(deps: {
  db: Db;
  auth: AuthService;
  users: UsersService;
  codes: OneTimeCodes;
  mailer: Mailer;
  sms: SmsSender;
  domainEvents: DomainEvents;
  sessions: Pick<SessionsService, "endedWithAccount" | "signedInRecently">;
  log: FastifyBaseLogger;
}) {
  const { db, auth, users, codes, mailer, sms, domainEvents, sessions, log } = deps;

  async function account(caller: Caller) {
    const found = await findAccount(db, caller.userId);
    if (!found) throw unauthorized();
    return found;
  }

  /** Sends a code now (the member waits for it); a failure drops the code and says so. */
  async function deliver(
    caller: Caller,
    purpose: "email_change" | "phone_change",
    send: () => Promise<void>,
  ) {
    try {
      await send();
    } catch (error) {
      log.warn({ err: error, purpose }, "a code could not be sent");
      await codes.discard(caller.userId, purpose);
      throw serviceUnavailable(NOT_SENT, 30);
    }
  }

  /** Switches a verified contact; taken by someone else meanwhile, the unique constraint says 409. */
  async function switchTo(caller: Caller, contact: { email: string } | { phone: string }) {
    try {
      if (!(await setVerifiedContact(db, caller.userId, contact))) throw unauthorized();
    } catch (error) {
      if (pgErrorOf(error)?.code === "23505")
        throw "email" in contact ? conflictOn("email", EMAIL_TAKEN) : conflictOn("phone", PHONE_TAKEN);
      throw error;
    }
    await domainEvents.publish("accountChanged", { userId: caller.userId });
  }

  return {
    /** PUT /user/password: every other session ends; this one stays (the web signs out after 2 s). */
    async changePassword(caller: Caller, input: z.output<typeof changePasswordBody>) {
      const member = await account(caller);
      // A member who signed up through an identity provider sets a first password by e-mailed code.
      if (member.passwordHash === null) throw invalidField("currentPassword", NO_PASSWORD_YET_MESSAGE);
      if (!(await verifyPassword(member.passwordHash, input.currentPassword))) {
        throw invalidField("currentPassword", "Current password is incorrect");
      }
      const problem = newPasswordProblem(input.newPassword, member, input.currentPassword);
      if (problem) throw invalidField("newPassword", problem);
      await auth.replacePassword(member, input.newPassword, {
        by: "change",
        keepSessionId: caller.sessionId,
      });
      return { message: "Password updated! Please log in again." };
    },

    /**
     * DELETE /user: the account and everything of it, once the member proves it is them (their password;
     * for an account made through a sign-in provider, their username typed within 15 minutes of signing in). Every session ends, this one
     * included (its sockets are told, as a logout's are); whoever was shown something of it is told.
     */
    async deleteAccount(caller: Caller, input: z.output<typeof deleteAccountBody>) {
      const member = await account(caller);
      if (member.passwordHash !== null) {
        if (input.password === undefined || input.password === "")
          throw invalidField("password", DELETE_ACCOUNT_PASSWORD_MISSING);
        if (!(await verifyPassword(member.passwordHash, input.password)))
          throw invalidField("password", "Password is incorrect");
      } else {
        if (input.username?.replace(/^@/, "").toLowerCase() !== member.username.toLowerCase())
          throw invalidField(
            "username",
            input.username ? "That is not your username" : DELETE_ACCOUNT_USERNAME_MISSING,
          );
        // A username proves nothing (anyone may read it): the provider's sign-in, made just now, does.
        if (!(await sessions.signedInRecently(caller, DELETE_ACCOUNT_FRESH_SIGN_IN_MS)))
          throw forbidden(DELETE_ACCOUNT_SIGN_IN_AGAIN);
      }
      const deleted = await deleteMember(db, caller.userId);
      if (!deleted) throw unauthorized();
      log.info({ userId: caller.userId }, "a member deleted their account");
      const { sessionIds, ...gone } = deleted;
      sessions.endedWithAccount(sessionIds);
      // The features tell whoever was shown something of it (a listener's failure is logged, never answered).
      await domainEvents.publish("memberDeleted", gone);
    },

    /** POST /user/request-email-otp: a code to the new address (the old one learns of it once switched). */
    async requestEmailChange(caller: Caller, email: string) {
      const member = await account(caller);
      // The address the member has, never proved (a sign-up's): its code verifies it where it is.
      const verifying = email === member.email;
      if (verifying && member.emailVerified) throw invalidField("email", "That is already your email");
      if (!verifying && (await takenByOther(db, caller.userId, { email })))
        throw conflictOn("email", EMAIL_TAKEN);
      const code = await codes.issue(caller.userId, "email_change", email);
      const mail = verifying ? emailVerifyCodeMail : emailChangeCodeMail;
      await deliver(caller, "email_change", () => mailer.send(mail(email, member.username, code)));
      return { message: verifying ? EMAIL_VERIFY_CODE_SENT : "OTP sent to your new email!" };
    },

    /** POST /user/verify-email-otp: the address the code went to becomes the member's, verified. */
    async verifyEmailChange(caller: Caller, otp: string) {
      const member = await account(caller);
      const invalidMessage = "Invalid or expired OTP.";
      const email = await codes.redeem(caller.userId, "email_change", otp, {
        invalidMessage,
        check: async (target) => {
          if (target && (await takenByOther(db, caller.userId, { email: target })))
            throw conflictOn("email", EMAIL_TAKEN);
        },
        use: async (target) => {
          if (!target) throw invalidField("otp", invalidMessage);
          await switchTo(caller, { email: target });
          return target;
        },
      });
      // A reset code mailed to the old address no longer proves anything.
      await codes.discard(caller.userId, "password_reset");
      if (member.email !== email)
        sendLater(mailer, emailChangedMail(member.email, member.username, email), log);
      return users.me(caller);
    },

    /** POST /user/phone/request-otp: a code texted to the new number (E.164). */
    async requestPhoneChange(caller: Caller, phone: string) {
      const member = await account(caller);
      if (phone === member.phone) throw invalidField("phone", "That is already your phone number");
      // A number another member has is texted all the same: a number is never shown, and answering 409
      // here would tell anyone that it is in use. Only one who holds the phone learns it, using the code.
      const code = await codes.issue(caller.userId, "phone_change", phone);
      await deliver(caller, "phone_change", () => sms.send(phoneChangeCodeText(phone, code)));
      return { message: "OTP sent to your phone!" };
    },

    /** POST /user/phone/verify: the number the code went to becomes the member's, verified. */
    async verifyPhoneChange(caller: Caller, otp: string) {
      const invalidMessage = "Invalid OTP";
      await codes.redeem(caller.userId, "phone_change", otp, {
        invalidMessage,
        check: async (target) => {
          if (target && (await takenByOther(db, caller.userId, { phone: target })))
            throw conflictOn("phone", PHONE_TAKEN);
        },
        use: async (target) => {
          if (!target) throw invalidField("otp", invalidMessage);
          await switchTo(caller, { phone: target });
        },
      });
      return users.me(caller);
    },
  };
}
