import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SessionsService } from "./sessions.service.js";

const sessionHeader = (request: FastifyRequest) => {
  const value = request.headers["x-session-id"];
  return typeof value === "string" ? value : undefined;
};

export function sessionsRoutes(sessions: SessionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/sessions", async (request) => ({ sessions: await sessions.list(request.caller) }));

    app.patch("/sessions/logout-others", async (request) => {
      const count = await sessions.logoutOthers(request.caller, sessionHeader(request));
      return { message: "Logged out from all other devices!", count };
    });

    app.patch("/sessions/logout-current", async (request) => {
      await sessions.logoutCurrent(request.caller, sessionHeader(request));
      return { message: "Logged out" };
    });

    app.patch(
      "/sessions/:id/logout",
      { schema: { params: z.object({ id: z.uuid("Session not found") }) } },
      async (request) => {
        await sessions.logout(request.caller, request.params.id);
        return { message: "Session logged out" };
      },
    );
  };
}
