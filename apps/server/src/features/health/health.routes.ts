import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.js";
import { healthyAnswer } from "./health.door.js";

const unavailable = { status: "unavailable", message: "The database does not answer" } as const;

/**
 * `/health` is what load balancers poll many times a second: it answers from the database driver's
 * state and sends no query (its healthy `GET` is answered before the framework, `health.door.ts`; this
 * route answers the rest). `/health/deep` asks the database itself, for an operator or a slower probe.
 */
export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const ok = healthyAnswer(database);

    app.get("/health", async (_request, reply) =>
      database.isReady() ? ok : reply.status(503).send(unavailable),
    );

    app.get("/health/deep", async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return ok;
      } catch (error) {
        app.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).send(unavailable);
      }
    });
  };
}
