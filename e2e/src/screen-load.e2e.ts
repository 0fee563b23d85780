import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, type Member, openContext, signedInMember, viewports } from "./browser.js";

const browser = await launchBrowser();
const artifacts = join(import.meta.dirname, "..", "artifacts");

async function call(page: Page, member: Member, method: "POST" | "PUT", path: string, data: unknown = {}) {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}` },
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
}

describe("the first load on a slow link", () => {
  it("shows Flik's mark until the app's script has come, then the app", async () => {
    const { page } = await openContext(browser, viewports.phone);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/index-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login", { waitUntil: "commit" });
    const mark = page.locator("#root img[src='/favicon.svg']");
    await mark.waitFor();
    expect(await mark.isVisible()).toBe(true);

    release();
    await page.getByRole("button", { name: "Log in" }).waitFor();
    expect(await mark.count()).toBe(0);
  });
});

describe("a signed-in page's first load", () => {
  it("sends its first reads with the first script, before the signed-in code is asked for, and each once", async () => {
    const { page } = await openContext(browser, viewports.phone);
    await signedInMember(page, "early");
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith("/api/") || pathname.startsWith("/assets/signed-in-"))
        asked.push(pathname + search);
    });
    await page.goto("/post");
    await page.getByRole("heading", { name: "No posts yet" }).waitFor();

    const firstReads = [
      "/api/user",
      "/api/messages/unread-count",
      "/api/notifications?limit=1",
      "/api/posts?limit=10",
      "/api/stories",
    ];
    const signedInCode = asked.findIndex((path) => path.startsWith("/assets/signed-in-"));
    expect(signedInCode).toBeGreaterThan(-1);
    for (const read of firstReads) {
      // Sent by the first script, so before the chunk it imports is asked for; and asked by the screen
      // once: the screen's own read took the answer already on its way.
      expect(asked.indexOf(read), read).toBeLessThan(signedInCode);
      expect(
        asked.filter((path) => path === read),
        read,
      ).toHaveLength(1);
    }
  });
});

describe("a screen whose code cannot be downloaded", () => {
  it("says so inside the header and tabs, and loads once Flik answers again", async () => {
    const { page } = await openContext(browser, viewports.phone);
    await signedInMember(page, "offline");
    await page.goto("/post");
    const tabs = page.getByRole("navigation", { name: "Main" });
    await tabs.waitFor();

    // Flik's server is out of reach: the search screen's code (never loaded yet) and the health check fail.
    await page.route("**/assets/explore-screen-*", (route) => route.abort());
    await page.route("**/api/health", (route) => route.abort());
    await tabs.getByRole("link", { name: "Search" }).click();
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Couldn't load this screen" }).waitFor();
    expect(await main.getByRole("alert").textContent()).toBe("Check your connection and try again.");
    expect(await tabs.getByRole("link", { name: "Home" }).isVisible()).toBe(true);

    await main.getByRole("button", { name: "Try again" }).click();
    await main.getByText("Still can't reach Flik. Check your connection and try again.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/search");

    // Back: the page loads again, and the screen with it.
    await page.unrouteAll();
    await main.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("combobox", { name: "Search people, posts and tags" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/search");
  });

  it("closes a dialog whose code cannot be downloaded, says so in a toast, and keeps the screen", async () => {
    const { page } = await openContext(browser, viewports.phone);
    const owner = await signedInMember(page, "kept");
    await call(page, owner, "PUT", "/user/privacy", { isPrivate: true });
    const fan = await signedInMember(page, "fan");
    await call(page, fan, "POST", `/follow/${owner.id}`);
    await call(page, owner, "POST", `/follow-requests/${fan.id}/accept`);
    await page.goto(`/profile/${owner.username}`);
    const following = page.getByRole("button", { name: "Following", exact: true });
    await following.waitFor();

    // The unfollow question's code (never loaded yet) can't be downloaded.
    await page.route("**/assets/unfollow-dialog-*", (route) => route.abort());
    await following.click();
    await page.getByText("Couldn't open this. Check your connection and try again.").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Couldn't load this screen" }).count()).toBe(0);
    expect(await following.isVisible()).toBe(true);
    // Past the toast's entrance, for the screenshot.
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(artifacts, "dialog-code-missing-phone.png") });

    // Back online: the next tap downloads it again and asks.
    await page.unrouteAll();
    await following.click();
    await page.getByRole("dialog", { name: `Unfollow ${owner.username}?` }).waitFor();
  });
});
