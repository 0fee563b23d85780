import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  EXTERNAL_EMAIL_IN_USE_CODE,
  EXTERNAL_SIGN_IN_OFF_MESSAGE,
  type ExternalSyncResponse,
  externalEmailInUseMessage,
  externalEmailMissingMessage,
  HANDOFF_INVALID_MESSAGE,
} from "@flik/shared";
import { count, eq } from "drizzle-orm";
import { exportSPKI, generateKeyPair } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { userIdentities, users } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, sessionIdOf } from "../../test/helper.js";
import { pngImage } from "../../test/media-fixtures.js";
import { startTestProvider, type TestClaims } from "../../test/oidc-test-provider.js";
import { tempDir } from "../../test/temp-dir.js";
import { EXTERNAL_TOKEN_INVALID } from "./external-auth.service.js";
import { HANDOFF_VALID_MS } from "./handoff.js";

const provider = await startTestProvider({ redirectUris: ["http://127.0.0.1:5173/auth/callback"] });
afterAll(() => provider.close());
const oidc = { issuer: provider.issuer, clientId: provider.clientId, audience: null, name: "Test ID" };
let now = Date.now();
const mediaDir = tempDir("oidc-media");
// Keys may be read again at once for a key not seen yet, so a rotation is seen without waiting 30 s.
const built = await buildTestApp(
  { oidc, media: { dir: mediaDir } },
  { clock: () => now, oidcKeyRefreshCooldownMs: 0 },
);
const { app } = built;
const { db } = built.database;
const { persona, call } = factories(built);

let logins = 0;
/** A login no other test uses, and its claims as the provider gives them. */
const someone = (name = "pat", extra: Partial<TestClaims> = {}): TestClaims => {
  const login = `${name}${++logins}`;
  return {
    sub: `oidc|${login}`,
    preferred_username: login,
    name: `${name[0]?.toUpperCase()}${name.slice(1)} Tester`,
    email: `${login}@example.test`,
    email_verified: true,
    ...extra,
  };
};

const signInWith = (token: string, body: object = {}, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/auth/auth0",
    headers: { authorization: `Bearer ${token}`, "user-agent": "vitest", ...headers },
    payload: body,
  });
const handoff = (code: unknown) =>
  app.inject({ method: "POST", url: "/api/auth/handoff", payload: { code } as object });

/** How many members and identities there are: a refused sign-in must leave both as they were. */
async function counts() {
  const [members] = await db.select({ n: count() }).from(users);
  const [identities] = await db.select({ n: count() }).from(userIdentities);
  return { members: members?.n, identities: identities?.n };
}

/** Expects a refusal that created nothing. */
async function refusedAndNothingMade(token: string, body: object = {}) {
  const before = await counts();
  const response = await signInWith(token, body);
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toEqual({ message: EXTERNAL_TOKEN_INVALID });
  expect(await counts()).toEqual(before);
}

describe("GET /api/auth/providers", () => {
  it("names the provider the browser signs in with", async () => {
    const response = await app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      oidc: {
        name: "Test ID",
        issuer: provider.issuer,
        clientId: "flik-web",
        audience: null,
        scope: "openid profile email",
      },
    });
  });

  it("lets the pages reach a provider on plain http (its origin in the CSP's connect-src)", async () => {
    const page = await app.inject({ method: "GET", url: "/login" });
    const connectSrc = String(page.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.trim().startsWith("connect-src"));
    expect(connectSrc?.trim().split(" ")).toContain(new URL(provider.issuer).origin);
    const offPage = await off.app.inject({ method: "GET", url: "/login" });
    expect(String(offPage.headers["content-security-policy"])).not.toContain(provider.issuer);
  });
});

describe("POST /api/auth/auth0", () => {
  it("makes a member on the first sign-in (201) and signs the same member in again (200)", async () => {
    const claims = someone("jane");
    const first = await signInWith(await provider.mintIdToken(claims), { auth0Id: claims.sub });
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json<ExternalSyncResponse>();
    expect(made).toEqual({
      token: expect.any(String),
      user: { _id: made.user.id, id: expect.any(String), username: claims.preferred_username },
      handoffCode: expect.any(String),
      created: true,
    });
    const me = await app.inject({ url: "/api/user", headers: { authorization: `Bearer ${made.token}` } });
    expect(me.json().user).toMatchObject({
      username: claims.preferred_username,
      fullName: "Jane Tester",
      email: claims.email,
      emailVerified: true,
    });
    const [row] = await db.select().from(users).where(eq(users.id, made.user.id));
    expect(row?.passwordHash).toBeNull();

    const again = await signInWith(await provider.mintIdToken(claims));
    expect(again.statusCode, again.body).toBe(200);
    const returning = again.json<ExternalSyncResponse>();
    expect(returning).toMatchObject({ user: made.user, created: false });
    expect(returning.token).not.toBe(made.token);
    expect(returning.handoffCode).not.toBe(made.handoffCode);
  });

  it("makes one member when the same person's first sign-ins come at once", async () => {
    const claims = someone("twin");
    const token = await provider.mintIdToken(claims);
    const answers = await Promise.all([signInWith(token), signInWith(token), signInWith(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().user.id)).size).toBe(1);
  });

  it("signs in with an ID token from the provider's real code flow (PKCE, login, consent)", async () => {
    const { idToken } = await provider.signInWithCodeFlow(`flow${++logins}`);
    const response = await signInWith(idToken);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user.username).toBe(`flow${logins}`);
  });

  it("makes a session like password sign-in's: listed, and logged out for good", async () => {
    const claims = someone("sam");
    const { token } = (await signInWith(await provider.mintIdToken(claims))).json<ExternalSyncResponse>();
    const headers = { authorization: `Bearer ${token}`, "user-agent": "vitest" };
    const sessions = await app.inject({ url: "/api/sessions", headers });
    expect(sessions.json().sessions).toEqual([
      expect.objectContaining({ _id: sessionIdOf(token), current: true, browser: "Unknown browser" }),
    ]);
    const logout = await app.inject({ method: "PATCH", url: "/api/sessions/logout-current", headers });
    expect(logout.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/user", headers })).statusCode).toBe(401);
  });

  it("marks the e-mail address verified only when the provider says so", async () => {
    const claims = someone("una", { email_verified: false });
    const { token } = (await signInWith(await provider.mintIdToken(claims))).json<ExternalSyncResponse>();
    const me = await app.inject({ url: "/api/user", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user).toMatchObject({ email: claims.email, emailVerified: false });
  });

  it("derives a free username from the profile, normalised to the username rules", async () => {
    const base = `zoe_${++logins}`;
    const mint = (extra: Partial<TestClaims>) => provider.mintIdToken(someone("zoe", extra));
    const first = await signInWith(await mint({ preferred_username: `Zoë ${logins}` }));
    expect(first.json().user.username).toBe(base);
    const second = await signInWith(await mint({ preferred_username: base.toUpperCase() }));
    expect(second.json().user.username).toBe(`${base}2`);
    const third = await signInWith(await mint({ preferred_username: undefined, nickname: base }));
    expect(third.json().user.username).toBe(`${base}3`);
    // Nothing usable but the address: its local part.
    const n = logins;
    const fourth = await signInWith(
      await mint({ preferred_username: "!", email: `Mail.Only${n}@example.test` }),
    );
    expect(fourth.json().user.username).toBe(`mail.only${n}`);
  });

  it("copies the profile picture to the built-in media host", async () => {
    const picture = provider.serve(`/pictures/${++logins}.png`, await pngImage(), "image/png");
    const response = await signInWith(await provider.mintIdToken(someone("pia", { picture })));
    expect(response.statusCode, response.body).toBe(201);
    const { token } = response.json<ExternalSyncResponse>();
    const { avatar } = (
      await app.inject({ url: "/api/user", headers: { authorization: `Bearer ${token}` } })
    ).json().user;
    expect(avatar).toMatch(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/);
    expect(existsSync(join(mediaDir, avatar.replace("/media/", "")))).toBe(true);
  });

  it.each([
    ["not an image", () => provider.serve(`/pictures/${++logins}.txt`, "hello", "image/png")],
    ["missing", () => `${provider.issuer}/pictures/nowhere.png`],
    ["on a scheme other than http(s)", () => "file:///etc/passwd"],
  ])("signs in without an avatar when the picture is %s", async (_case, pictureUrl) => {
    const response = await signInWith(await provider.mintIdToken(someone("nia", { picture: pictureUrl() })));
    expect(response.statusCode, response.body).toBe(201);
    const { token } = response.json<ExternalSyncResponse>();
    const me = await app.inject({ url: "/api/user", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user.avatar).toBe("");
  });

  it("never links an e-mail address that belongs to an account: 409 with its code, nothing made", async () => {
    const owner = await persona("alice");
    const before = await counts();
    const claims = someone("mallory", { email: "Alice@Example.com" });
    const response = await signInWith(await provider.mintIdToken(claims));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: externalEmailInUseMessage("Test ID"),
      code: EXTERNAL_EMAIL_IN_USE_CODE,
    });
    expect(await counts()).toEqual(before);
    const identities = await call(owner, "GET", "/user/identities");
    expect(identities.json().identities).toEqual([]);
  });

  it("needs an e-mail address for a new member: 400, nothing made", async () => {
    const before = await counts();
    const response = await signInWith(await provider.mintIdToken(someone("ned", { email: undefined })));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: externalEmailMissingMessage("Test ID") });
    expect(await counts()).toEqual(before);
  });

  it("takes the body's e-mail address when the token has none, as unverified", async () => {
    const claims = someone("bea", { email: undefined });
    const response = await signInWith(await provider.mintIdToken(claims), {
      email: `bea${logins}@example.test`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { token } = response.json<ExternalSyncResponse>();
    const me = await app.inject({ url: "/api/user", headers: { authorization: `Bearer ${token}` } });
    expect(me.json().user).toMatchObject({ email: `bea${logins}@example.test`, emailVerified: false });
  });

  it("refuses a body auth0Id that is not the token's subject (401), and makes nothing", async () => {
    const claims = someone("eve");
    await refusedAndNothingMade(await provider.mintIdToken(claims), { auth0Id: "oidc|someone-else" });
  });

  it("refuses a subject no member can be: one holding a NUL or another control character (401)", async () => {
    for (const sub of ["oidc|nul\u0000sub", "oidc|line\nbreak"])
      await refusedAndNothingMade(await provider.mintIdToken({ ...someone("nul"), sub }));
  });

  it("finds the member by the token's subject, never by the body", async () => {
    const victim = someone("vic");
    const made = (await signInWith(await provider.mintIdToken(victim))).json<ExternalSyncResponse>();
    const attacker = someone("att");
    const response = await signInWith(await provider.mintIdToken(attacker), {
      email: victim.email,
      fullName: "Vic",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.id).not.toBe(made.user.id);
  });

  it("refuses an expired token (401), and makes nothing", async () => {
    await refusedAndNothingMade(await provider.mintIdToken(someone("old"), { expiresIn: -5 * 60 }));
  });

  it("refuses a token issued over 10 minutes ago, whatever its expiry (401)", async () => {
    await refusedAndNothingMade(
      await provider.mintIdToken(someone("stale"), { issuedAgo: 20 * 60, expiresIn: 10 * 3600 }),
    );
  });

  it("refuses a token not valid yet (401)", async () => {
    await refusedAndNothingMade(await provider.mintIdToken(someone("soon"), { notBefore: 10 * 60 }));
  });

  it("refuses a token made for another client (wrong audience, 401), and makes nothing", async () => {
    await refusedAndNothingMade(await provider.mintIdToken(someone("aud"), { audience: "another-app" }));
    await refusedAndNothingMade(
      await provider.mintIdToken(someone("azp", { azp: "another-app" }), {
        audience: ["flik-web", "another-app"],
      }),
    );
  });

  it("refuses a token of another issuer (401), and makes nothing", async () => {
    await refusedAndNothingMade(
      await provider.mintIdToken(someone("iss"), { issuer: "https://evil.example.com" }),
    );
    await refusedAndNothingMade(
      await provider.mintIdToken(someone("iss"), { issuer: `${provider.issuer}/` }),
    );
  });

  it("refuses a token signed by another key under the provider's key id (401), and makes nothing", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    await refusedAndNothingMade(await provider.mintIdToken(someone("sig"), { signWith: privateKey }));
  });

  it("refuses a token with an unknown key id (401)", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    await refusedAndNothingMade(
      await provider.mintIdToken(someone("kid"), { signWith: privateKey, kid: "not-a-key-of-theirs" }),
    );
  });

  it("refuses HS256 signed with the provider's public key (algorithm confusion, 401)", async () => {
    const publicPem = await exportSPKI(provider.signingKey.publicKey);
    await refusedAndNothingMade(
      await provider.mintIdToken(someone("hs"), {
        alg: "HS256",
        signWith: new TextEncoder().encode(publicPem),
      }),
    );
  });

  it("refuses an unsigned token (alg none, 401)", async () => {
    const claims = someone("none");
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${part({ alg: "none", typ: "JWT" })}.${part({
      ...claims,
      iss: provider.issuer,
      aud: provider.clientId,
      iat: now,
      exp: now + 600,
    })}.`;
    await refusedAndNothingMade(unsigned);
  });

  it("refuses a token that is no token, a Flik session token, and no bearer at all (401)", async () => {
    await refusedAndNothingMade("not-a-token");
    const member = await persona("bob");
    await refusedAndNothingMade(member.token);
    const before = await counts();
    const response = await app.inject({ method: "POST", url: "/api/auth/auth0", payload: {} });
    expect(response.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["a body that is no object", "[]"],
    ["a NUL character", JSON.stringify({ fullName: "a\u0000b" })],
    [
      "a picture URL of 3,000 characters",
      JSON.stringify({ picture: `https://x.example/${"a".repeat(3000)}` }),
    ],
    ["a number for an e-mail address", JSON.stringify({ email: 42 }), "email must be text"],
    [
      "an e-mail address of 300 characters",
      JSON.stringify({ email: "a".repeat(300) }),
      "email is at most 254 characters",
    ],
  ])("answers %s with 400, and makes nothing", async (_case, payload, message?: string) => {
    const before = await counts();
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/auth0",
      headers: {
        authorization: `Bearer ${await provider.mintIdToken(someone("bad"))}`,
        "content-type": "application/json",
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("verifies a token signed with the provider's new key after it rotates its keys", async () => {
    const claims = someone("rot");
    expect((await signInWith(await provider.mintIdToken(claims))).statusCode).toBe(201);
    const asked = provider.jwksRequests;
    const newKid = await provider.rotateKeys();
    const token = await provider.mintIdToken(claims);
    expect(JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()).kid).toBe(newKid);
    const response = await signInWith(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(provider.jwksRequests).toBeGreaterThan(asked);
    // A token of the code flow after the rotation, too (signed by the provider itself).
    const { idToken } = await provider.signInWithCodeFlow(`rot${++logins}`);
    expect((await signInWith(idToken)).statusCode).toBe(201);
  });
});

describe("POST /api/auth/handoff", () => {
  async function signedInExternally() {
    const claims = someone("hal");
    return (await signInWith(await provider.mintIdToken(claims))).json<ExternalSyncResponse>();
  }

  it("exchanges the code once for a new session of the same member", async () => {
    const made = await signedInExternally();
    const exchanged = await handoff(made.handoffCode);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const session = exchanged.json();
    expect(session).toEqual({ token: expect.any(String), user: made.user });
    expect(sessionIdOf(session.token)).not.toBe(sessionIdOf(made.token));
    const me = await app.inject({ url: "/api/user", headers: { authorization: `Bearer ${session.token}` } });
    expect(me.json().user.id).toBe(made.user.id);

    const again = await handoff(made.handoffCode);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: HANDOFF_INVALID_MESSAGE });
  });

  it("gives one session when the same code is exchanged twice at once", async () => {
    const made = await signedInExternally();
    const answers = await Promise.all([handoff(made.handoffCode), handoff(made.handoffCode)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a code past its minute", async () => {
    const made = await signedInExternally();
    const at = now;
    try {
      now = at + HANDOFF_VALID_MS + 1;
      const late = await handoff(made.handoffCode);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ message: HANDOFF_INVALID_MESSAGE });
    } finally {
      now = at;
    }
  });

  it("refuses a session token, an unknown code and no code with the same 400", async () => {
    const made = await signedInExternally();
    for (const code of [made.token, "x".repeat(43), "unknown"]) {
      const response = await handoff(code);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(HANDOFF_INVALID_MESSAGE);
    }
    expect((await handoff("")).statusCode).toBe(400);
  });
});

const off = await buildTestApp();

describe("external sign-in switched off (no OIDC_ISSUER and OIDC_CLIENT_ID)", () => {
  it("names no provider, and POST /auth/auth0 answers 404 with a clear message", async () => {
    const providers = await off.app.inject({ method: "GET", url: "/api/auth/providers" });
    expect(providers.json()).toEqual({ oidc: null });
    const response = await off.app.inject({
      method: "POST",
      url: "/api/auth/auth0",
      headers: { authorization: `Bearer ${await provider.mintIdToken(someone("off"))}` },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: EXTERNAL_SIGN_IN_OFF_MESSAGE });
  });
});
