import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  launchBrowser,
  type Member,
  openContext,
  signedInMember,
  uploadedPhoto,
  viewports,
} from "./browser.js";

const browser = await launchBrowser();

/** What has the keyboard focus: its tag, id and aria-label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return "";
    const label = element.getAttribute("aria-label") ?? "";
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} ${label}`.trim();
  });

async function post(page: Page, author: Member, caption: string) {
  const response = await page.request.post("/api/posts", {
    headers: { authorization: `Bearer ${author.token}` },
    data: { image: await uploadedPhoto(page, author), caption },
  });
  if (!response.ok()) throw new Error(`post: ${await response.text()}`);
}

describe("keyboard", () => {
  it("Tab and Enter reach the feed past the header, tabs and stories, and the arrows and j/k move between posts", async () => {
    const { page: bobsPage, context: bobs } = await openContext(browser);
    const bob = await signedInMember(bobsPage, "bob");
    for (const caption of ["First light", "Midday", "Golden hour"]) await post(bobsPage, bob, caption);
    await bobs.close();

    const { page } = await openContext(browser, viewports.desktop);
    const alice = await signedInMember(page, "alice");
    const follow = await page.request.post(`/api/follow/${bob.id}`, {
      headers: { authorization: `Bearer ${alice.token}` },
      data: {},
    });
    expect(follow.ok()).toBe(true);
    await page.goto("/post");
    const posts = page.getByRole("list", { name: "Posts" }).getByRole("article");
    await posts.nth(2).waitFor();

    // The first Tab shows the skip link; Enter puts the focus on the main content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.width > 20 && box.height > 10 && box.y >= 0).toBe(true);
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe("main#main");

    // The stories strip comes first, one Tab stop (its arrows move along it); then the feed, one Tab
    // stop too: the newest post.
    await page.getByRole("region", { name: "Stories" }).getByText("No stories yet").waitFor();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("button Add to your story");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe(`article Post by @${bob.username}`);
    const captionOfFocused = () =>
      page.evaluate(() => document.activeElement?.textContent?.match(/First light|Midday|Golden hour/)?.[0]);
    expect(await captionOfFocused()).toBe("Golden hour");

    await page.keyboard.press("ArrowDown");
    expect(await captionOfFocused()).toBe("Midday");
    await page.keyboard.press("j");
    expect(await captionOfFocused()).toBe("First light");
    await page.keyboard.press("k");
    expect(await captionOfFocused()).toBe("Midday");
    await page.keyboard.press("ArrowUp");
    expect(await captionOfFocused()).toBe("Golden hour");

    // Tab goes into the current post: its Like is a few keys away, then the focus leaves the list.
    const likeOfFirst = posts.first().getByRole("button", { name: "Like", exact: true });
    let presses = 0;
    while (!(await likeOfFirst.evaluate((button) => button === document.activeElement)) && presses < 10) {
      await page.keyboard.press("Tab");
      presses += 1;
    }
    expect(presses).toBeLessThan(10);
    const leftThePost = async () =>
      page.evaluate(() => !document.activeElement?.closest('[aria-label="Posts"] article'));
    let more = 0;
    while (!(await leftThePost()) && more < 15) {
      expect(await posts.first().evaluate((article) => article.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
      more += 1;
    }
    expect(await leftThePost()).toBe(true);
  });
});
