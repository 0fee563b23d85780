import { pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import type { UsersService } from "../users/users.service.js";
import type { FollowsService } from "./follows.service.js";

const params = z.object({ userId: idSchema("Member not found") });
const requestParams = z.object({ userId: idSchema("Follow request not found") });
const followerParams = z.object({ userId: idSchema("Follower not found") });

export function followsRoutes(deps: { follows: FollowsService; users: UsersService }): FastifyPluginAsyncZod {
  const { follows, users } = deps;
  return async (app) => {
    // Spec §7 shows no answer for these two, so they carry a message (design.md) besides the state.
    app.post("/follow/:userId", { schema: { params } }, async (request) => {
      const answer = await follows.follow(request.caller, request.params.userId);
      return { message: answer.isRequested ? "Follow request sent" : "Followed", ...answer };
    });
    app.post("/unfollow/:userId", { schema: { params } }, async (request) => ({
      message: "Unfollowed",
      ...(await follows.unfollow(request.caller, request.params.userId)),
    }));
    app.get("/followers/:userId", { schema: { params, querystring: pageQuery } }, async (request) => {
      const member = await users.member(request.caller, { id: request.params.userId });
      const { members, nextCursor } = await follows.list(request.caller, "followers", member, request.query);
      return { followers: members, nextCursor };
    });
    app.delete("/followers/:userId", { schema: { params: followerParams } }, (request) =>
      follows.removeFollower(request.caller, request.params.userId),
    );
    app.get("/following/:userId", { schema: { params, querystring: pageQuery } }, async (request) => {
      const member = await users.member(request.caller, { id: request.params.userId });
      const { members, nextCursor } = await follows.list(request.caller, "following", member, request.query);
      return { following: members, nextCursor };
    });

    app.get("/follow-requests", { schema: { querystring: pageQuery } }, (request) =>
      follows.requests(request.caller, request.query),
    );
    app.post("/follow-requests/:userId/accept", { schema: { params: requestParams } }, (request) =>
      follows.acceptRequest(request.caller, request.params.userId),
    );
    app.post("/follow-requests/:userId/decline", { schema: { params: requestParams } }, (request) =>
      follows.declineRequest(request.caller, request.params.userId),
    );
  };
}
