import { type MediaBodies, usernameParams } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import type { UsersService } from "../users/users.service.js";
import type { HighlightsService } from "./highlights.service.js";

const idParams = z.object({ id: idSchema("Highlight not found") });

export function highlightsRoutes(deps: {
  highlights: HighlightsService;
  users: UsersService;
  /** Hold media URLs to the media host in use (issue 20). */
  bodies: MediaBodies;
}): FastifyPluginAsyncZod {
  const { highlights, users } = deps;
  const { highlightBody, highlightUpdateBody } = deps.bodies;
  return async (app) => {
    app.get("/highlights", async (request) => {
      const caller = request.caller;
      return { highlights: await highlights.list(caller, await users.member(caller, { id: caller.userId })) };
    });
    app.get("/highlights/user/:username", { schema: { params: usernameParams } }, async (request) => ({
      highlights: await highlights.list(
        request.caller,
        await users.member(request.caller, { username: request.params.username }),
      ),
    }));
    app.post("/highlights", { schema: { body: highlightBody } }, async (request, reply) =>
      reply.status(201).send({ highlight: await highlights.create(request.caller, request.body) }),
    );
    app.put(
      "/highlights/:id",
      { schema: { params: idParams, body: highlightUpdateBody } },
      async (request) => ({
        highlight: await highlights.update(request.caller, request.params.id, request.body),
      }),
    );
    app.delete("/highlights/:id", { schema: { params: idParams } }, async (request) => {
      await highlights.remove(request.caller, request.params.id);
      return { message: "Highlight deleted" };
    });
  };
}
