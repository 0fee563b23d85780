import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { SmsConfig } from "./config.js";

/** One text message to one phone number (E.164). */
export interface TextMessage {
  to: string;
  body: string;
  /** The one-time code it carries: logged by the outbox only, never when a gateway sends it. */
  code?: string;
}

export interface SmsSender {
  send(message: TextMessage): Promise<void>;
  readonly kind: "webhook" | "outbox";
  /** What the outbox kept, newest last (empty for the webhook), at most 200. */
  readonly kept: readonly KeptTextMessage[];
}

export interface KeptTextMessage extends TextMessage {
  at: Date;
  /** The `.txt` file in `$DATA_DIR/outbox` it was written to; null without a data folder (tests). */
  file: string | null;
}

const KEPT_IN_MEMORY = 200;
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Phone codes leave through one interface. With SMS_WEBHOOK_URL each message is POSTed there as JSON
 * `{"to": "+14155552671", "body": "..."}` (with SMS_WEBHOOK_AUTHORIZATION as the Authorization header),
 * which any gateway (Twilio through a small function, an SMS-to-HTTP bridge, a provider's webhook) can
 * take; a 2xx answer means sent. Without it, messages are logged and written to `$DATA_DIR/outbox/` as
 * `sms-*.txt` files beside the mail (kept in memory only without a data folder, as in tests).
 */
export function createSmsSender(
  config: SmsConfig,
  dataDir: string | null,
  log: FastifyBaseLogger,
): SmsSender {
  const kept: KeptTextMessage[] = [];
  const folder = dataDir ? join(dataDir, "outbox") : null;
  const { webhookUrl, webhookAuthorization } = config;
  if (!webhookUrl) {
    return {
      kind: "outbox",
      kept,
      async send(message) {
        let file: string | null = null;
        if (folder) {
          mkdirSync(folder, { recursive: true, mode: 0o700 });
          const stamp = new Date().toISOString().replace(/[:.]/g, "-");
          file = join(folder, `sms-${stamp}-${randomBytes(3).toString("hex")}.txt`);
          writeFileSync(file, `To: ${message.to}\n\n${message.body}\n`, { mode: 0o600 });
        }
        kept.push({ ...message, at: new Date(), file });
        if (kept.length > KEPT_IN_MEMORY) kept.shift();
        log.info(
          { to: message.to, ...(message.code ? { code: message.code } : {}), file },
          "text message kept in the outbox (SMS_WEBHOOK_URL is not set)",
        );
      },
    };
  }
  return {
    kind: "webhook",
    kept,
    async send({ to, body }) {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(webhookAuthorization ? { authorization: webhookAuthorization } : {}),
        },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) {
        log.error({ status: response.status }, "the SMS gateway refused a text message");
        throw new Error(`SMS gateway answered ${response.status}`);
      }
    },
  };
}
