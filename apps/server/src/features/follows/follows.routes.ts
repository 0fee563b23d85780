import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { FollowsService } from "./follows.service.js";

const params = z.object({ userId: z.uuid("Member not found") });

export function followsRoutes(deps: {
  follows: FollowsService;
  sessions: SessionsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));
    app.post("/follow/:userId", { schema: { params } }, (request) =>
      deps.follows.follow(callerOf(request), request.params.userId),
    );
    app.post("/unfollow/:userId", { schema: { params } }, (request) =>
      deps.follows.unfollow(callerOf(request), request.params.userId),
    );
  };
}
