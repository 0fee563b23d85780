import rateLimit from "@fastify/rate-limit";
import { type MediaHosts, mediaPrefixesOf } from "@flik/shared";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { tooManyRequests } from "./errors.js";

/**
 * Security headers with a CSP that allows only Flik's own origin, plus media from `mediaHosts` (any https
 * host unless MEDIA_ORIGINS names them) and websockets, and `connectTo`: origins the browser must also
 * reach (an identity provider on plain http, on the operator's own machine or network, whose discovery
 * and token calls `https:` would not allow).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { connectTo?: string[]; mediaHosts?: MediaHosts } = {},
) {
  const { connectTo = [], mediaHosts } = options;
  const mediaFrom = mediaSourcesOf(mediaHosts);
  // Built once: @fastify/helmet built this middleware (parsing every CSP directive) on each request,
  // about a tenth of a small answer's cost (issue 12's profile of GET /user).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-toastify injects its stylesheet at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...mediaFrom],
        mediaSrc: ["'self'", "blob:", ...mediaFrom],
        connectSrc: ["'self'", "ws:", "wss:", "https:", ...connectTo],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  // Limits are set per route; the key is the peer address (X-Forwarded-For only with TRUST_PROXY).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many attempts. Please try again in ${context.after}.`),
  });
}

/**
 * Where the browser may load media from: with the hosts named, only their media folders (so a post made
 * before MEDIA_ORIGINS was set cannot load a pixel from elsewhere either); otherwise any https host and
 * this host's own bases (a CDN on plain http).
 */
function mediaSourcesOf(hosts: MediaHosts | undefined): string[] {
  const prefixes = hosts ? mediaPrefixesOf(hosts) : "any";
  if (prefixes !== "any") return prefixes;
  const plainHttp = (hosts?.ownBases ?? []).filter((base) => base.startsWith("http:"));
  return ["https:", ...plainHttp.map((base) => `${base}/media/`)];
}
