import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Database } from "../../db/database.js";

/** What `/api/health` answers while the database driver is ready (no query is sent). */
export function healthyAnswer(database: Database) {
  return { status: "ok", database: database.engine } as const;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers a load balancer's `GET /api/health` at the HTTP server's door, before Socket.IO's and
 * Fastify's handling of the request: it is polled many times a second, and the framework's routing,
 * hooks and per-request logger cost more than the answer itself (issue 12: health ≥ 0.8 × raw node).
 * Only the healthy answer is given here, with the headers the route sends; everything else (another
 * method or path, a query string, a database that does not answer, a server shutting down) goes on to
 * the listeners as before, and `health.routes.ts` answers it. Wraps the listeners registered so far:
 * call it once Socket.IO is attached.
 */
export function answerHealthAtTheDoor(server: Server, database: Database) {
  const body = JSON.stringify(healthyAnswer(database));
  const length = String(Buffer.byteLength(body));
  const onward = server.listeners("request") as RequestListener[];
  let closing = false;
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === "GET" && request.url === "/api/health" && !closing && database.isReady()) {
      response.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": length,
        "x-request-id": randomUUID(),
      });
      response.end(body);
      return;
    }
    for (const listener of onward) listener.call(server, request, response);
  });
  return {
    /** From now on health asks go on to the framework, which answers them as a closing server does. */
    close() {
      closing = true;
    },
  };
}
