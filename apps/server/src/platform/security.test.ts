import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";
import { factories } from "../test/factories.js";
import { buildTestApp } from "../test/helper.js";
import { securityHeaders } from "./security.js";

/** The headers helmet's own middleware sets on a real response of Node's HTTP server. */
async function setByHelmet(options: HelmetOptions): Promise<Record<string, string>> {
  const setHeaders = helmet(options);
  const server = createServer((request, response) => {
    setHeaders(request, response, () => response.end());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const ownHeaders = new Set(["connection", "content-length", "date", "keep-alive"]);
    return Object.fromEntries([...answer.headers].filter(([name]) => !ownHeaders.has(name)));
  } finally {
    server.close();
  }
}

describe("securityHeaders", () => {
  it.each<[string, HelmetOptions]>([
    ["helmet's defaults", {}],
    [
      "a CSP of Flik's kind",
      {
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            imgSrc: ["'self'", "data:", "https:"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
      },
    ],
    [
      "strict transport for a year, and no CSP",
      { strictTransportSecurity: { maxAge: 31536000 }, contentSecurityPolicy: false },
    ],
  ])("are exactly what helmet's middleware sets with %s", async (_case, options) => {
    const expected = await setByHelmet(options);
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(securityHeaders(options)).toEqual(expected);
  });

  it("refuses a CSP directive worked out for each request, which it cannot keep", () => {
    const nonce = () => "'nonce-abc'";
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow("A CSP directive worked out for each request cannot be worked out once");
  });
});

const built = await buildTestApp();
const { app } = built;
const alice = await factories(built).persona("alice");

describe("the site's answers", () => {
  const expected = Object.entries(securityHeaders({})).filter(([name]) => name !== "content-security-policy");

  it.each([
    ["a signed-in member's API answer", "/api/user", true, 200],
    ["a refusal of a caller without a token", "/api/user", false, 401],
    ["an unknown API address", "/api/nothing-here", false, 404],
    ["a bad request", "/api/posts?limit=nope", true, 400],
  ])("carry the security headers and the site's CSP: %s", async (_case, url, signedIn, status) => {
    const response = await app.inject({ url, headers: signedIn ? alice.headers : {} });
    expect(response.statusCode).toBe(status);
    for (const [name, value] of expected) expect(response.headers[name], name).toBe(value);
    expect(response.headers["content-security-policy"]).toMatch(
      /^default-src 'self';.*frame-ancestors 'none'/,
    );
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a refusal for too many attempts carries them too", async () => {
    const limited = await buildTestApp({ authRateLimit: 1 });
    const signIn = () =>
      limited.app.inject({
        method: "POST",
        url: "/api/auth/signin",
        remoteAddress: "192.0.2.10",
        payload: { identifier: "nobody", password: "wrong password" },
      });
    expect((await signIn()).statusCode).toBe(401);
    const refused = await signIn();
    expect(refused.statusCode).toBe(429);
    for (const [name, value] of Object.entries(securityHeaders({}))) {
      if (name !== "content-security-policy") expect(refused.headers[name], name).toBe(value);
    }
    expect(refused.headers["content-security-policy"]).toMatch(/^default-src 'self';/);
  });
});
