import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from "./constants.js";
import { textSchema } from "./text.js";
import { hasVisibleText, oneLineName } from "./text-input.js";

/** Usernames are stored lower-case, so "Alice" and "alice" are one name: any name a member may have. */
export const usernameSchema = textSchema("Username is required")
  .trim()
  // An emptied field is a missing one, said as such (not as too short and of the wrong letters).
  .min(1, { error: "Username is required", abort: true })
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, "Username may only use letters, numbers, periods and underscores")
  .transform((name) => name.toLowerCase());

/**
 * Names no member may take: they would read as Flik itself speaking (its team, its help desk, its
 * security) or as one of its pages. Said as Instagram says it, "isn't available", not why.
 */
const RESERVED_USERNAMES = new Set([
  "flik",
  "flikapp",
  "flik.app",
  "flik_app",
  "flikteam",
  "flik_team",
  "flik.team",
  "flikofficial",
  "flik_official",
  "flik.official",
  "flikhelp",
  "flik_help",
  "fliksupport",
  "flik_support",
  "admin",
  "administrator",
  "moderator",
  "mod",
  "staff",
  "support",
  "help",
  "helpdesk",
  "official",
  "security",
  "safety",
  "system",
  "root",
  "abuse",
  "noreply",
  "no_reply",
  "postmaster",
  "webmaster",
]);

export const RESERVED_USERNAME_MESSAGE = "That username isn't available";

/** Whether a name (any case) is one no member may take. */
export const isReservedUsername = (name: string) => RESERVED_USERNAMES.has(name.toLowerCase());

/**
 * What is wrong with a name a member is taking (at sign-up, or changing theirs), or null: its periods, or
 * a name kept for Flik.
 * A period sits between other letters, as Instagram has it: "..." or "maya." read as punctuation in a
 * sentence or an address, not as a name. Names kept before this rule stay theirs: a profile saved with
 * its name unchanged is not judged by it, and they still sign in and are found.
 */
export function newUsernameProblem(name: string): string | null {
  if (name.startsWith(".") || name.endsWith(".")) return "Username can't start or end with a period";
  if (name.includes("..")) return "Username can't have two periods in a row";
  if (isReservedUsername(name)) return RESERVED_USERNAME_MESSAGE;
  return null;
}

/**
 * The periods' rule on a profile saved with the typed `username` by a member now named `current`: the
 * issue a form shows under its field before asking the server, which judges it the same (kept as stored:
 * trimmed, lower-case). Beside the schema's own issues, whose word on the field comes first.
 */
export function renamedUsernameIssues(username: string, current: string) {
  const name = username.trim().toLowerCase();
  const problem = name === "" || name === current ? null : newUsernameProblem(name);
  return problem ? [{ path: ["username"], message: problem }] : [];
}

/** A username being taken: usernameSchema, its periods' rule and the names kept for Flik. */
export const newUsernameSchema = usernameSchema.superRefine((name, context) => {
  const problem = newUsernameProblem(name);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

export const emailSchema = textSchema("Email is required")
  .trim()
  .min(1, { error: "Email is required", abort: true })
  .max(EMAIL_MAX_LENGTH, `Email is at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email("Enter a valid email address"))
  .transform((email) => email.toLowerCase());

/** A password as every form that sets one takes it; `required` is what a missing one is called. */
const passwordRules = (required: string) =>
  textSchema(required)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    // Eight spaces are the first guess of anyone who tries; spaces inside a passphrase are welcome.
    .refine((password) => password.trim() !== "", "Password can't be only spaces");

export const passwordSchema = passwordRules("Password is required");

/** The one a reset or a change sets, beside another password field: which one is missing is said. */
export const newPasswordSchema = passwordRules("New password is required");

export const fullNameSchema = textSchema("Full name is required")
  // Before the length is measured: what is stripped does not count against the limit.
  .overwrite(oneLineName)
  .min(1, "Full name is required")
  .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`)
  .refine(hasVisibleText, "Full name is required");

/** A text as the names it is held against are kept: no spaces around it, lower-case. */
const asName = (text: string) => text.trim().toLowerCase();

/**
 * A password that is the member's username or e-mail address (or the address's name part), the first
 * guess of anyone who knows them: why it is refused, at sign-up as at every change (spec §10). Compared
 * as the names are kept, trimmed and lower-case: " Alice " is as easy a guess as "alice".
 */
export function passwordNamesMember(
  password: string,
  member: { username: string; email: string },
): string | undefined {
  const guess = asName(password);
  if (guess === asName(member.username)) return "Password cannot be your username";
  const email = asName(member.email);
  if (guess === email || guess === email.split("@")[0]) return "Password cannot be your email address";
  return undefined;
}

/** POST /auth/signup (spec §7). */
export const signupBody = z
  .object({
    fullName: fullNameSchema,
    username: newUsernameSchema,
    email: emailSchema,
    password: passwordSchema,
  })
  .superRefine((body, context) => {
    const problem = passwordNamesMember(body.password, body);
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
  });
export type SignupBody = z.input<typeof signupBody>;

/**
 * POST /auth/signin: identifier is a username or an e-mail, case-insensitive. A password longer than
 * PASSWORD_MAX_LENGTH is no account's: the server answers it as a wrong one, not with the sign-up rule.
 */
export const signinBody = z.object({
  // Missing, null or empty: the same words (spec §10's rule for a field's own missing message).
  identifier: textSchema("Email or username is required")
    .trim()
    .min(1, "Email or username is required")
    .max(EMAIL_MAX_LENGTH, `Email or username is at most ${EMAIL_MAX_LENGTH} characters`),
  password: textSchema("Password is required").min(1, "Password is required"),
});
export type SigninBody = z.input<typeof signinBody>;

/** Auth response of spec §3; its user carries `_id` too, as every member does (design.md). */
export interface AuthResponse {
  token: string;
  user: { _id: string; id: string; username: string };
}
