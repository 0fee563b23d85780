import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { isLoopback } from "./addresses.js";
import { HttpError } from "./errors.js";

/** "1 second", "42 seconds", "3 minutes": how long to wait, rounded up, for a message. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** A 429 that tells a well-behaved client when to come back (the `Retry-After` header, in seconds). */
export function tooManyFor(message: string, retryAfterMs: number) {
  return new HttpError(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/**
 * A limit keyed by what the request names (an e-mail address, the signed-in member) rather than by the
 * client's address: checked before the handler, after the body is validated, so the key is the value
 * the handler will use (a normalised e-mail, not one of its spellings). A route's `config.rateLimit`
 * limits its client address beside it (`perAddressRateLimit`). Counted in this process, like every
 * limit of @fastify/rate-limit's local store.
 */
export function limitPer(
  app: FastifyInstance,
  options: {
    max: number;
    windowMs: number;
    key: (request: FastifyRequest) => string;
    message: (wait: string) => string;
  },
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: options.key,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw tooManyFor(options.message(waitText(result.ttl)), result.ttl);
    }
  };
}

/**
 * A route's `config` limiting each signed-in member to `max` calls a minute (the searches): checked
 * after the caller is known, so the limit is each member's, whatever address they come from.
 */
export function perMemberRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) => request.caller.userId,
    },
  };
}

export type AddressRateLimit = ReturnType<typeof perAddressRateLimit>;

/**
 * A route's `config.rateLimit` allowing each client address `max` calls a minute (`request.ip`: the
 * peer, or with TRUST_PROXY the address the proxy saw). Calls from this machine itself are not counted:
 * there the address names no client but the operator's own scripts and tests, or a reverse proxy not
 * declared with TRUST_PROXY, behind which every member would share one count and a handful of sign-ins
 * a minute would lock the whole community out. The limits per account, e-mail address and member
 * (`limitPer`, the sign-in throttle) count those calls all the same. The first call through such a
 * proxy (a loopback peer sending X-Forwarded-For) logs a warning naming the setting.
 */
export function perAddressRateLimit(max: number, options: { trustProxy: boolean }) {
  let warned = false;
  return {
    max,
    timeWindow: "1 minute",
    allowList: (request: FastifyRequest): boolean => {
      if (!isLoopback(request.ip)) return false;
      if (!options.trustProxy && !warned && request.headers["x-forwarded-for"] !== undefined) {
        warned = true;
        request.log.warn(
          "a call came through a proxy (X-Forwarded-For from this machine): set TRUST_PROXY=true so that limits per client address count each client",
        );
      }
      return true;
    },
  };
}
