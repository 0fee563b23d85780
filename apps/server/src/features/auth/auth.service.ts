import {
  type AuthResponse,
  PASSWORD_MAX_LENGTH,
  type signinBody,
  type signupBody,
  textLength,
} from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { type Db, pgErrorOf } from "../../db/database.js";
import { conflictOn, conflictOnFields, unauthorized } from "../../platform/errors.js";
import type { Mailer } from "../../platform/mail.js";
import { sendLater } from "../../platform/mail-later.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import { passwordChangedMail } from "./auth.mail.js";
import { presentAuthUser } from "./auth.presenter.js";
import { findByIdentifier, findTaken, insertMember, updatePasswordHash } from "./auth.queries.js";
import { hashPassword, verifyPassword } from "./password.js";
import type { SignInThrottle } from "./sign-in-throttle.js";

const usernameTaken = "That username is already taken";
const emailTaken = "An account with that email already exists";
const bothTaken = "That username is already taken, and an account with that email already exists";

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  sessions: SessionsService;
  throttle: SignInThrottle;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { db, sessions, throttle, mailer, log } = deps;

  return {
    async signup(input: z.output<typeof signupBody>) {
      const taken = await findTaken(db, input.username, input.email);
      // Both at once when both are someone's: the form marks each field, not one a try.
      if (taken.username && taken.email)
        throw conflictOnFields(bothTaken, [
          { field: "username", message: usernameTaken },
          { field: "email", message: emailTaken },
        ]);
      if (taken.username) throw conflictOn("username", usernameTaken);
      if (taken.email) throw conflictOn("email", emailTaken);
      const { password, ...profile } = input;
      try {
        const member = await insertMember(db, { ...profile, passwordHash: await hashPassword(password) });
        return { message: `Welcome to Flik, @${member.username}! You can log in now.` };
      } catch (error) {
        // Two sign-ups racing for one name: the unique constraint decides, and says which.
        const pgError = pgErrorOf(error);
        if (pgError?.code !== "23505") throw error;
        throw pgError.constraint?.includes("email")
          ? conflictOn("email", emailTaken)
          : conflictOn("username", usernameTaken);
      }
    },

    async signin(
      input: z.output<typeof signinBody>,
      client: { userAgent: string | undefined; ip: string },
    ): Promise<AuthResponse> {
      const identifier = input.identifier.toLowerCase();
      const member = await findByIdentifier(db, identifier);
      // Before the password is checked: while the account is locked, no guess is even tried.
      await throttle.attempt(member, identifier);
      // No account has a longer password (sign-up and every change keep to the limit): a longer one is a
      // wrong password, counted as any, with no hash spent on it.
      const possible = textLength(input.password) <= PASSWORD_MAX_LENGTH;
      const passwordMatches = possible && (await verifyPassword(member?.passwordHash, input.password));
      if (!member || !passwordMatches) throw unauthorized("Incorrect email/username or password");
      await throttle.clear(member.id);
      const { token } = await sessions.start(member.id, client);
      return { token, user: presentAuthUser(member) };
    },

    /**
     * Replaces a member's password (its rules already checked): stores its argon2 hash, lifts a sign-in
     * lock, ends every session but `keepSessionId` (closing their sockets) and tells the member's
     * address. `how` "reset" also marks the address verified: the code sent to it proved it.
     */
    async replacePassword(
      member: { id: string; email: string; username: string },
      newPassword: string,
      how: { by: "reset" } | { by: "change"; keepSessionId: string },
    ) {
      const stored = await updatePasswordHash(
        db,
        member.id,
        await hashPassword(newPassword),
        how.by === "reset" ? { emailVerified: true } : {},
      );
      if (!stored) throw unauthorized();
      await throttle.clear(member.id);
      await sessions.endMemberSessions(member.id, how.by === "change" ? how.keepSessionId : undefined);
      sendLater(mailer, passwordChangedMail(member, how.by === "reset" ? "reset" : "changed"), log);
    },
  };
}
