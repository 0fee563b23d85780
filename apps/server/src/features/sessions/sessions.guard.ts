import type { FastifyRequest } from "fastify";
import { unauthorized } from "../../platform/errors.js";
import type { Caller, SessionsService } from "./sessions.service.js";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** An onRequest hook that admits only requests whose token belongs to a live session. */
export function requireCaller(sessions: SessionsService) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const caller = await sessions.authenticate(token);
    if (!caller) throw unauthorized("Your session has ended. Please sign in again.");
    request.caller = caller;
  };
}

/** The caller of a route behind `requireCaller`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
