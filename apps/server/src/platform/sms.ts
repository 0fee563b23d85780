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
  readonly kept: readonly (TextMessage & { at: Date })[];
}

const KEPT_IN_MEMORY = 200;
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Phone codes leave through one interface. With SMS_WEBHOOK_URL each message is POSTed there as JSON
 * `{"to": "+14155552671", "body": "..."}` (with SMS_WEBHOOK_AUTHORIZATION as the Authorization header),
 * which any gateway (Twilio through a small function, an SMS-to-HTTP bridge, a provider's webhook) can
 * take; a 2xx answer means sent. Without it, messages are logged and kept in memory (the outbox).
 */
export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  const kept: (TextMessage & { at: Date })[] = [];
  const { webhookUrl, webhookAuthorization } = config;
  if (!webhookUrl) {
    return {
      kind: "outbox",
      kept,
      async send(message) {
        kept.push({ ...message, at: new Date() });
        if (kept.length > KEPT_IN_MEMORY) kept.shift();
        log.info(
          { to: message.to, ...(message.code ? { code: message.code } : {}) },
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
