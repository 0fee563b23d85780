import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { inject, vi } from "vitest";

/**
 * The shared server's outbox: without SMTP_URL and SMS_WEBHOOK_URL it writes every mail to
 * `$DATA_DIR/outbox/*.eml` and every text message to `$DATA_DIR/outbox/sms-*.txt` (README, "Account
 * security"), which is where a journey reads the one-time code a person would read in their inbox.
 */
const folder = () => join(inject("dataDir"), "outbox");

export interface KeptMessage {
  file: string;
  to: string;
  /** The whole message as written (headers and bodies), soft line breaks of quoted-printable undone. */
  text: string;
}

function kept(kind: "mail" | "sms"): KeptMessage[] {
  const dir = folder();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => (kind === "sms" ? /^sms-.*\.txt$/.test(name) : name.endsWith(".eml")))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), "utf8").replace(/=\r?\n/g, "");
      const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? "";
      return { file: name, to: headers.match(/^To: *(.*)$/im)?.[1]?.trim() ?? "", text };
    });
}

/** The mails sent to `address` so far, oldest first. */
export const mailsTo = (address: string) =>
  kept("mail").filter((mail) => mail.to.toLowerCase() === address.toLowerCase());

/** Every text message sent so far, to anyone. */
export const allTexts = () => kept("sms");

/** The text messages sent to `phone` (E.164) so far, oldest first. */
export const textsTo = (phone: string) => kept("sms").filter((sms) => sms.to === phone);

/** The code as mail ("Your code: 123456") and text messages ("Your Flik code is 123456, …") give it. */
function codeIn(message: KeptMessage | undefined): string | undefined {
  return message?.text.match(/Your (?:Flik )?code(?::| is) (\d{6})\b/)?.[1];
}

/**
 * Waits for the newest code mailed to `address` beyond the `already` mails there before (the server
 * sends after it answers), as long as the test's own timeout allows.
 */
export async function mailedCode(address: string, already = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const mails = mailsTo(address).slice(already);
      const code = codeIn(mails.findLast((mail) => codeIn(mail)));
      if (!code) throw new Error(`no code mailed to ${address} yet`);
      return code;
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** Waits for the newest code texted to `phone` (E.164) beyond the `already` messages there before. */
export async function textedCode(phone: string, already = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const code = codeIn(textsTo(phone).slice(already).at(-1));
      if (!code) throw new Error(`no code texted to ${phone} yet`);
      return code;
    },
    { timeout: 30_000, interval: 100 },
  );
}
