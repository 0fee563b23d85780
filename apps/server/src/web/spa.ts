import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DOCUMENT_ONLY_HEADERS } from "../platform/security.js";

/** A built script or stylesheet, or its precompressed twin (the file @fastify/static sends). */
const scriptOrStylesheet = /\.(?:js|css)(?:\.br|\.gz)?$/;
const serverOwnedPaths = /^\/(api|media|socket\.io)(\/|$)/;
/**
 * A request for a file of the build (anything under /assets, or a top-level name with an extension such
 * as /favicon.svg) that is missing gets a 404; every other path is a page, dots and all (a username may
 * have a period: /profile/maya.travels).
 */
const looksLikeFile = (path: string) => path.startsWith("/assets/") || /^\/[^/]+\.[a-z0-9]+$/i.test(path);

/** A browser's request for a page of the app (not the API's, the media's or the socket's, nor a file). */
function asksForPage(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "/";
  return (request.method === "GET" || request.method === "HEAD") && !serverOwnedPaths.test(path);
}

/**
 * The name of a file a build may hold, from a request's path as it was sent: a plain name (letters,
 * digits, `.`, `_`, `-`, not starting with a dot) at the top of the build or in its assets, as Vite
 * writes them. Nothing else names a file: no other folder, no `..`, no escape (`%`), no dotfile.
 */
const builtFileName = /^\/((?:assets\/)?[A-Za-z0-9_][A-Za-z0-9._-]{0,199})$/;

/** Whether `name` is a file of the build now (not a folder), on disk. */
async function isBuiltFile(webDist: string, name: string): Promise<boolean> {
  try {
    return (await stat(join(webDist, name))).isFile();
  } catch {
    return false;
  }
}

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
      // The files are listed as the server starts; a build made since is served too: a file the list
      // does not hold is looked up on disk by the fallback below (index.html is always read fresh, so
      // the files it names must be found). A page of the build before meets a JSON 404 for its files
      // and says a screen couldn't load, until it is loaded again.
      wildcard: false,
      // The build writes file.br and file.gz beside each text file (apps/web/build/precompress.ts): a
      // browser that accepts one gets it (Vary: accept-encoding), never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change; index.html always may.
        const immutable = path.includes(`${join(webDist, "assets")}/`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // An SVG, opened by itself, is a document and keeps them; a script or a stylesheet never is.
        if (scriptOrStylesheet.test(path)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isPage = asksForPage(request);
    if (isPage && looksLikeFile(path)) {
      // A file of a build made after the start: sent as a listed one is (precompressed, cache headers).
      const name = builtFileName.exec(path)?.[1];
      if (built && name !== undefined && (await isBuiltFile(webDist, name))) return reply.sendFile(name);
    } else if (isPage) {
      if (built) return reply.header("cache-control", "no-cache").sendFile("index.html");
      return reply
        .status(404)
        .send({ message: "The web app is not built: run `npm run build`, or use `npm run dev`." });
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${path}` });
  });
}

/**
 * The router refuses a path that is not valid URL encoding (`/profile/%FF`) before any route or the
 * fallback above. A page's, a link mistyped or crafted, still gets the app, whose own 404 page says
 * so with Go Back, never the API's JSON in place of a page. Answers whether it took the request.
 */
export function answerRefusedPage(webDist: string, pageHeaders: () => Record<string, string>) {
  const index = join(webDist, "index.html");
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const path = request.url.split("?")[0] ?? "/";
    if (!asksForPage(request) || looksLikeFile(path) || !existsSync(index)) return false;
    // The router answers before any hook: the site's security headers are given here.
    reply.headers(pageHeaders());
    readFile(index)
      .then((page) => reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page))
      .catch((error: unknown) => reply.send(error));
    return true;
  };
}
