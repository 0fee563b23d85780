import type { TokenClaims } from "@flik/shared";
import { errors, jwtVerify, SignJWT } from "jose";

const algorithm = "HS256";

export interface TokenSigner {
  sign(claims: { userId: string; sessionId: string; expiresAt: Date }): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionId, expiresAt }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: algorithm })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [algorithm] });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return { sub: payload.sub, sid: payload.sid, exp: payload.exp ?? 0, iat: payload.iat ?? 0 };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
