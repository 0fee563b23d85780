import type { KeptMail, Mailer } from "../platform/mail.js";
import type { SmsSender, TextMessage } from "../platform/sms.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * The `nth` message (1: the first) the outbox kept for `to`, once it is there: mail sent in the
 * background arrives after the answer. It waits for the message, not for a clock; the test's own
 * timeout is the only limit.
 */
export async function keptMailTo(mailer: Mailer, to: string, nth = 1): Promise<KeptMail> {
  for (;;) {
    const found = mailer.kept.filter((mail) => mail.to === to)[nth - 1];
    if (found) return found;
    await tick();
  }
}

/** How many messages the outbox kept for `to` so far. */
export const keptCountFor = (outbox: Mailer | SmsSender, to: string) =>
  (outbox.kept as readonly (KeptMail | TextMessage)[]).filter((message) => message.to === to).length;

/** The newest text message the SMS outbox kept for `to`. */
export function keptTextTo(sms: SmsSender, to: string): TextMessage | undefined {
  return sms.kept.filter((message) => message.to === to).at(-1);
}
