import type { FastifyBaseLogger } from "fastify";
import type { Mail, Mailer } from "./mail.js";

/**
 * Sends without making the request wait (a notice, or a code whose answer must not take longer for a
 * known address than for an unknown one). A failure is logged, without the address or the code; the
 * member can ask again.
 */
export function sendLater(mailer: Mailer, mail: Mail, log: FastifyBaseLogger) {
  mailer.send(mail).catch((error: unknown) => {
    log.warn({ err: error, subject: mail.subject }, "a mail sent in the background failed");
  });
}
