import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const serverOwnedPaths = /^\/(api|media|socket\.io)(\/|$)/;
/**
 * A request for a file of the build (anything under /assets, or a top-level name with an extension such
 * as /favicon.svg) that is missing gets a 404; every other path is a page, dots and all (a username may
 * have a period: /profile/maya.travels).
 */
const looksLikeFile = (path: string) => path.startsWith("/assets/") || /^\/[^/]+\.[a-z0-9]+$/i.test(path);

/**
 * Serves the built web app with history fallback: any unknown page path gets index.html (the app shows
 * its own 404), while an unknown /api path, or a missing asset, is a plain JSON 404.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(join(webDist, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // A route per file of the build, not one catch-all: an unknown path then meets the router's own
      // refusals (a segment too long for a route's parameter is a 414 on every method) and the
      // fallback below, never a file lookup that refuses a name too long for the disk with a 403.
      // The files are listed as the server starts: a new build is served after a restart (as `npm
      // start` does), the pages meanwhile saying a screen couldn't load.
      wildcard: false,
      // The build writes file.br and file.gz beside each text file (apps/web/build/precompress.ts): a
      // browser that accepts one gets it (Vary: accept-encoding), never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change; index.html always may.
        const immutable = path.includes(`${join(webDist, "assets")}/`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !serverOwnedPaths.test(path);
    if (isPage && !looksLikeFile(path)) {
      if (built) return reply.header("cache-control", "no-cache").sendFile("index.html");
      return reply
        .status(404)
        .send({ message: "The web app is not built: run `npm run build`, or use `npm run dev`." });
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
  });
}
