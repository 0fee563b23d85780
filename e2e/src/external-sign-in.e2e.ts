import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HANDOFF_INVALID_MESSAGE } from "@flik/shared";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startTestProvider } from "../../apps/server/src/test/oidc-test-provider.js";
import { animationsSettled, dismissToast, seriousViolations } from "./axe.js";
import { launchBrowser, newMember, signInAs, viewports } from "./browser.js";
import { freePort, startFlikProcess } from "./flik-process.js";

/**
 * External sign-in (issue 19) in Chromium, through a real OpenID provider (oidc-provider, in this
 * process, with its own keys, its development login and its consent screen) and the built Flik started
 * with OIDC_ISSUER and OIDC_CLIENT_ID naming it: the browser's redirect, PKCE exchange and return are
 * the real ones.
 */

const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const provider = await startTestProvider({
  clientId: "flik-e2e",
  redirectUris: [`${baseUrl}/auth/callback`],
  claimsFor: (login) => ({
    preferred_username: login,
    name: "Robin Example",
    email: `${login}@example.test`,
    email_verified: true,
  }),
});
const dataDir = mkdtempSync(join(tmpdir(), "flik-e2e-oidc-"));
const flik = await startFlikProcess(port, dataDir, {
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_NAME: "Test ID",
});
afterAll(async () => {
  await flik.stop();
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const BUTTON = "Continue with Test ID";
let logins = 0;
const uniqueLogin = (name: string) => `${name}${Date.now().toString(36)}${logins++}`;

async function openPage(viewport: { width: number; height: number } = viewports.desktop) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  return { context, page: await context.newPage() };
}

/**
 * Clicks `start` and goes through the provider's own screens: its development login (any login, any
 * password), then consent; a provider that remembers the browser asks nothing and sends it straight back.
 */
async function throughProvider(page: Page, login: string, start: () => Promise<void>) {
  // Waited for before the click: the way back may be over before a later wait would start.
  const backAt = () =>
    page
      .waitForURL((url) => url.origin === baseUrl && url.pathname === "/auth/callback", {
        waitUntil: "commit",
      })
      .then(() => "back" as const);
  const loginBox = page.locator('input[name="login"]');
  let back = backAt();
  await start();
  if ((await Promise.race([loginBox.waitFor().then(() => "login" as const), back])) === "back") return;
  await loginBox.fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  back = backAt();
  await page.getByRole("button", { name: "Sign-in" }).click();
  const consent = page.getByRole("button", { name: "Continue" });
  if ((await Promise.race([consent.waitFor().then(() => "consent" as const), back])) === "back") return;
  await consent.click();
  await back;
}

async function sessionOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  if (!token) return null;
  const response = await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) return null;
  const { user } = await response.json();
  return { token, id: user._id as string, username: user.username as string };
}

async function logOutFromSettings(page: Page) {
  await page.goto("/settings");
  await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  await page.getByRole("button", { name: "Log out", exact: true }).click();
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Log out" }).click();
  await page.waitForURL("**/login");
}

async function signUpWithPassword(context: BrowserContext, prefix: string) {
  const member = newMember(prefix);
  const signup = await context.request.post("/api/auth/signup", { data: member });
  expect(signup.ok(), await signup.text()).toBe(true);
  const signin = await context.request.post("/api/auth/signin", {
    data: { identifier: member.username, password: member.password },
  });
  const { token, user } = await signin.json();
  return { ...member, token: token as string, id: user.id as string };
}

describe("a newcomer with an account at the identity provider", () => {
  it("signs up with 'Continue with …', signs out, and signs back in the same way as the same member", async () => {
    const { page } = await openPage();
    const login = uniqueLogin("robin");
    await page.goto("/");
    const button = page.getByRole("button", { name: BUTTON });
    await button.waitFor();
    await page.screenshot({ path: join(artifacts, "external-sign-up-desktop.png") });
    expect(await seriousViolations(page)).toEqual([]);
    await throughProvider(page, login, () => button.click());

    // Back through /auth/callback to the default page after a sign-in, signed in as a new member.
    await page.waitForURL("**/profile");
    const first = await sessionOf(page);
    expect(first?.username).toBe(login);
    await page.getByRole("heading", { name: `@${login}` }).waitFor();

    await logOutFromSettings(page);
    expect(await sessionOf(page)).toBeNull();

    // /login's button: the provider remembers the browser, so it comes straight back.
    await throughProvider(page, login, () => page.getByRole("button", { name: BUTTON }).click());
    await page.waitForURL("**/profile");
    const again = await sessionOf(page);
    expect(again?.id).toBe(first?.id);
    expect(again?.token).not.toBe(first?.token);
  });

  it("lands where it was going: a page asked for while signed out", async () => {
    const { page } = await openPage(viewports.phone);
    await page.goto("/settings");
    await page.waitForURL("**/login");
    await page.screenshot({ path: join(artifacts, "external-sign-in-phone.png") });
    await throughProvider(page, uniqueLogin("sam"), () => page.getByRole("button", { name: BUTTON }).click());
    await page.waitForURL("**/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
  });
});

describe("a member with a password", () => {
  it("links the identity from Settings › Linked sign-ins, then signs in with it as the same member", async () => {
    const { context, page } = await openPage();
    const member = await signUpWithPassword(context, "linker");
    await signInAs(page, member);
    await page.goto("/settings");
    await page.getByRole("button", { name: /Linked sign-ins/ }).click();
    const panel = page.getByRole("dialog", { name: "Linked sign-ins" });
    await panel.getByText("No linked sign-ins yet").waitFor();
    const login = uniqueLogin("linked");
    await throughProvider(page, login, () => panel.getByRole("button", { name: "Link Test ID" }).click());

    // Back in Settings with the panel open, the identity listed.
    await page.waitForURL("**/settings");
    // The toast closes itself after 5 s; measured by axe while it fades out, its text fails contrast.
    await dismissToast(page, "Test ID linked");
    const reopened = page.getByRole("dialog", { name: "Linked sign-ins" });
    await reopened.getByText(`${login}@example.test`).waitFor();
    await animationsSettled(page);
    await page.screenshot({ path: join(artifacts, "external-linked-desktop.png") });
    expect(await seriousViolations(page)).toEqual([]);
    expect((await sessionOf(page))?.id).toBe(member.id);

    await logOutFromSettings(page);
    await throughProvider(page, login, () => page.getByRole("button", { name: BUTTON }).click());
    await page.waitForURL("**/profile");
    expect((await sessionOf(page))?.id).toBe(member.id);
  });

  it("is never linked by e-mail alone: the same address at the provider is told to link from Settings", async () => {
    const { context, page } = await openPage();
    const login = uniqueLogin("twin");
    // A password account already uses the address the provider gives for this login.
    const member = newMember("twin");
    const signup = await context.request.post("/api/auth/signup", {
      data: { ...member, email: `${login}@example.test` },
    });
    expect(signup.ok()).toBe(true);
    await page.goto("/login");
    await throughProvider(page, login, () => page.getByRole("button", { name: BUTTON }).click());
    await page.getByText(/An account already uses this e-mail address/).waitFor();
    await page.getByRole("link", { name: "Sign in with password" }).waitFor();
    expect(await sessionOf(page)).toBeNull();
  });
});

describe("forged and foreign tokens", () => {
  it("each answer 401 and make nothing; the real token then makes the member", async () => {
    const login = uniqueLogin("ghost");
    const claims = {
      sub: login,
      preferred_username: login,
      email: `${login}@example.test`,
      email_verified: true,
    };
    const other = (await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const forged = [
      await provider.mintIdToken(claims, { expiresIn: -120 }),
      await provider.mintIdToken(claims, { audience: "someone-else" }),
      await provider.mintIdToken(claims, { issuer: "http://127.0.0.1:1" }),
      await provider.mintIdToken(claims, { signWith: other.privateKey }),
      await provider.mintIdToken(claims, { alg: "HS256", signWith: new TextEncoder().encode("guess") }),
    ];
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(
      JSON.stringify({
        ...claims,
        iss: provider.issuer,
        aud: provider.clientId,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString("base64url")}.`;
    const sync = (token: string, body: object = {}) =>
      fetch(`${baseUrl}/api/auth/auth0`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const token of [...forged, unsigned]) expect((await sync(token)).status).toBe(401);
    const good = await provider.mintIdToken(claims);
    // A body naming another subject than the token's is refused too.
    expect((await sync(good, { auth0Id: "someone-else" })).status).toBe(401);

    const made = await sync(good, { auth0Id: login });
    expect(made.status).toBe(201);
    expect((await made.json()).created).toBe(true);
  });
});

describe("the spec's /profile?token= hand-off", () => {
  it("asks before switching members, and refuses a session token put in its place", async () => {
    const { context, page } = await openPage();
    const member = await signUpWithPassword(context, "host");
    await signInAs(page, member);
    // Someone else's hand-off code, as a link an attacker would send.
    const login = uniqueLogin("mallory");
    const sync = await fetch(`${baseUrl}/api/auth/auth0`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await provider.mintIdToken({ sub: login, preferred_username: login, email: `${login}@example.test`, email_verified: true })}`,
        "content-type": "application/json",
      },
      body: "{}",
    });
    const { handoffCode } = await sync.json();
    await page.goto(`/profile?token=${encodeURIComponent(handoffCode)}`);
    const ask = page.getByRole("dialog", { name: `Continue as @${login}?` });
    await ask.waitFor();
    expect(new URL(page.url()).searchParams.has("token")).toBe(false);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    expect((await sessionOf(page))?.id).toBe(member.id);

    // A plain session token in the URL signs nobody in.
    await page.goto(`/profile?token=${encodeURIComponent(member.token)}`);
    await page.getByText(HANDOFF_INVALID_MESSAGE).waitFor();
    expect((await sessionOf(page))?.id).toBe(member.id);
  });
});
