import { exploreQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ExploreService } from "./explore.service.js";

export function exploreRoutes(explore: ExploreService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/explore", { schema: { querystring: exploreQuery } }, (request) =>
      explore.page(request.caller, request.query),
    );
  };
}
