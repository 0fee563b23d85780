import { commentBody, createPostBody, pageQuery, updatePostBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { PostsService } from "./posts.service.js";

const params = { params: z.object({ id: z.uuid("Post not found") }) };

export function postsRoutes(deps: { posts: PostsService; sessions: SessionsService }): FastifyPluginAsyncZod {
  const { posts } = deps;
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));

    app.get("/posts", { schema: { querystring: pageQuery } }, (request) =>
      posts.feed(callerOf(request), request.query),
    );
    app.post("/posts", { schema: { body: createPostBody } }, async (request, reply) =>
      reply.status(201).send({ post: await posts.create(callerOf(request), request.body) }),
    );
    app.get("/posts/:id", { schema: params }, async (request) => ({
      post: await posts.get(callerOf(request), request.params.id),
    }));
    app.put("/posts/:id", { schema: { ...params, body: updatePostBody } }, async (request) => ({
      post: await posts.update(callerOf(request), request.params.id, request.body),
    }));
    app.delete("/posts/:id", { schema: params }, async (request) => {
      await posts.remove(callerOf(request), request.params.id);
      return { message: "Post deleted" };
    });
    app.post("/posts/:id/like", { schema: params }, (request) =>
      posts.like(callerOf(request), request.params.id),
    );
    app.post("/posts/:id/unlike", { schema: params }, (request) =>
      posts.unlike(callerOf(request), request.params.id),
    );
    app.post("/posts/:id/comment", { schema: { ...params, body: commentBody } }, async (request, reply) =>
      reply.status(201).send(await posts.comment(callerOf(request), request.params.id, request.body)),
    );
    app.post("/posts/:id/share", { schema: params }, (request) =>
      posts.share(callerOf(request), request.params.id),
    );
  };
}
