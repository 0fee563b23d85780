import type { AuthResponse, signinBody, signupBody } from "@flik/shared";
import type { z } from "zod";
import { type Db, pgErrorOf } from "../../db/database.js";
import { conflict, unauthorized } from "../../platform/errors.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import { findByIdentifier, findTaken, insertMember } from "./auth.queries.js";
import { hashPassword, verifyPassword } from "./password.js";

const usernameTaken = "That username is already taken";
const emailTaken = "An account with that email already exists";

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: { db: Db; sessions: SessionsService }) {
  const { db, sessions } = deps;

  return {
    async signup(input: z.output<typeof signupBody>) {
      const taken = await findTaken(db, input.username, input.email);
      if (taken.username) throw conflict(usernameTaken);
      if (taken.email) throw conflict(emailTaken);
      const { password, ...profile } = input;
      try {
        const member = await insertMember(db, { ...profile, passwordHash: await hashPassword(password) });
        return { message: `Welcome to Flik, @${member.username}! You can log in now.` };
      } catch (error) {
        // Two sign-ups racing for one name: the unique constraint decides, and says which.
        const pgError = pgErrorOf(error);
        if (pgError?.code !== "23505") throw error;
        throw conflict(pgError.constraint?.includes("email") ? emailTaken : usernameTaken);
      }
    },

    async signin(
      input: z.output<typeof signinBody>,
      client: { userAgent: string | undefined; ip: string },
    ): Promise<AuthResponse> {
      const member = await findByIdentifier(db, input.identifier.toLowerCase());
      const passwordMatches = await verifyPassword(member?.passwordHash, input.password);
      if (!member || !passwordMatches) throw unauthorized("Incorrect email/username or password");
      const { token } = await sessions.start(member.id, client);
      return { token, user: { id: member.id, username: member.username } };
    },
  };
}
