import { pollVoteBody } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import type { PollsService } from "./polls.service.js";

const params = { params: z.object({ id: idSchema("Poll not found") }) };

export function pollsRoutes(polls: PollsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/polls/current", (request) => polls.current(request.caller));
    app.post("/polls/:id/vote", { schema: { ...params, body: pollVoteBody } }, (request) =>
      polls.vote(request.caller, request.params.id, request.body.optionId),
    );
  };
}
