import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { MailConfig } from "./config.js";
import { loadedLater } from "./loaded-later.js";

/** nodemailer, loaded with the first mail: most requests send none. */
const nodemailer = loadedLater(async () => (await import("nodemailer")).default);

/** One message to one address, in plain text and HTML (every mail client shows one of the two). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of MAIL_FROM (a support request: the member who wrote it). */
  replyTo?: string;
  /**
   * The one-time code the message carries, if any: written to the log by the outbox only (the embedded
   * default's way of reading it), never when real mail leaves.
   */
  code?: string;
}

/** A message the outbox kept instead of sending, as tests and the dev log read it. */
export interface KeptMail extends Mail {
  file: string | null;
  at: Date;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** "smtp" when SMTP_URL is set, else "outbox". */
  readonly kind: "smtp" | "outbox";
  /** What the outbox kept, newest last (empty for SMTP). Bounded: the oldest are dropped past 200. */
  readonly kept: readonly KeptMail[];
  close(): void;
}

const KEPT_IN_MEMORY = 200;

/**
 * The one mailer (nodemailer). With SMTP_URL mail leaves through that server; without it every message
 * is written to `$DATA_DIR/outbox/` as an .eml file and its subject (and code) logged, so a newcomer on
 * the embedded default can still read a password-reset code. Without a data folder (tests), the outbox
 * keeps messages in memory only.
 */
export function createMailer(config: MailConfig, dataDir: string | null, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.from, log);
  return outboxMailer(config.from, dataDir ? join(dataDir, "outbox") : null, log);
}

function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  let made: Transporter | undefined;
  const transport = loadedLater(async () => {
    made = (await nodemailer()).createTransport(smtpUrl);
    return made;
  });
  return {
    kind: "smtp",
    kept: [],
    async send({ to, subject, text, html, replyTo }) {
      try {
        await (await transport()).sendMail({ from, to, subject, text, html, ...(replyTo && { replyTo }) });
      } catch (error) {
        // The address is personal data, and the code a secret: the log names neither.
        log.error({ err: error, subject }, "mail could not be sent");
        throw error;
      }
    },
    close: () => made?.close(),
  };
}

function outboxMailer(from: string, folder: string | null, log: FastifyBaseLogger): Mailer {
  // Renders the same MIME message SMTP would carry, so the .eml opens in any mail program.
  const render = loadedLater(async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  const kept: KeptMail[] = [];
  if (folder) mkdirSync(folder, { recursive: true, mode: 0o700 });
  return {
    kind: "outbox",
    kept,
    async send(mail) {
      let file: string | null = null;
      if (folder) {
        const info = await (await render()).sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.replyTo && { replyTo: mail.replyTo }),
        });
        const stamp = new Date().toISOString().replace(/[:.]/g, "-");
        file = join(folder, `${stamp}-${randomBytes(3).toString("hex")}.eml`);
        writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      }
      kept.push({ ...mail, file, at: new Date() });
      if (kept.length > KEPT_IN_MEMORY) kept.shift();
      log.info(
        { to: mail.to, subject: mail.subject, ...(mail.code ? { code: mail.code } : {}), file },
        "mail kept in the outbox (SMTP_URL is not set)",
      );
    },
    close() {},
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A way into the app from a message: "label: href" in the text body, a button-like link in the HTML one. */
export interface MailLink {
  label: string;
  href: string;
}

/**
 * A message in Flik's words and look: a heading, paragraphs, links, and optionally a code shown large.
 * Returns the subject, text and HTML bodies a `Mail` needs; every value is escaped for the HTML body.
 */
export function composeMail(parts: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  links?: MailLink[];
  code?: string;
  footer?: string;
}): Mail {
  const links = parts.links ?? [];
  const footer = parts.footer ?? "You received this e-mail because of your Flik account.";
  const text = [
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...links.flatMap(({ label, href }) => [`${label}: ${href}`, ""]),
    ...(parts.code ? [`Your code: ${parts.code}`, ""] : []),
    "—",
    `Flik · ${footer}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#fafafa;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border:1px solid #e4e4e7;border-radius:12px" cellspacing="0" cellpadding="0"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:24px;font-weight:700;letter-spacing:-0.5px">Flik</p>
<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((paragraph) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join("\n")}
${links.map(({ label, href }) => `<p style="margin:8px 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#c026d3;color:#ffffff;font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`).join("\n")}
${parts.code ? `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(parts.code)}</p>` : ""}
<p style="margin:24px 0 0;font-size:12px;color:#6b6b75">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html, ...(parts.code ? { code: parts.code } : {}) };
}
