import { z } from "zod";
import { emailSchema, newPasswordSchema, passwordNamesMember } from "./auth.js";
import {
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUPPORT_MESSAGE_MAX_LENGTH,
} from "./constants.js";
import { memberIdSchema } from "./ids.js";
import { textSchema } from "./text.js";
import { hasVisibleText, textLength } from "./text-input.js";

/**
 * Account and settings calls of spec §7 (forgot and reset password, password, e-mail change, privacy,
 * support): their bodies, validated the same way in the browser and at the server's edge. The phone
 * change's body is in phone.ts, apart: its rule needs libphonenumber-js's metadata (about 30 KB
 * compressed), which the forgot-password page, using this file, should not download.
 */

/** Spec §5: 'OTP cannot be empty'; a code is exactly six digits (spec §9). */
export const otpSchema = textSchema("OTP cannot be empty")
  .trim()
  .min(1, "OTP cannot be empty")
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `The code is ${OTP_LENGTH} digits`);

/** Spec §5: the new e-mail must be non-empty after trimming. */
const newEmailSchema = textSchema("Email cannot be empty")
  .trim()
  .min(1, "Email cannot be empty")
  .pipe(emailSchema);

/** POST /auth/forgot-password. */
export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** POST /auth/reset-password. */
export const resetPasswordBody = z.object({
  email: emailSchema,
  otp: otpSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** PUT /user/password (spec §5: both are needed; the server's further rules are `newPasswordProblem`). */
export const changePasswordBody = z.object({
  currentPassword: textSchema("Current password is required").min(1, "Current password is required"),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Said when an account with a password is deleted without it (a wrong one is "Password is incorrect"). */
export const DELETE_ACCOUNT_PASSWORD_MISSING = "Enter your password to delete your account";
/** Said when an account without a password (made through a sign-in provider) is deleted without its name. */
export const DELETE_ACCOUNT_USERNAME_MISSING = "Type your username to confirm";

/** How recent the sign-in of an account without a password must be to delete it (its username proves nothing). */
export const DELETE_ACCOUNT_FRESH_SIGN_IN_MS = 15 * 60_000;
export const DELETE_ACCOUNT_SIGN_IN_AGAIN =
  "For your security, log out and sign in again, then delete your account within 15 minutes.";

/**
 * DELETE /user: the account's password, or, for an account that has none (made through a sign-in
 * provider), its username typed again. Which one the account needs is the server's to say.
 */
export const deleteAccountBody = z.object({
  password: textSchema(DELETE_ACCOUNT_PASSWORD_MISSING).max(PASSWORD_MAX_LENGTH).optional(),
  username: textSchema(DELETE_ACCOUNT_USERNAME_MISSING).trim().max(100).optional(),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

/**
 * The rules a new password must meet beyond its length (shown in the password form, checked by the
 * server): not the current one, not the member's username or e-mail. Returns the first rule broken.
 */
export function newPasswordProblem(
  newPassword: string,
  member: { username: string; email: string },
  currentPassword?: string,
): string | undefined {
  // Counted as every limit is, in code points (passwordSchema's): an emoji is one character.
  const length = textLength(newPassword);
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (currentPassword !== undefined && newPassword === currentPassword)
    return "New password must be different from the current one";
  return passwordNamesMember(newPassword, member);
}

/** The rules `newPasswordProblem` applies, as the password form lists them. */
export const PASSWORD_RULES = [
  `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  "Different from your current password",
  "Not your username or email address",
] as const;

/** POST /user/request-email-otp: the code goes to the NEW address. */
export const requestEmailOtpBody = z.object({ email: newEmailSchema });
/**
 * POST /user/request-email-otp with the member's own address while it is not verified: the code goes
 * there, to verify it (notification e-mails go only to a verified address).
 */
export const EMAIL_VERIFY_CODE_SENT = "OTP sent to your email!";
export type RequestEmailOtpBody = z.input<typeof requestEmailOtpBody>;

/** POST /user/verify-email-otp and POST /user/phone/verify. */
export const verifyOtpBody = z.object({ otp: otpSchema });
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

/**
 * Who may start a chat with a member (issue 16): everyone (a chat from someone they don't follow waits
 * in their message requests) or only the members they follow.
 */
export const MESSAGES_FROM = ["everyone", "following"] as const;
export type MessagesFrom = (typeof MESSAGES_FROM)[number];

/** PUT /user/privacy: each setting may be sent alone; at least one is needed. */
export const privacyBody = z
  .object({
    isPrivate: z.boolean("isPrivate must be true or false").optional(),
    emailNotifications: z.boolean("emailNotifications must be true or false").optional(),
    pushNotifications: z.boolean("pushNotifications must be true or false").optional(),
    messagesFrom: z.enum(MESSAGES_FROM, "messagesFrom must be everyone or following").optional(),
  })
  .refine(
    (body) =>
      body.isPrivate !== undefined ||
      body.emailNotifications !== undefined ||
      body.pushNotifications !== undefined ||
      body.messagesFrom !== undefined,
    "Send isPrivate, emailNotifications, pushNotifications or messagesFrom",
  );
export type PrivacyBody = z.input<typeof privacyBody>;

/** PUT /user/unblock. */
export const unblockBody = z.object({ userId: memberIdSchema("userId") });

/** POST /user/block (issue 16): the same body as unblocking. */
export const blockBody = unblockBody;

/** POST /support (spec §5: 'Please enter a message'). */
export const supportBody = z.object({
  message: textSchema("Please enter a message")
    .trim()
    .min(1, "Please enter a message")
    .max(SUPPORT_MESSAGE_MAX_LENGTH, `A message may be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`)
    // Zero-width spaces alone would reach support as a blank message.
    .refine(hasVisibleText, "Please enter a message"),
});
export type SupportBody = z.input<typeof supportBody>;
