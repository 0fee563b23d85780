import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, newMember, openContext } from "./browser.js";

const browser = await launchBrowser();

async function signUpThroughForm(page: Page, member: ReturnType<typeof newMember>) {
  await page.goto("/");
  await page.getByLabel("Full name").fill(member.fullName);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign up" }).click();
}

async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

describe("a newcomer", () => {
  it("signs up, is sent to /login, signs in and lands on their profile", async () => {
    const { page } = await openContext(browser);
    const member = newMember("newcomer");
    await signUpThroughForm(page, member);

    await page
      .getByRole("alert")
      .filter({ hasText: `Welcome to Flik, @${member.username}!` })
      .waitFor();
    await page.waitForURL("**/login");
    await page.waitForFunction(() => document.title === "Log in · Flik");

    await signInThroughForm(page, member.email.toUpperCase(), member.password);
    await page.getByRole("alert").filter({ hasText: "Login successful! 🎉" }).waitFor();
    await page.waitForURL("**/profile");
    await page.getByRole("heading", { name: `@${member.username}` }).waitFor();
    await page.getByText(member.fullName).waitFor();

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      username: localStorage.getItem("username"),
      userId: localStorage.getItem("userId"),
    }));
    expect(stored).toEqual({
      token: expect.any(String),
      username: member.username,
      userId: expect.any(String),
    });
  });

  it("is told when the username is taken, and stays on sign-up", async () => {
    const { page } = await openContext(browser);
    const member = newMember("taken");
    await signUpThroughForm(page, member);
    await page.waitForURL("**/login");
    await signUpThroughForm(page, { ...member, email: `other-${member.email}` });
    await page.getByRole("alert").filter({ hasText: "That username is already taken" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("sees 'Incorrect email/username or password' for a wrong password", async () => {
    const { page } = await openContext(browser);
    await page.goto("/login");
    await signInThroughForm(page, "nobody-here", "wrong-password");
    await page.getByRole("alert").filter({ hasText: "Incorrect email/username or password" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("can show and hide the password while typing it", async () => {
    const { page } = await openContext(browser);
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-words");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
  });
});

describe("a signed-out member", () => {
  it("opening /settings is sent to /login, and after sign-in lands back on /settings", async () => {
    const setup = await openContext(browser);
    const member = newMember("returning");
    await signUpThroughForm(setup.page, member);
    await setup.page.waitForURL("**/login");
    await setup.context.close();

    const { page } = await openContext(browser);
    await page.goto("/settings");
    await page.waitForURL("**/login");
    await signInThroughForm(page, member.username, member.password);
    await page.waitForURL("**/settings");
    await page.getByRole("heading", { name: "Settings" }).waitFor();
  });
});

describe("a signed-in member", () => {
  it("logs out: the session is revoked on the server and the profile needs a sign-in again", async () => {
    const { page } = await openContext(browser);
    const member = newMember("leaver");
    await signUpThroughForm(page, member);
    await page.waitForURL("**/login");
    await signInThroughForm(page, member.username, member.password);
    await page.waitForURL("**/profile");
    const token = await page.evaluate(() => localStorage.getItem("token"));

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/login");
    const after = await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);

    await page.goto("/profile");
    await page.waitForURL("**/login");
  });

  it("is signed out at once when the session is revoked from another device", async () => {
    const { page } = await openContext(browser);
    const member = newMember("revoked");
    await signUpThroughForm(page, member);
    await page.waitForURL("**/login");
    await signInThroughForm(page, member.username, member.password);
    await page.waitForURL("**/profile");

    const other = await page.request.post("/api/auth/signin", {
      data: { identifier: member.username, password: member.password },
    });
    const { token } = await other.json();
    const revoke = await page.request.patch("/api/sessions/logout-others", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.status()).toBe(200);
    await page.waitForURL("**/login");
  });
});
