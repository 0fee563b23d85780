import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";
import type { Configuration, default as ProviderClass } from "oidc-provider";

/**
 * A real OpenID Connect provider (oidc-provider) in this process, on its own port and with its own keys,
 * for tests of external sign-in (issue 19) and for the e2e journey: one public client that uses PKCE and
 * no secret (`token_endpoint_auth_method: "none"`), oidc-provider's development login (any login signs
 * in, with any password; then a consent screen) and the profile and e-mail claims in the ID token, as
 * Auth0 and Keycloak put them there. Tests can also mint ID tokens with its keys directly, and rotate
 * them. Nothing here imports a test runner, so a script can start one too.
 */

/** The claims a login signs in with (the ID token carries them, as the scopes allow). */
export interface TestClaims {
  sub: string;
  preferred_username?: string;
  nickname?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

export interface TestProviderOptions {
  /** The client the app signs in as; "flik-web" by default. */
  clientId?: string;
  /** Where the browser may come back to, e.g. `${PUBLIC_URL}/auth/callback`. */
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
  /** 0 (any free port) by default. */
  port?: number;
  host?: string;
  /**
   * The claims of a login, beside `sub` (the login itself). By default a login "jane" is
   * { preferred_username: "jane", name: "Jane", email: "jane@example.test", email_verified: true }.
   */
  claimsFor?: (login: string) => Omit<TestClaims, "sub">;
}

/** How a directly minted token differs from a good one. */
export interface MintOptions {
  /** Seconds from now until it expires (negative: already expired); 600 by default. */
  expiresIn?: number;
  /** Seconds ago it was issued (`iat`); 0 by default. */
  issuedAgo?: number;
  /** Seconds from now before which it is not valid (`nbf`). */
  notBefore?: number;
  issuer?: string;
  audience?: string | string[];
  /** Another signing key (the header still names the current key's kid unless `kid` says otherwise). */
  signWith?: CryptoKey | Uint8Array;
  alg?: string;
  kid?: string;
}

export interface TestProvider {
  /** `http://127.0.0.1:<port>`: its discovery document is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** The key tokens are signed with now (the newest). */
  readonly signingKey: { kid: string; privateKey: CryptoKey; publicKey: CryptoKey };
  /** How many times the key set (`/jwks`) was asked for. */
  readonly jwksRequests: number;
  /** An ID token signed with the provider's current key (or as `options` say), for `claims`. */
  mintIdToken(claims: TestClaims, options?: MintOptions): Promise<string>;
  /**
   * Rotates the signing keys: a new key signs from now on; the old one stays published until
   * `dropOldKeys`. The provider's state (sessions, grants) starts afresh.
   */
  rotateKeys(): Promise<string>;
  /** Publishes only the current key. */
  dropOldKeys(): Promise<void>;
  /** The whole browser flow done by HTTP: authorization request with PKCE, login, consent, token. */
  signInWithCodeFlow(
    login: string,
    options?: { redirectUri?: string },
  ): Promise<{ idToken: string; accessToken: string }>;
  /** Serves `body` at `${issuer}${path}` (a picture for the `picture` claim, say). */
  serve(path: string, body: Buffer | string, contentType: string, status?: number): string;
  close(): Promise<void>;
}

/**
 * Runs `make` without oidc-provider's start-up warnings (a development login, an in-memory store, Node
 * 20): this provider is for tests by design, so they would only bury the tests' own output.
 */
async function quietly<T>(make: () => T | Promise<T>): Promise<T> {
  const { warn, info } = console;
  const keep =
    (write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("oidc-provider")) return;
      write(...args);
    };
  console.warn = keep(warn);
  console.info = keep(info);
  try {
    return await make();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

const { Provider } = await quietly(() => import("oidc-provider"));

interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
}

async function newKey(): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = randomBytes(8).toString("hex");
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  return { kid, privateKey, publicKey, jwk };
}

const defaultClaims = (login: string): Omit<TestClaims, "sub"> => ({
  preferred_username: login,
  name: login.charAt(0).toUpperCase() + login.slice(1),
  email: `${login}@example.test`,
  email_verified: true,
});

export async function startTestProvider(options: TestProviderOptions = {}): Promise<TestProvider> {
  const clientId = options.clientId ?? "flik-web";
  const redirectUris = options.redirectUris ?? ["http://127.0.0.1/auth/callback"];
  const claimsFor = options.claimsFor ?? defaultClaims;
  const assets = new Map<string, { body: Buffer | string; type: string; status: number }>();
  let keys: Key[] = [await newKey()];
  let jwksRequests = 0;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const asset = assets.get(path);
    if (asset) {
      res.writeHead(asset.status, { "content-type": asset.type }).end(asset.body);
      return;
    }
    if (path === "/jwks") jwksRequests++;
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? "127.0.0.1"}:${port}`;

  async function providerWith(signingKeys: Key[]) {
    const configuration: Configuration = {
      clients: [
        {
          client_id: clientId,
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code"],
          response_types: ["code"],
          redirect_uris: redirectUris,
          post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        },
      ],
      jwks: { keys: signingKeys.map((key) => key.jwk) } as Configuration["jwks"],
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => ({ ...claimsFor(sub), sub }),
      }),
      claims: {
        openid: ["sub"],
        email: ["email", "email_verified"],
        profile: ["name", "given_name", "family_name", "nickname", "preferred_username", "picture"],
      },
      // The profile and e-mail in the ID token itself, as Auth0 and Keycloak give them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      cookies: { keys: [randomBytes(16).toString("hex")] },
      clientBasedCORS: (_ctx, origin, client) =>
        client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
    };
    const provider: ProviderClass = await quietly(() => new Provider(issuer, configuration));
    return provider.callback();
  }
  handler = await providerWith(keys);

  const sign = (claims: JWTPayload, header: { alg: string; kid?: string }, key: CryptoKey | Uint8Array) =>
    new SignJWT(claims).setProtectedHeader({ ...header, typ: "JWT" }).sign(key);

  const current = () => keys[0] as Key;

  return {
    issuer,
    clientId,
    get signingKey() {
      const { kid, privateKey, publicKey } = current();
      return { kid, privateKey, publicKey };
    },
    get jwksRequests() {
      return jwksRequests;
    },

    async mintIdToken(claims, mint = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: mint.issuer ?? issuer,
        aud: mint.audience ?? clientId,
        iat: now - (mint.issuedAgo ?? 0),
        exp: now + (mint.expiresIn ?? 600),
        ...(mint.notBefore !== undefined && { nbf: now + mint.notBefore }),
        ...claims,
      };
      return sign(
        payload,
        { alg: mint.alg ?? "RS256", kid: mint.kid ?? current().kid },
        mint.signWith ?? current().privateKey,
      );
    },

    async rotateKeys() {
      keys = [await newKey(), ...keys];
      handler = await providerWith(keys);
      return current().kid;
    },

    async dropOldKeys() {
      keys = [current()];
      handler = await providerWith(keys);
    },

    async signInWithCodeFlow(login, flow = {}) {
      const redirectUri = flow.redirectUri ?? (redirectUris[0] as string);
      const jar = new Map<string, string>();
      const request = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(new URL(url, issuer), {
          ...init,
          redirect: "manual",
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
          },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const at = pair.indexOf("=");
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return response;
      };
      const form = (fields: Record<string, string>) => ({
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });

      const verifier = randomBytes(32).toString("base64url");
      const authorize = new URL("/auth", issuer);
      for (const [name, value] of Object.entries({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "openid profile email",
        state: randomBytes(8).toString("hex"),
        nonce: randomBytes(8).toString("hex"),
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
      })) {
        authorize.searchParams.set(name, value);
      }

      // Each step redirects: to an interaction (login, then consent) or, at the end, to the app.
      let location = authorize.href;
      for (let step = 0; step < 10; step++) {
        if (location.startsWith(redirectUri)) {
          const code = new URL(location).searchParams.get("code");
          if (!code) throw new Error(`the provider came back without a code: ${location}`);
          const token = await request("/token", {
            ...form({
              grant_type: "authorization_code",
              code,
              redirect_uri: redirectUri,
              client_id: clientId,
              code_verifier: verifier,
            }),
          });
          const body = (await token.json()) as { id_token?: string; access_token?: string; error?: string };
          if (!body.id_token || !body.access_token) throw new Error(`no tokens: ${JSON.stringify(body)}`);
          return { idToken: body.id_token, accessToken: body.access_token };
        }
        const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(location, issuer).pathname);
        const response = interaction
          ? await request(location).then(async (page) => {
              const html = await page.text();
              const prompt = html.includes('name="prompt" value="login"') ? "login" : "consent";
              return request(
                location,
                form(prompt === "login" ? { prompt, login, password: "any" } : { prompt }),
              );
            })
          : await request(location);
        const next = response.headers.get("location");
        if (!next)
          throw new Error(`the provider stopped at ${location}: ${response.status} ${await response.text()}`);
        location = new URL(next, issuer).href;
      }
      throw new Error("the sign-in did not come back to the app");
    },

    serve(path, body, contentType, status = 200) {
      assets.set(path, { body, type: contentType, status });
      return `${issuer}${path}`;
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
