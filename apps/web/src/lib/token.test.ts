import { describe, expect, it } from "vitest";
import { makeToken } from "../test/fixtures";
import { decodeTokenClaims, getSessionId, isTokenExpiringSoon, isTokenValid } from "./token";

const now = Date.UTC(2025, 5, 1, 12, 0, 0);
const nowSeconds = now / 1000;

describe("decodeTokenClaims", () => {
  it("reads the payload of a base64url token", () => {
    const token = makeToken({ sub: "u-bob", sid: "s-bob-7", exp: nowSeconds + 60 });
    expect(decodeTokenClaims(token)).toMatchObject({ sub: "u-bob", sid: "s-bob-7", exp: nowSeconds + 60 });
  });

  it("returns null for text that is not a token", () => {
    expect(decodeTokenClaims("not-a-token")).toBeNull();
    expect(decodeTokenClaims("a.%%%.c")).toBeNull();
  });
});

describe("isTokenValid", () => {
  it("is valid while the expiry is in the future", () => {
    expect(isTokenValid(makeToken({ exp: nowSeconds + 1 }), now)).toBe(true);
  });

  it("is invalid once the expiry has passed", () => {
    expect(isTokenValid(makeToken({ exp: nowSeconds }), now)).toBe(false);
    expect(isTokenValid(makeToken({ exp: nowSeconds - 3600 }), now)).toBe(false);
  });

  it("keeps an unparseable token as valid", () => {
    expect(isTokenValid("opaque-session-token", now)).toBe(true);
    expect(isTokenValid("a.b.c", now)).toBe(true);
  });

  it("treats a missing token as not signed in", () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid("", now)).toBe(false);
  });
});

describe("isTokenExpiringSoon", () => {
  it("counts a token with under 300 s left as expiring soon", () => {
    expect(isTokenExpiringSoon(makeToken({ exp: nowSeconds + 299 }), now)).toBe(true);
    expect(isTokenExpiringSoon(makeToken({ exp: nowSeconds + 1 }), now)).toBe(true);
  });

  it("does not count a token with 300 s or more left", () => {
    expect(isTokenExpiringSoon(makeToken({ exp: nowSeconds + 300 }), now)).toBe(false);
    expect(isTokenExpiringSoon(makeToken({ exp: nowSeconds + 3600 }), now)).toBe(false);
  });

  it("does not count an unparseable or already expired token", () => {
    expect(isTokenExpiringSoon("opaque-session-token", now)).toBe(false);
    expect(isTokenExpiringSoon(makeToken({ exp: nowSeconds - 10 }), now)).toBe(false);
  });
});

describe("getSessionId", () => {
  it("reads the sid claim", () => {
    expect(getSessionId(makeToken({ sid: "s-carol-3" }))).toBe("s-carol-3");
  });

  it("is null without a readable sid", () => {
    expect(getSessionId(null)).toBeNull();
    expect(getSessionId("opaque-session-token")).toBeNull();
  });
});
