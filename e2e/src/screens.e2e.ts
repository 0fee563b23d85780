import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, newMember, openContext, viewports } from "./browser.js";

/** Screenshots land here for people to look at (README: "Screenshots"); the folder is not committed. */
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

const browser = await launchBrowser();
const member = newMember("screens");

const baseUrl = async (page: Page) => new URL(page.url()).origin;

/** Signs the member in through the API and stores the token as the app does. */
async function signIn(page: Page) {
  const origin = await baseUrl(page);
  const response = await page.request.post(`${origin}/api/auth/signin`, {
    data: { identifier: member.username, password: member.password },
  });
  const { token, user } = await response.json();
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("userId", user.id);
      localStorage.setItem("username", user.username);
    },
    { token, user },
  );
}

const screens = [
  { name: "sign-up", path: "/", heading: "Create your account", signedIn: false },
  { name: "sign-in", path: "/login", heading: "Welcome back", signedIn: false },
  { name: "not-found", path: "/no/such/page", heading: "Page not found", signedIn: false },
  { name: "profile", path: "/profile", heading: `@${member.username}`, signedIn: true },
  { name: "coming-soon", path: "/settings", heading: "Settings", signedIn: true },
] as const;

describe.each(Object.entries(viewports))("on a %s", (viewportName, viewport) => {
  it.each(screens)("$name shows its heading without sideways scrolling", async (screen) => {
    const { page, context } = await openContext(browser, viewport);
    await page.goto("/login");
    if (screen.signedIn) {
      await page.request.post("/api/auth/signup", { data: member }).catch(() => undefined);
      await signIn(page);
    }
    await page.goto(screen.path);
    await page.getByRole("heading", { name: screen.heading }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(artifacts, `${screen.name}-${viewportName}.png`), fullPage: true });
    await context.close();
  });
});
