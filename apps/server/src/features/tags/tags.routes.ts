import { pageQuery, tagSearchQuery, textSchema } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { perMemberRateLimit } from "../../platform/rate-limits.js";
import type { TagsService } from "./tags.service.js";

/** A tag as a path names it: with or without its #, any case (normalised by the service). */
const params = {
  params: z.object({ name: textSchema("Tag not found").max(200, "Tag is at most 200 characters") }),
};

export function tagsRoutes(deps: { tags: TagsService; searchesPerMinute: number }): FastifyPluginAsyncZod {
  const { tags } = deps;
  return async (app) => {
    app.get(
      "/tags/search",
      { schema: { querystring: tagSearchQuery }, config: perMemberRateLimit(deps.searchesPerMinute) },
      (request) => tags.search(request.caller, request.query.q, request.query.limit),
    );
    app.get("/tags/trending", (request) => tags.trending(request.caller));
    app.get("/tags/:name/posts", { schema: { ...params, querystring: pageQuery } }, (request) =>
      tags.page(request.caller, request.params.name, request.query),
    );
  };
}
