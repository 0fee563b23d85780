import { OTP_VALID_MINUTES } from "@flik/shared";
import { composeMail } from "../../platform/mail.js";
import type { TextMessage } from "../../platform/sms.js";

/** The code that confirms a new e-mail address, to that new address. */
export const emailChangeCodeMail = (to: string, username: string, code: string) =>
  composeMail({
    to,
    subject: "Confirm your new Flik email",
    heading: "Confirm your new email address",
    paragraphs: [
      `@${username} asked to use this address for their Flik account. Enter this code in Settings to confirm it. It expires in ${OTP_VALID_MINUTES} minutes.`,
      "If you didn't ask for this, ignore this e-mail: nothing changes without the code.",
    ],
    code,
  });

/** The code that confirms the address a member already has (one they signed up with, never proved). */
export const emailVerifyCodeMail = (to: string, username: string, code: string) =>
  composeMail({
    to,
    subject: "Verify your Flik email",
    heading: "Verify your email address",
    paragraphs: [
      `@${username} uses this address for their Flik account. Enter this code in Settings to verify it: notification emails are sent only to a verified address. It expires in ${OTP_VALID_MINUTES} minutes.`,
      "If you don't have a Flik account, ignore this e-mail: without the code, no notification emails come here.",
    ],
    code,
  });

/** "a•••@example.com": enough for the owner to recognise the address, not enough to hand it out. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

/** Told to the address a member just left, in case the change was not theirs. */
export const emailChangedMail = (oldEmail: string, username: string, newEmail: string) =>
  composeMail({
    to: oldEmail,
    subject: "Your Flik email address was changed",
    heading: "Your email address was changed",
    paragraphs: [
      `The e-mail address of @${username} on Flik is now ${maskEmail(newEmail)}. Codes and notices go there from now on.`,
      "If you made this change, there is nothing more to do. If you didn't, someone else may be signed in to your account: change your password and log out other devices in Settings, or write to us from Settings → Support.",
    ],
  });

/** The code that confirms a new phone number, texted to it. */
export const phoneChangeCodeText = (to: string, code: string): TextMessage => ({
  to,
  body: `Your Flik code is ${code}, to add this number to a Flik account. It expires in ${OTP_VALID_MINUTES} minutes. If you didn't ask for it, ignore this text; don't share the code with anyone.`,
  code,
});
