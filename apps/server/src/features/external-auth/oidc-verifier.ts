import type { FastifyBaseLogger } from "fastify";
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import type { OidcConfig } from "../../platform/config.js";
import { serviceUnavailable } from "../../platform/errors.js";

/**
 * The signature algorithms an ID token may use: asymmetric ones only. Never HS* (a token "signed" with
 * the provider's public key as an HMAC secret: algorithm confusion) and never `none`.
 */
export const ID_TOKEN_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

/** Leeway for the provider's and Flik's clocks disagreeing on `exp`, `nbf` and `iat`. */
const CLOCK_TOLERANCE_SECONDS = 60;
/**
 * The oldest ID token accepted, by its `iat`, whatever its `exp` says (Auth0's last 10 hours): the
 * browser sends it right after the provider gave it, so a token copied from somewhere later is refused.
 */
export const MAX_TOKEN_AGE = "10 minutes";
/** How long the provider has to answer for its discovery document or its keys. */
const FETCH_TIMEOUT_MS = 5_000;
/** jose refetches the keys on an unknown `kid` (a rotation) at most this often. */
export const DEFAULT_KEY_REFRESH_COOLDOWN_MS = 30_000;
/** A token longer than this is not an ID token worth parsing. */
const MAX_TOKEN_LENGTH = 8_192;
const JWS_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const UNAVAILABLE = "We couldn't reach the sign-in provider. Please try again in a moment.";

/** What a verified ID token says: who (issuer, subject) and the rest of its claims. */
export interface VerifiedIdToken {
  issuer: string;
  subject: string;
  claims: JWTPayload & Record<string, unknown>;
}

/** The issuer without a trailing slash: Auth0's ends with one, most others' do not. */
export const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** Whether a URL may be fetched under this issuer's rules: https, or http when the issuer itself is. */
export function allowedScheme(url: URL, issuer: string) {
  return url.protocol === "https:" || (url.protocol === "http:" && issuer.startsWith("http:"));
}

export type OidcVerifier = ReturnType<typeof createOidcVerifier>;

/**
 * Verifies the provider's ID tokens against its published keys (issue 19): the discovery document
 * (`${issuer}/.well-known/openid-configuration`) is read once and kept, then jose keeps the key set
 * (`jwks_uri`), reads it again every 10 minutes and, at most every `keyRefreshCooldownMs`, when a token
 * names a key it does not have (the provider rotated its keys). Checked: the signature with an allowed
 * algorithm, `iss` exactly, `aud` (and `azp`), `exp`, `nbf` and `iat` (at most MAX_TOKEN_AGE old) with a
 * minute's leeway, `sub`.
 */
export function createOidcVerifier(
  config: OidcConfig,
  options: { log: FastifyBaseLogger; keyRefreshCooldownMs?: number },
) {
  const { log } = options;
  type Discovered = { issuer: string; keys: ReturnType<typeof createRemoteJWKSet> };
  let discovered: Promise<Discovered> | undefined;

  async function discover(): Promise<Discovered> {
    const url = `${withoutTrailingSlash(config.issuer)}/.well-known/openid-configuration`;
    const response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: "error",
      headers: { accept: "application/json" },
    });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof document.issuer !== "string" || typeof document.jwks_uri !== "string") {
      throw new Error(`${url} names no issuer or jwks_uri`);
    }
    // The document must be the configured issuer's own (OpenID Connect Discovery §4.3); a trailing
    // slash aside, so that OIDC_ISSUER works with or without Auth0's.
    if (withoutTrailingSlash(document.issuer) !== withoutTrailingSlash(config.issuer)) {
      throw new Error(`${url} is the document of issuer ${document.issuer}, not of OIDC_ISSUER`);
    }
    const jwksUri = new URL(document.jwks_uri);
    if (!allowedScheme(jwksUri, config.issuer)) throw new Error(`jwks_uri ${jwksUri.href} is not https`);
    return {
      issuer: document.issuer,
      keys: createRemoteJWKSet(jwksUri, {
        timeoutDuration: FETCH_TIMEOUT_MS,
        cooldownDuration: options.keyRefreshCooldownMs ?? DEFAULT_KEY_REFRESH_COOLDOWN_MS,
      }),
    };
  }

  /** The discovery document, read once; a failure is not kept, so the next sign-in asks again. */
  async function provider(): Promise<Discovered> {
    discovered ??= discover();
    try {
      return await discovered;
    } catch (error) {
      discovered = undefined;
      log.error({ err: error }, "the OpenID provider's discovery document could not be read");
      throw serviceUnavailable(UNAVAILABLE, 30);
    }
  }

  /** The audiences a token may name, and whether `azp` (who the token was given to) is this client. */
  function audienceAccepted(claims: JWTPayload): boolean {
    const audiences = typeof claims.aud === "string" ? [claims.aud] : (claims.aud ?? []);
    const azp = claims.azp;
    if (azp !== undefined && azp !== config.clientId) return false;
    if (audiences.includes(config.clientId)) {
      // OpenID Connect Core §3.1.3.7: with several audiences, azp must be present and name this client.
      return audiences.length === 1 || azp === config.clientId;
    }
    // A token made for the configured API audience must still have been given to this client.
    return config.audience !== null && audiences.includes(config.audience) && azp === config.clientId;
  }

  return {
    /**
     * The verified token, or null for any token that is not a good one (malformed, badly signed, with a
     * disallowed algorithm, another issuer's or audience's, expired, not yet valid, without a subject).
     * A provider that cannot be reached is a 503, not a bad token.
     */
    async verify(token: string): Promise<VerifiedIdToken | null> {
      if (token.length > MAX_TOKEN_LENGTH || !JWS_SHAPE.test(token)) return null;
      const { issuer, keys } = await provider();
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer,
          audience: [config.clientId, ...(config.audience ? [config.audience] : [])],
          algorithms: ID_TOKEN_ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["sub", "exp", "iat"],
          maxTokenAge: MAX_TOKEN_AGE,
        });
        if (!audienceAccepted(payload)) return null;
        const subject = payload.sub;
        // OpenID's subject is printable text of at most 255 characters: one holding a control character
        // (a NUL, which the database cannot keep) is a token no member can be.
        if (typeof subject !== "string" || subject.length === 0 || subject.length > 255) return null;
        if (/\p{Cc}/u.test(subject)) return null;
        return { issuer, subject, claims: payload as VerifiedIdToken["claims"] };
      } catch (error) {
        if (providerFault(error)) {
          log.error({ err: error }, "the OpenID provider's keys could not be read");
          throw serviceUnavailable(UNAVAILABLE, 30);
        }
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },

    /** The issuer tokens are checked against (the discovery document's), once it has been read. */
    async issuer() {
      return (await provider()).issuer;
    },
  };
}

/**
 * Whether jose failed for the provider's sake (its key set unreachable, slow, not JSON or not a key
 * set) rather than the token's: fetch's own errors, jose's timeout and key-set errors, and the generic
 * error it throws for a non-200 answer.
 */
function providerFault(error: unknown): boolean {
  if (!(error instanceof errors.JOSEError)) return true;
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error.code === "ERR_JOSE_GENERIC"
  );
}
