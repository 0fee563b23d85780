import {
  type ExternalSyncResponse,
  IDENTITY_TAKEN_MESSAGE,
  LAST_SIGN_IN_MESSAGE,
  type LinkedIdentitiesResponse,
  NO_PASSWORD_YET_MESSAGE,
} from "@flik/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { userIdentities } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn, sessionIdOf } from "../../test/helper.js";
import { startTestProvider, type TestClaims } from "../../test/oidc-test-provider.js";
import { keptMailTo } from "../../test/outbox.js";
import { LINK_TOKEN_INVALID } from "./external-auth.service.js";

const provider = await startTestProvider();
afterAll(() => provider.close());
const built = await buildTestApp({
  oidc: { issuer: provider.issuer, clientId: provider.clientId, audience: null, name: "Test ID" },
});
const { app } = built;
const { db } = built.database;
const { newcomer, call } = factories(built);

let logins = 0;
const someone = (name: string, extra: Partial<TestClaims> = {}): TestClaims => {
  const login = `${name}${++logins}`;
  return {
    sub: `oidc|${login}`,
    preferred_username: login,
    name,
    email: `${login}@example.test`,
    email_verified: true,
    ...extra,
  };
};

/** A member made by an external sign-in: no password, one identity. */
async function externalMember(name: string) {
  const claims = someone(name);
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/auth0",
    headers: { authorization: `Bearer ${await provider.mintIdToken(claims)}` },
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  const { token, user } = response.json<ExternalSyncResponse>();
  const member: SignedIn = {
    token,
    userId: user.id,
    sessionId: sessionIdOf(token),
    headers: { authorization: `Bearer ${token}` },
  };
  return { member, claims, email: claims.email as string, username: user.username };
}

const identitiesOf = async (member: SignedIn) => {
  const response = await call(member, "GET", "/user/identities");
  expect(response.statusCode).toBe(200);
  return response.json<LinkedIdentitiesResponse>();
};
const link = async (member: SignedIn, claims: TestClaims) =>
  call(member, "POST", "/user/identities", { idToken: await provider.mintIdToken(claims) });

describe("GET /api/user/identities", () => {
  it("lists the member's linked sign-ins with the provider's name, and whether they have a password", async () => {
    const { member, claims } = await externalMember("lina");
    expect(await identitiesOf(member)).toEqual({
      hasPassword: false,
      identities: [
        {
          id: expect.any(String),
          provider: "Test ID",
          issuer: provider.issuer,
          email: claims.email,
          createdAt: expect.any(String),
        },
      ],
    });
    const withPassword = await newcomer("pia");
    expect(await identitiesOf(withPassword)).toEqual({ hasPassword: true, identities: [] });
  });
});

describe("POST /api/user/identities", () => {
  it("links an identity to a password member (201), who then signs in with it; again is 200", async () => {
    const member = await newcomer("paula");
    const claims = someone("paula-at-provider", { email: "paula@example.com" });
    const linked = await link(member, claims);
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json<LinkedIdentitiesResponse>()).toMatchObject({
      hasPassword: true,
      identities: [{ provider: "Test ID", issuer: provider.issuer, email: "paula@example.com" }],
    });
    const again = await link(member, claims);
    expect(again.statusCode).toBe(200);
    expect(again.json<LinkedIdentitiesResponse>().identities).toHaveLength(1);

    // The address is the member's own now: signing in with the identity finds them, no 409.
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/auth0",
      headers: { authorization: `Bearer ${await provider.mintIdToken(claims)}` },
      payload: { auth0Id: claims.sub },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { id: member.userId }, created: false });
  });

  it("links an identity got through the provider's real code flow", async () => {
    const member = await newcomer("cody");
    const { idToken } = await provider.signInWithCodeFlow(`cody${++logins}`);
    const linked = await call(member, "POST", "/user/identities", { idToken });
    expect(linked.statusCode, linked.body).toBe(201);
  });

  it("refuses an identity another member has linked (409), and links nothing", async () => {
    const { claims } = await externalMember("owen");
    const other = await newcomer("olga");
    const response = await link(other, claims);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: IDENTITY_TAKEN_MESSAGE });
    expect((await identitiesOf(other)).identities).toEqual([]);
  });

  it("answers a token that does not verify with 400, never 401 (which would sign the member out)", async () => {
    const member = await newcomer("tess");
    for (const idToken of [
      await provider.mintIdToken(someone("tess-old"), { expiresIn: -600 }),
      await provider.mintIdToken(someone("tess-aud"), { audience: "another-app" }),
      await provider.mintIdToken({ ...someone("tess-nul"), sub: "oidc|tess\u0000nul" }),
      member.token,
      "nonsense",
    ]) {
      const response = await call(member, "POST", "/user/identities", { idToken });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: LINK_TOKEN_INVALID });
    }
    expect((await call(member, "GET", "/user")).statusCode).toBe(200);
    expect((await identitiesOf(member)).identities).toEqual([]);
  });
});

describe("DELETE /api/user/identities/:id", () => {
  it("keeps a passwordless member's only way to sign in (409)", async () => {
    const { member } = await externalMember("ivy");
    const [only] = (await identitiesOf(member)).identities;
    const response = await call(member, "DELETE", `/user/identities/${only?.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: LAST_SIGN_IN_MESSAGE });
    expect((await identitiesOf(member)).identities).toHaveLength(1);
  });

  it("removes one of two identities of a passwordless member, then keeps the last", async () => {
    const { member } = await externalMember("tom");
    expect((await link(member, someone("tom-second"))).statusCode).toBe(201);
    const [first, second] = (await identitiesOf(member)).identities;
    const removed = await call(member, "DELETE", `/user/identities/${first?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<LinkedIdentitiesResponse>().identities.map((identity) => identity.id)).toEqual([
      second?.id,
    ]);
    expect((await call(member, "DELETE", `/user/identities/${second?.id}`)).statusCode).toBe(409);
  });

  it("keeps one of two when both are removed at once by a passwordless member", async () => {
    const { member } = await externalMember("duo");
    expect((await link(member, someone("duo-second"))).statusCode).toBe(201);
    const ids = (await identitiesOf(member)).identities.map((identity) => identity.id);
    const answers = await Promise.all(ids.map((id) => call(member, "DELETE", `/user/identities/${id}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await identitiesOf(member)).identities).toHaveLength(1);
  });

  it("removes a password member's only identity (the password stays)", async () => {
    const member = await newcomer("rita");
    const linked = (await link(member, someone("rita-id"))).json<LinkedIdentitiesResponse>();
    const response = await call(member, "DELETE", `/user/identities/${linked.identities[0]?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hasPassword: true, identities: [] });
  });

  it("answers 404 for another member's identity, and leaves it", async () => {
    const { member: owner } = await externalMember("nora");
    const [theirs] = (await identitiesOf(owner)).identities;
    const stranger = await newcomer("sly");
    expect((await link(stranger, someone("sly-id"))).statusCode).toBe(201);
    const response = await call(stranger, "DELETE", `/user/identities/${theirs?.id}`);
    expect(response.statusCode).toBe(404);
    const response2 = await call(stranger, "DELETE", `/user/identities/${crypto.randomUUID()}`);
    expect(response2.statusCode).toBe(404);
    const [kept] = await db
      .select({ n: count() })
      .from(userIdentities)
      .where(eq(userIdentities.id, theirs?.id ?? ""));
    expect(kept?.n).toBe(1);
  });
});

describe("a member with no password", () => {
  it("is told to use the code flow by PUT /user/password (400, not 401 nor 500)", async () => {
    const { member } = await externalMember("cleo");
    const response = await call(member, "PUT", "/user/password", {
      currentPassword: "anything-at-all",
      newPassword: "a-brand-new-secret",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: NO_PASSWORD_YET_MESSAGE });
  });

  it("sets a password with the e-mailed code, then signs in with it; the identity may go then", async () => {
    const { member, email, username } = await externalMember("gus");
    const forgot = await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const { code } = await keptMailTo(built.mailer, email);
    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { email, otp: code, newPassword: "gus-first-password" },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const signin = await app.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { identifier: username, password: "gus-first-password" },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const signedIn = signin.json();
    const again: SignedIn = {
      token: signedIn.token,
      userId: signedIn.user.id,
      sessionId: sessionIdOf(signedIn.token),
      headers: { authorization: `Bearer ${signedIn.token}` },
    };
    expect(again.userId).toBe(member.userId);
    const listed = await identitiesOf(again);
    expect(listed.hasPassword).toBe(true);
    const removed = await call(again, "DELETE", `/user/identities/${listed.identities[0]?.id}`);
    expect(removed.statusCode).toBe(200);
  });

  it("cannot sign in with a password it does not have", async () => {
    const { username } = await externalMember("nell");
    const signin = await app.inject({
      method: "POST",
      url: "/api/auth/signin",
      payload: { identifier: username, password: "guessing-a-password" },
    });
    expect(signin.statusCode).toBe(401);
  });
});

describe("GET /api/user/download-data", () => {
  it("lists the member's linked sign-ins: provider and address, not the provider's id of them", async () => {
    const { member, claims } = await externalMember("dora");
    const response = await call(member, "GET", "/user/download-data");
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.linkedSignIns).toEqual([
      { issuer: provider.issuer, email: claims.email, createdAt: expect.any(String) },
    ]);
    expect(response.body).not.toContain(claims.sub);
  });
});

const off = await buildTestApp();

describe("linked sign-ins while external sign-in is switched off", () => {
  it("lists, but links nothing (404)", async () => {
    const member = await factories(off).newcomer("olive");
    const response = await apiCall(off, member, "POST", "/user/identities", {
      idToken: await provider.mintIdToken(someone("olive-id")),
    });
    expect(response.statusCode).toBe(404);
    expect((await apiCall(off, member, "GET", "/user/identities")).json()).toEqual({
      hasPassword: true,
      identities: [],
    });
  });
});

function apiCall(
  target: Awaited<ReturnType<typeof buildTestApp>>,
  member: SignedIn,
  method: "GET" | "POST",
  url: string,
  payload?: object,
) {
  return target.app.inject({
    method,
    url: `/api${url}`,
    headers: member.headers,
    ...(payload && { payload }),
  });
}
