import { OTP_VALID_MINUTES } from "@flik/shared";
import { composeMail } from "../../platform/mail.js";

/** The code of a password reset (POST /auth/forgot-password), to the member's address. */
export const resetCodeMail = (member: { email: string; username: string }, code: string) =>
  composeMail({
    to: member.email,
    subject: "Your Flik password reset code",
    heading: "Reset your password",
    paragraphs: [
      `Someone asked to reset the password of @${member.username} on Flik. Enter this code on the reset screen to choose a new one. It expires in ${OTP_VALID_MINUTES} minutes.`,
      "If that wasn't you, ignore this e-mail: your password stays as it is.",
    ],
    code,
  });

/** Told after any password change, so a change the member did not make does not go unnoticed. */
export const passwordChangedMail = (member: { email: string; username: string }, how: "reset" | "changed") =>
  composeMail({
    to: member.email,
    subject: "Your Flik password was changed",
    heading: "Your password was changed",
    paragraphs: [
      how === "reset"
        ? `The password of @${member.username} was reset with a code sent to this address, and every device was signed out.`
        : `The password of @${member.username} was changed in Settings, and every other device was signed out.`,
      "If you did this, there is nothing more to do. If you didn't, reset your password from Flik's sign-in screen right away.",
    ],
  });
