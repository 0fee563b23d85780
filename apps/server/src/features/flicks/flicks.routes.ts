import { commentBody, flickLikeBody, pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { FlicksService } from "./flicks.service.js";

const params = { params: z.object({ id: z.uuid("Flick not found") }) };

/** The flicks calls of spec §7. */
export function flicksRoutes(deps: {
  flicks: FlicksService;
  sessions: SessionsService;
}): FastifyPluginAsyncZod {
  const { flicks } = deps;
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));

    app.get("/flicks", { schema: { querystring: pageQuery } }, (request) =>
      flicks.feed(callerOf(request), request.query),
    );
    app.post("/flicks/:id/like", { schema: { ...params, body: flickLikeBody } }, (request) =>
      flicks.like(callerOf(request), request.params.id, request.body),
    );
    app.post("/flicks/:id/comment", { schema: { ...params, body: commentBody } }, async (request, reply) =>
      reply.status(201).send(await flicks.comment(callerOf(request), request.params.id, request.body)),
    );
    app.post("/flicks/:id/share", { schema: params }, (request) =>
      flicks.share(callerOf(request), request.params.id),
    );
    app.delete("/flicks/:id", { schema: params }, async (request) => {
      await flicks.remove(callerOf(request), request.params.id);
      return { message: "Flick deleted" };
    });
  };
}
