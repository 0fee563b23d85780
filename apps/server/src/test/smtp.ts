import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";

/** A message as the SMTP server received it: envelope and the raw MIME source. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Quoted-printable soft breaks undone, so a test can search the text as written. */
  source: string;
  receivedAt: number;
}

/**
 * A real SMTP server (smtp-server) on a random local port, as a mail provider's would be; closed after
 * the test file. `url` is what SMTP_URL takes.
 */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiting: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          source: raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
          receivedAt: Date.now(),
        };
        inbox.push(mail);
        for (const waiter of waiting.splice(0)) {
          if (waiter.match(mail)) waiter.resolve(mail);
          else waiting.push(waiter);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The next (or an already received) message to `to`, optionally after index `since` of the inbox. */
    nextMailTo(to: string, since = 0): Promise<ReceivedMail> {
      const match = (mail: ReceivedMail) => mail.to.includes(to);
      const found = inbox.slice(since).find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}

/** The six-digit code a Flik message carries ("Your code: 123456" in its text body). */
export function codeIn(mail: { source: string } | { text: string }): string {
  const body = "source" in mail ? mail.source : mail.text;
  const match = /Your code: (\d{6})/.exec(body);
  if (!match?.[1]) throw new Error("no code in this message");
  return match[1];
}
