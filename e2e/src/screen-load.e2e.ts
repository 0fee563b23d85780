import { describe, expect, it } from "vitest";
import { launchBrowser, openContext, signedInMember, viewports } from "./browser.js";

const browser = await launchBrowser();

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
});
