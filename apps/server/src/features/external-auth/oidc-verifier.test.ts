import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { OidcConfig } from "../../platform/config.js";
import { HttpError } from "../../platform/errors.js";
import { startTestProvider } from "../../test/oidc-test-provider.js";
import { createOidcVerifier } from "./oidc-verifier.js";

const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;
const provider = await startTestProvider();
afterAll(() => provider.close());
const config = (settings: Partial<OidcConfig> = {}): OidcConfig => ({
  issuer: provider.issuer,
  clientId: provider.clientId,
  audience: null,
  name: "Test ID",
  ...settings,
});
const claims = { sub: "oidc|verifier", email: "v@example.test" };

/** A server answering its discovery document as `document` says (another issuer's, say). */
async function discoveryServer(document: (self: string) => object | null) {
  const server = createServer((_request, response) => {
    const body = document(self);
    if (body) response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    else response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return self;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("the ID token verifier", () => {
  it("takes OIDC_ISSUER with or without a trailing slash, and checks iss exactly as discovered", async () => {
    const verifier = createOidcVerifier(config({ issuer: `${provider.issuer}/` }), { log });
    const verified = await verifier.verify(await provider.mintIdToken(claims));
    expect(verified).toMatchObject({ issuer: provider.issuer, subject: "oidc|verifier" });
    expect(
      await verifier.verify(await provider.mintIdToken(claims, { issuer: `${provider.issuer}/` })),
    ).toBeNull();
  });

  it("accepts OIDC_AUDIENCE beside the client id only for a token given to this client (azp)", async () => {
    const verifier = createOidcVerifier(config({ audience: "https://api.flik.test" }), { log });
    const forApi = { audience: ["https://api.flik.test"] };
    expect(
      await verifier.verify(await provider.mintIdToken({ ...claims, azp: "flik-web" }, forApi)),
    ).not.toBeNull();
    expect(await verifier.verify(await provider.mintIdToken(claims, forApi))).toBeNull();
    expect(await verifier.verify(await provider.mintIdToken({ ...claims, azp: "other" }, forApi))).toBeNull();
    expect(await verifier.verify(await provider.mintIdToken(claims))).not.toBeNull();
  });

  it("needs a subject, an expiry and an issue time", async () => {
    const verifier = createOidcVerifier(config(), { log });
    expect(await verifier.verify(await provider.mintIdToken({ ...claims, sub: "" }))).toBeNull();
    expect(await verifier.verify(await provider.mintIdToken({ ...claims, iat: undefined }))).toBeNull();
  });

  it("answers 503 when the provider cannot be reached", async () => {
    const closed = await startTestProvider();
    const issuer = closed.issuer;
    const token = await closed.mintIdToken(claims);
    await closed.close();
    const verifier = createOidcVerifier(config({ issuer }), { log });
    const error = await refusal(verifier.verify(token));
    expect(error.statusCode).toBe(503);
    expect(error.headers["retry-after"]).toBe("30");
  });

  it("answers 503 for a discovery document of another issuer or one that fails", async () => {
    const impostor = await discoveryServer(() => ({
      issuer: provider.issuer,
      jwks_uri: `${provider.issuer}/jwks`,
    }));
    const impostorVerifier = createOidcVerifier(config({ issuer: impostor }), { log });
    expect((await refusal(impostorVerifier.verify(await provider.mintIdToken(claims)))).statusCode).toBe(503);

    let failing = true;
    const flaky = await discoveryServer((self) =>
      failing ? null : { issuer: self, jwks_uri: `${provider.issuer}/jwks` },
    );
    const flakyVerifier = createOidcVerifier(config({ issuer: flaky }), { log });
    const token = await provider.mintIdToken(claims, { issuer: flaky });
    expect((await refusal(flakyVerifier.verify(token))).statusCode).toBe(503);
    failing = false;
    expect(await flakyVerifier.verify(token)).toMatchObject({ issuer: flaky });
  });
});
