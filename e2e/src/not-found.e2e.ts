import { describe, expect, it } from "vitest";
import { launchBrowser, openContext } from "./browser.js";

const browser = await launchBrowser();

describe("an unknown path", () => {
  it("shows the 404 page, whose Go Back button returns to the page before", async () => {
    const { page } = await openContext(browser);
    await page.goto("/login");
    await page.goto("/this/page/does/not/exist");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("button", { name: "Go Back" }).click();
    await page.waitForURL("**/login");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("with no page of Flik's before it in the tab, Go Back goes to Flik's start, not a blank page", async () => {
    const { page } = await openContext(browser);
    // A fresh tab's first page is about:blank, as a link opened in a new tab or a typed address has before it.
    await page.goto("/this/page/does/not/exist");
    await page.getByRole("button", { name: "Go Back" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("under /api answers a JSON 404, not the app", async () => {
    const { page } = await openContext(browser);
    const response = await page.request.get("/api/nowhere");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found: GET /api/nowhere" });
  });
});
