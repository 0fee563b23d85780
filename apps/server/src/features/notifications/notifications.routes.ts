import { pageQuery } from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, requireCaller } from "../sessions/sessions.guard.js";
import type { SessionsService } from "../sessions/sessions.service.js";
import type { NotificationsService } from "./notifications.service.js";

const params = { params: z.object({ id: z.uuid("Notification not found") }) };

/** The notifications calls of spec §7. */
export function notificationsRoutes(deps: {
  notifications: NotificationsService;
  sessions: SessionsService;
}): FastifyPluginAsyncZod {
  const { notifications } = deps;
  return async (app) => {
    app.addHook("onRequest", requireCaller(deps.sessions));

    app.get("/notifications", { schema: { querystring: pageQuery } }, (request) =>
      notifications.list(callerOf(request), request.query),
    );
    // Before /:id/read, so "mark-all" is never read as an id.
    app.put("/notifications/mark-all", (request) => notifications.markAllRead(callerOf(request)));
    app.put("/notifications/:id/read", { schema: params }, (request) =>
      notifications.setRead(callerOf(request), request.params.id, true),
    );
    app.put("/notifications/:id/unread", { schema: params }, (request) =>
      notifications.setRead(callerOf(request), request.params.id, false),
    );
  };
}
