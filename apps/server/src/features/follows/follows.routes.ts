import { pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { UsersService } from "../users/users.service.js";
import type { FollowsService } from "./follows.service.js";

const params = z.object({ userId: z.uuid("Member not found") });

export function followsRoutes(deps: {
  follows: FollowsService;
  users: UsersService;
  sessions: SessionsService;
}): FastifyPluginAsyncZod {
  const { follows, users } = deps;
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));
    app.post("/follow/:userId", { schema: { params } }, (request) =>
      follows.follow(callerOf(request), request.params.userId),
    );
    app.post("/unfollow/:userId", { schema: { params } }, (request) =>
      follows.unfollow(callerOf(request), request.params.userId),
    );
    app.get("/followers/:userId", { schema: { params, querystring: pageQuery } }, async (request) => {
      const member = await users.member(request.params.userId);
      const { members, nextCursor } = await follows.list(
        callerOf(request),
        "followers",
        member,
        request.query,
      );
      return { followers: members, nextCursor };
    });
    app.get("/following/:userId", { schema: { params, querystring: pageQuery } }, async (request) => {
      const member = await users.member(request.params.userId);
      const { members, nextCursor } = await follows.list(
        callerOf(request),
        "following",
        member,
        request.query,
      );
      return { following: members, nextCursor };
    });
  };
}
