import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, newMember, openContext, signedInMember } from "./browser.js";

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
    // The message stays under the form, and both fields are marked and described by it.
    const kept = "Couldn't log in: Incorrect email/username or password";
    await page.getByText(kept).waitFor();
    for (const field of [
      page.getByLabel("Email or username"),
      page.getByLabel("Password", { exact: true }),
    ]) {
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(
        await field.evaluate(
          (input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent,
        ),
      ).toBe(kept);
    }
  });

  it("is told under each empty sign-up field what is missing, in Flik's words", async () => {
    const { page } = await openContext(browser);
    await page.goto("/");
    await page.getByLabel("Full name").fill("Dana Scully");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Choose a username").waitFor();
    await page.getByText("Enter your email").waitFor();
    await page.getByText("Choose a password").waitFor();
    expect(await page.getByLabel("Username").evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    expect(await page.getByLabel("Full name").getAttribute("aria-invalid")).toBeNull();
    expect(new URL(page.url()).pathname).toBe("/");
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
  it("logs out from Settings: the session is revoked on the server and the profile needs a sign-in again", async () => {
    const { page } = await openContext(browser);
    const member = newMember("leaver");
    await signUpThroughForm(page, member);
    await page.waitForURL("**/login");
    await signInThroughForm(page, member.username, member.password);
    await page.waitForURL("**/profile");
    const token = await page.evaluate(() => localStorage.getItem("token"));

    // Log out lives in Settings, behind a confirmation; Cancel keeps the session.
    expect(await page.getByRole("button", { name: "Log out", exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Log out?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/settings");

    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await confirm.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL("**/login");
    // Leaving by choice starts afresh: /login remembers no page to return to.
    expect(await page.evaluate(() => history.state?.usr ?? null)).toBeNull();
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

describe("a hard load of a signed-in screen", () => {
  it("draws the frame around 'Checking authentication...' until the session is confirmed", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "booting");
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/user", async (route) => {
      await held;
      await route.continue();
    });

    await page.goto("/profile");
    await page.getByRole("status").filter({ hasText: "Checking authentication..." }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    await page.getByRole("link", { name: "Settings" }).waitFor();
    answer();
    await page.getByRole("heading", { name: `@${member.username}` }).waitFor();
    expect(await page.getByText("Checking authentication...").count()).toBe(0);
  });

  it("draws the screen from the stored member at once, and rolls back to /login on a 401", async () => {
    const { page } = await openContext(browser);
    const member = await signedInMember(page, "cached");
    await page.goto("/profile");
    await page.getByRole("heading", { name: `@${member.username}` }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "{}").username)).toBe(
      member.username,
    );

    // While GET /user is held, the profile is drawn from the stored copy.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/user", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/profile");
    await page.getByRole("heading", { name: `@${member.username}` }).waitFor();

    // The session is revoked elsewhere meanwhile: the held check answers 401 and everything is undone.
    const other = await page.request.post("/api/auth/signin", {
      data: { identifier: member.username, password: member.password },
    });
    const { token } = await other.json();
    expect(
      (
        await page.request.patch("/api/sessions/logout-others", {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status(),
    ).toBe(200);
    answer();
    await page.waitForURL("**/login");
    const stored = await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")]);
    expect(stored).toEqual([null, null]);
  });
});
