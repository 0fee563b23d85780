import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import { type MediaHosts, mediaPrefixesOf } from "@flik/shared";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { tooManyRequests } from "./errors.js";
import { refuseRepeatedQueryParameters } from "./query-parameters.js";

/**
 * Security headers with a CSP that allows only Flik's own origin, plus media from `mediaHosts` (any https
 * host unless MEDIA_ORIGINS names them) and websockets, and `connectTo`: origins the browser must also
 * reach (an identity provider on plain http, on the operator's own machine or network, whose discovery
 * and token calls `https:` would not allow). Also: each query parameter a route reads given once
 * (`query-parameters.ts`), and the rate-limit plugin. Answers the headers, for an answer given before
 * any hook runs (a page the router refused).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { connectTo?: string[]; mediaHosts?: MediaHosts } = {},
): Promise<Record<string, string>> {
  const { connectTo = [], mediaHosts } = options;
  const mediaFrom = mediaSourcesOf(mediaHosts);
  const headers = securityHeaders({
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
  // Given to the reply, not to Node's response: Node then writes every header of the answer from one
  // object (its fast path), where headers set on the response itself make it merge them one by one.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Parameter pollution: a query parameter given twice or as a list is refused, not read one way here
  // and another way by a proxy or cache in front.
  refuseRepeatedQueryParameters(app);

  // Limits are set per route; the key is the peer address (X-Forwarded-For only with TRUST_PROXY).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many attempts. Please try again in ${context.after}.`),
  });
  return headers;
}

/**
 * The headers that only a document (a page, or a file a browser may open as one) heeds: the policy of
 * what it may load, run or be framed by, its browsing context, and old browsers' switches. A built
 * script or stylesheet goes without them: it is no document, and each costs every asset answer half a
 * kilobyte on the wire (the first-load script budget counts headers). Not for a worker's script, whose
 * own CSP header is its policy: Flik starts no workers.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-frame-options",
  "x-xss-protection",
  "x-download-options",
  "x-dns-prefetch-control",
  "x-permitted-cross-domain-policies",
] as const;

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

/**
 * The headers helmet sets with these options, worked out once. Its middleware answered the same headers
 * on every request (none of these options depends on the request) through a chain of a dozen functions
 * and a `setHeader` each: about a tenth of the server's time on `GET /api/user` (issue 12's profile).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === "object" ? Object.values(csp.directives ?? {}) : [];
  const perRequest = (value: unknown) =>
    typeof value === "object" &&
    value !== null &&
    Symbol.iterator in value &&
    [...(value as Iterable<unknown>)].some((part) => typeof part === "function");
  if (directives.some(perRequest)) {
    // A nonce, say: helmet works such a directive out for each response, so it cannot be kept.
    throw new Error("A CSP directive worked out for each request cannot be worked out once");
  }
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
