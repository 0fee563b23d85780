import { pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "../../platform/ids.js";
import { JSON_TEXT } from "../../platform/kept-answers.js";
import type { NotificationsService } from "./notifications.service.js";

const params = { params: z.object({ id: idSchema("Notification not found") }) };

/** The notifications calls of spec §7. */
export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    // A kept answer is JSON text already: sent as it is.
    app.get("/notifications", { schema: { querystring: pageQuery } }, async (request, reply) =>
      reply.type(JSON_TEXT).send(await notifications.list(request.caller, request.query)),
    );
    // Before /:id/read, so "mark-all" is never read as an id.
    app.put("/notifications/mark-all", (request) => notifications.markAllRead(request.caller));
    app.put("/notifications/:id/read", { schema: params }, (request) =>
      notifications.setRead(request.caller, request.params.id, true),
    );
    app.put("/notifications/:id/unread", { schema: params }, (request) =>
      notifications.setRead(request.caller, request.params.id, false),
    );
  };
}
