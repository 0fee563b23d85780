import { commentBody, type MediaBodies, pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import { JSON_TEXT } from "../../platform/kept-answers.js";
import type { PostsService } from "./posts.service.js";

const params = { params: z.object({ id: idSchema("Post not found") }) };
const commentParams = {
  params: z.object({ id: idSchema("Post not found"), commentId: idSchema("Comment not found") }),
};

/** `bodies` hold media URLs to the media host in use (issue 20). */
export function postsRoutes(posts: PostsService, bodies: MediaBodies): FastifyPluginAsyncZod {
  const { createPostBody, updatePostBody } = bodies;
  return async (app) => {
    // Kept answers are JSON text already: sent as they are.
    app.get("/posts", { schema: { querystring: pageQuery } }, async (request, reply) =>
      reply.type(JSON_TEXT).send(await posts.feed(request.caller, request.query)),
    );
    app.post("/posts", { schema: { body: createPostBody } }, async (request, reply) =>
      reply.status(201).send({ post: await posts.create(request.caller, request.body) }),
    );
    app.get("/posts/:id", { schema: params }, async (request, reply) =>
      reply.type(JSON_TEXT).send(await posts.postAnswer(request.caller, request.params.id)),
    );
    // Spec §7 shows no answer for an edit or an unlike: a message (design.md) beside what changed.
    app.put("/posts/:id", { schema: { ...params, body: updatePostBody } }, async (request) => ({
      message: "Post updated",
      post: await posts.update(request.caller, request.params.id, request.body),
    }));
    app.delete("/posts/:id", { schema: params }, async (request) => {
      await posts.remove(request.caller, request.params.id);
      return { message: "Post deleted" };
    });
    app.post("/posts/:id/like", { schema: params }, (request) =>
      posts.like(request.caller, request.params.id),
    );
    app.post("/posts/:id/unlike", { schema: params }, async (request) => ({
      message: "Post unliked",
      ...(await posts.unlike(request.caller, request.params.id)),
    }));
    // An extension: a post's comments past those it lists, a page at a time (flicks' too: a flick is a post).
    app.get("/posts/:id/comments", { schema: { ...params, querystring: pageQuery } }, (request) =>
      posts.comments(request.caller, request.params.id, request.query),
    );
    app.post("/posts/:id/comment", { schema: { ...params, body: commentBody } }, async (request, reply) =>
      reply.status(201).send(await posts.comment(request.caller, request.params.id, request.body)),
    );
    app.delete("/posts/:id/comments/:commentId", { schema: commentParams }, (request) =>
      posts.deleteComment(request.caller, request.params.id, request.params.commentId),
    );
    app.post("/posts/:id/share", { schema: params }, (request) =>
      posts.share(request.caller, request.params.id),
    );
  };
}
