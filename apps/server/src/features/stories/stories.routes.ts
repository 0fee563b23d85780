import { type MediaBodies, pageQuery, usernameParams } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import type { UsersService } from "../users/users.service.js";
import type { StoriesService } from "./stories.service.js";

const params = { params: z.object({ id: idSchema("Story not found") }) };

/** `bodies` hold media URLs to the media host in use (issue 20). */
export function storiesRoutes(
  stories: StoriesService,
  users: Pick<UsersService, "member">,
  bodies: MediaBodies,
): FastifyPluginAsyncZod {
  const { createStoryBody } = bodies;
  return async (app) => {
    app.get("/stories", async (request) => stories.strip(request.caller));
    // A member's ring on their profile; one not there (or blocked either way) is a 404, as their profile.
    app.get("/stories/user/:username", { schema: { params: usernameParams } }, async (request) =>
      stories.ofMember(
        request.caller,
        await users.member(request.caller, { username: request.params.username }),
      ),
    );
    app.get("/stories/archive", { schema: { querystring: pageQuery } }, (request) =>
      stories.archive(request.caller, request.query),
    );
    app.post("/stories", { schema: { body: createStoryBody } }, async (request, reply) =>
      reply.status(201).send({ story: await stories.create(request.caller, request.body) }),
    );
    app.delete("/stories/:id", { schema: params }, async (request) => {
      await stories.remove(request.caller, request.params.id);
      return { message: "Story deleted" };
    });
    app.post("/stories/:id/view", { schema: params }, (request) =>
      stories.view(request.caller, request.params.id),
    );
    app.get("/stories/:id/viewers", { schema: params }, (request) =>
      stories.viewers(request.caller, request.params.id),
    );
  };
}
