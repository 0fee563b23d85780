import { commentBody, flickLikeBody, pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import { JSON_TEXT } from "../../platform/kept-answers.js";
import type { FlicksService } from "./flicks.service.js";

const params = { params: z.object({ id: idSchema("Flick not found") }) };

/** The flicks calls of spec §7. */
export function flicksRoutes(flicks: FlicksService): FastifyPluginAsyncZod {
  return async (app) => {
    // A kept answer is JSON text already: sent as it is.
    app.get("/flicks", { schema: { querystring: pageQuery } }, async (request, reply) =>
      reply.type(JSON_TEXT).send(await flicks.feed(request.caller, request.query)),
    );
    app.post("/flicks/:id/like", { schema: { ...params, body: flickLikeBody } }, (request) =>
      flicks.like(request.caller, request.params.id, request.body),
    );
    app.post("/flicks/:id/comment", { schema: { ...params, body: commentBody } }, async (request, reply) =>
      reply.status(201).send(await flicks.comment(request.caller, request.params.id, request.body)),
    );
    app.post("/flicks/:id/share", { schema: params }, (request) =>
      flicks.share(request.caller, request.params.id),
    );
    app.delete("/flicks/:id", { schema: params }, async (request) => {
      await flicks.remove(request.caller, request.params.id);
      return { message: "Flick deleted" };
    });
  };
}
