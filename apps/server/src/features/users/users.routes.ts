import type { UserResponse } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { UsersService } from "./users.service.js";

export function usersRoutes(deps: { users: UsersService; sessions: SessionsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));

    const me = async (request: Parameters<typeof callerOf>[0]): Promise<UserResponse> => ({
      user: await deps.users.me(callerOf(request)),
    });
    app.get("/user", me);
    app.get("/profile/me", me);
  };
}
