import { TOKEN_NEAR_EXPIRY_SECONDS, type TokenClaims } from "@flik/shared";

/** Reads a JWT's claims without verifying it: the server verifies, the client only needs sid and exp. */
export function decodeTokenClaims(token: string): Partial<TokenClaims> | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "=");
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === "object" ? (claims as Partial<TokenClaims>) : null;
  } catch {
    return null;
  }
}

function nowInSeconds(now: number): number {
  return Math.floor(now / 1000);
}

/** Seconds left before expiry, or null when the token carries no readable `exp`. */
export function secondsUntilExpiry(token: string, now = Date.now()): number | null {
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === "number" ? exp - nowInSeconds(now) : null;
}

/**
 * Spec §4: a token is valid while its expiry is in the future. An unparseable token is kept as valid,
 * so only the server can reject it (its 401 then clears it).
 */
export function isTokenValid(token: string | null | undefined, now = Date.now()): token is string {
  if (!token) return false;
  const left = secondsUntilExpiry(token, now);
  return left === null || left > 0;
}

/** Spec §4: a valid token with under 300 s left counts as expiring soon. */
export function isTokenExpiringSoon(token: string, now = Date.now()): boolean {
  const left = secondsUntilExpiry(token, now);
  return left !== null && left > 0 && left < TOKEN_NEAR_EXPIRY_SECONDS;
}

export function getSessionId(token: string | null | undefined): string | null {
  if (!token) return null;
  const sid = decodeTokenClaims(token)?.sid;
  return typeof sid === "string" && sid ? sid : null;
}
