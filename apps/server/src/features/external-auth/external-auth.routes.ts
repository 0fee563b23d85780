import {
  type AuthProvidersResponse,
  externalSyncBody,
  handoffBody,
  type LinkedIdentitiesResponse,
  linkIdentityBody,
} from "@flik/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import type { AddressRateLimit } from "../../platform/rate-limits.js";
import type { ExternalAuthService } from "./external-auth.service.js";

/** The bearer token of a request, if it carries one. */
function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

const clientOf = (request: FastifyRequest) => ({ userAgent: request.headers["user-agent"], ip: request.ip });

/** Public external sign-in calls: the provider to sign in with, the sign-in itself, the hand-off. */
export function externalAuthRoutes(deps: {
  externalAuth: ExternalAuthService;
  /** Per client address, as sign-in is. */
  rateLimit: AddressRateLimit;
}): FastifyPluginAsyncZod {
  const { externalAuth, rateLimit } = deps;
  return async (app) => {
    app.get("/auth/providers", async (): Promise<AuthProvidersResponse> => externalAuth.providers());

    app.post(
      "/auth/auth0",
      { schema: { body: externalSyncBody }, config: { rateLimit } },
      async (request, reply) => {
        const { created, answer } = await externalAuth.signIn(
          bearerToken(request),
          request.body,
          clientOf(request),
        );
        return reply.status(created ? 201 : 200).send(answer);
      },
    );

    app.post("/auth/handoff", { schema: { body: handoffBody }, config: { rateLimit } }, async (request) =>
      externalAuth.exchangeHandoff(request.body.code, clientOf(request)),
    );
  };
}

/** The signed-in member's linked sign-ins (Settings › Linked sign-ins). */
export function identitiesRoutes(deps: {
  externalAuth: ExternalAuthService;
  rateLimit: AddressRateLimit;
}): FastifyPluginAsyncZod {
  const { externalAuth, rateLimit } = deps;
  return async (app) => {
    app.get(
      "/user/identities",
      async (request): Promise<LinkedIdentitiesResponse> => externalAuth.identities(request.caller),
    );

    app.post(
      "/user/identities",
      { schema: { body: linkIdentityBody }, config: { rateLimit } },
      async (request, reply) => {
        const linked = await externalAuth.link(request.caller, request.body.idToken);
        return reply.status(linked ? 201 : 200).send(await externalAuth.identities(request.caller));
      },
    );

    app.delete(
      "/user/identities/:id",
      { schema: { params: z.object({ id: idSchema("Linked sign-in not found") }) } },
      async (request): Promise<LinkedIdentitiesResponse> => {
        await externalAuth.unlink(request.caller, request.params.id);
        return externalAuth.identities(request.caller);
      },
    );
  };
}
