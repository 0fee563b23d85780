import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idOf, idSchema } from "../../platform/ids.js";
import type { SessionsService } from "./sessions.service.js";

const sessionHeader = (request: FastifyRequest) => {
  const value = request.headers["x-session-id"];
  // Any text is compared with the caller's session (a wrong one is refused there); an id, however spelt.
  return typeof value === "string" ? (idOf(value) ?? value) : undefined;
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
      { schema: { params: z.object({ id: idSchema("Session not found") }) } },
      async (request) => {
        await sessions.logout(request.caller, request.params.id);
        return { message: "Session logged out" };
      },
    );
  };
}
