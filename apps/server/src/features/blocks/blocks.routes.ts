import { blockBody, unblockBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BlocksService } from "./blocks.service.js";

export function blocksRoutes(blocks: BlocksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/user/block", { schema: { body: blockBody } }, (request) =>
      blocks.block(request.caller, request.body.userId),
    );
    app.put("/user/unblock", { schema: { body: unblockBody } }, (request) =>
      blocks.unblock(request.caller, request.body.userId),
    );
  };
}
