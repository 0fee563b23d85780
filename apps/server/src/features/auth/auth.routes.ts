import { signinBody, signupBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AuthService } from "./auth.service.js";

export function authRoutes(deps: { auth: AuthService; rateLimitPerMinute: number }): FastifyPluginAsyncZod {
  const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: "1 minute" };
  return async (app) => {
    app.post(
      "/auth/signup",
      { schema: { body: signupBody }, config: { rateLimit } },
      async (request, reply) => {
        const answer = await deps.auth.signup(request.body);
        return reply.status(201).send(answer);
      },
    );

    app.post("/auth/signin", { schema: { body: signinBody }, config: { rateLimit } }, async (request) =>
      deps.auth.signin(request.body, { userAgent: request.headers["user-agent"], ip: request.ip }),
    );
  };
}
