import { supportBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SupportService } from "./support.service.js";

export function supportRoutes(support: SupportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/support", { schema: { body: supportBody } }, async (request, reply) => {
      await support.submit(request.caller, request.body.message);
      return reply.status(201).send({ message: "Support request submitted!" });
    });
  };
}
