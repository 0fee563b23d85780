import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../../platform/caller.js";
import { unauthorized } from "../../platform/errors.js";
import type { SessionsService } from "./sessions.service.js";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The signed-in caller. Only routes registered inside `signedInScope` have it (there it is always
     * set); routes outside the scope (auth, health) must not read it.
     */
    readonly caller: Caller;
    /** Where the scope's hook keeps the caller; read `caller` instead. */
    callerSlot: Caller | null;
  }
}

/** The bearer token of a request, if it carries one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * The one scope of signed-in routes: every route registered inside it answers only requests whose token
 * belongs to a live session, and reads `request.caller` as a given. Outside it, `request.caller` is a 401.
 */
export function signedInScope(
  sessions: SessionsService,
  register: (scope: FastifyInstance) => Promise<void>,
) {
  return async (app: FastifyInstance) => {
    app.decorateRequest("callerSlot", null);
    app.decorateRequest("caller", {
      getter(this: FastifyRequest) {
        if (!this.callerSlot) throw unauthorized();
        return this.callerSlot;
      },
    });
    await app.register(async (scope) => {
      scope.addHook("onRequest", async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        const caller = await sessions.authenticate(token);
        if (!caller) throw unauthorized("Your session has ended. Please sign in again.");
        request.callerSlot = caller;
      });
      await register(scope);
    });
  };
}
