import { postSearchQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { perMemberRateLimit } from "../../platform/rate-limits.js";
import type { SearchService } from "./search.service.js";

export function searchRoutes(deps: {
  search: SearchService;
  searchesPerMinute: number;
}): FastifyPluginAsyncZod {
  const { search } = deps;
  return async (app) => {
    // A static path: it is matched before GET /posts/:id, which would take "search" for an id (a 400).
    app.get(
      "/posts/search",
      { schema: { querystring: postSearchQuery }, config: perMemberRateLimit(deps.searchesPerMinute) },
      (request) => search.search(request.caller, request.query),
    );
  };
}
