import { forgotPasswordBody, resetPasswordBody, signinBody, signupBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AddressRateLimit, limitPer } from "../../platform/rate-limits.js";
import { CODE_REQUESTS_PER_TARGET, codeRequestsRefused } from "../account/account.limits.js";
import type { AuthService } from "./auth.service.js";
import type { PasswordResetService } from "./password-reset.service.js";

export function authRoutes(deps: {
  auth: AuthService;
  passwordReset: PasswordResetService;
  /** Per client address; sign-in is limited per account as well (sign-in-throttle.ts). */
  rateLimit: AddressRateLimit;
}): FastifyPluginAsyncZod {
  const { rateLimit } = deps;
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

    // Limited per address and per e-mail address asked about, known or not: an inbox cannot be
    // flooded from many addresses, and the limit answers alike for every address.
    const perEmail = limitPer(app, {
      ...CODE_REQUESTS_PER_TARGET,
      key: (request) => (request.body as { email: string }).email,
      message: codeRequestsRefused,
    });
    app.post(
      "/auth/forgot-password",
      { schema: { body: forgotPasswordBody }, config: { rateLimit }, preHandler: perEmail },
      async (request) => deps.passwordReset.forgot(request.body.email),
    );
    app.post(
      "/auth/reset-password",
      { schema: { body: resetPasswordBody }, config: { rateLimit } },
      async (request) => deps.passwordReset.reset(request.body),
    );
  };
}
