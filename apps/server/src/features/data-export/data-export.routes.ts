import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tooManyRequests } from "../../platform/errors.js";
import type { DataExportService } from "./data-export.service.js";

/** Downloads a member may start in an hour (counted in each app process). */
export const DOWNLOADS_PER_HOUR = 3;

export function dataExportRoutes(dataExport: DataExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/download-data",
      {
        // After the caller is known, so the limit is each member's, whatever address they come from.
        config: {
          rateLimit: {
            max: DOWNLOADS_PER_HOUR,
            timeWindow: "1 hour",
            hook: "preHandler",
            keyGenerator: (request) => request.caller.userId,
            errorResponseBuilder: (_request, context) =>
              tooManyRequests(
                `You can download your data ${DOWNLOADS_PER_HOUR} times an hour. Please try again in ${context.after}.`,
              ),
          },
        },
      },
      async (request, reply) => {
        const file = await dataExport.download(request.caller);
        return reply
          .header("content-type", "application/json")
          .header("content-disposition", 'attachment; filename="user-data.json"')
          .header("cache-control", "no-store")
          .send(file);
      },
    );
  };
}
