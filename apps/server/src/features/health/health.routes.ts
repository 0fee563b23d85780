import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.js";

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health", async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: "ok", database: database.engine };
      } catch (error) {
        app.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).send({ status: "unavailable", message: "The database does not answer" });
      }
    });
  };
}
