import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, openContext, signedInMember, uploadedPhoto, viewports } from "./browser.js";

const browser = await launchBrowser();
const artifacts = join(import.meta.dirname, "..", "artifacts");
const sunset = readFileSync(join(import.meta.dirname, "..", "fixtures", "sunset.jpg"));
mkdirSync(artifacts, { recursive: true });

function notificationsTab(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Notifications" });
}

/** Uploads the photo to the built-in media host, as the browser does, and returns its URL. */
async function uploadPhoto(page: Page, token: string): Promise<string> {
  const upload = await page.request.post("/api/media/image/upload", {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: "sunset.jpg", mimeType: "image/jpeg", buffer: sunset },
      upload_preset: "flik",
    },
  });
  if (!upload.ok()) throw new Error(`upload failed: ${await upload.text()}`);
  return (await upload.json()).secure_url;
}

/** The tab's badge, as screen readers hear it ("3 unread") and as it shows (the pill's "3"). */
async function expectBadge(page: Page, count: number) {
  const tab = notificationsTab(page);
  const description = () =>
    tab.evaluate((link) => {
      const id = link.getAttribute("aria-describedby");
      return (id && document.getElementById(id)?.textContent) || "";
    });
  await expect.poll(description, { timeout: 10_000 }).toBe(count > 0 ? `${count} unread` : "");
  // One pill shows: on the icon's corner on a phone, at the row's end on the desktop's rail.
  if (count > 0)
    expect(await tab.getByText(String(count), { exact: true }).filter({ visible: true }).count()).toBe(1);
}

describe("notifications", () => {
  it("a follow, a like and a comment land live on top, unread, and mark all as read clears the badge", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");
    const asBob = { authorization: `Bearer ${bob.token}` };

    const created = await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadPhoto(first.page, alice.token), caption: "Sunset at the pier" },
    });
    const { post } = await created.json();

    const page = first.page;
    await page.goto("/notifications");
    await page.getByRole("heading", { name: "No notifications yet" }).waitFor();
    await expectBadge(page, 0);
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: join(artifacts, "notifications-empty-phone.png"), fullPage: true });
    await page.setViewportSize(viewports.desktop);

    // Bob follows through the UI; the like and the comment go through the API with his token.
    await second.page.goto(`/profile/${alice.username}`);
    await second.page.getByRole("button", { name: "Follow", exact: true }).click();
    await second.page.getByRole("button", { name: "Following", exact: true }).waitFor();
    const like = await second.page.request.post(`/api/posts/${post._id}/like`, { headers: asBob });
    expect(like.status()).toBe(200);
    const comment = await second.page.request.post(`/api/posts/${post._id}/comment`, {
      headers: asBob,
      data: { text: "What a view!" },
    });
    expect(comment.ok()).toBe(true);

    const today = page.getByRole("list", { name: "Today" });
    // Each row's own link: a like's or a comment's avatar links to its sender's profile besides.
    const rowLinks = today.getByRole("link", { name: /your post|following you/ });
    await rowLinks.nth(2).waitFor();
    const names = await rowLinks.evaluateAll((links) =>
      links.map((link) => link.textContent?.replace(/\s+/g, " ").trim()),
    );
    expect(await today.getByRole("link", { name: `${bob.username}'s profile` }).count()).toBe(2);
    expect(names).toEqual([
      `Unread: ${bob.username} commented on your post “What a view!” Just now`,
      `Unread: ${bob.username} liked your post Just now`,
      `Unread: ${bob.username} started following you Just now`,
    ]);
    expect(await today.getByRole("button", { name: "Mark as read" }).count()).toBe(3);
    await expectBadge(page, 3);

    await page.screenshot({ path: join(artifacts, "notifications-desktop.png"), fullPage: true });
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: join(artifacts, "notifications-phone.png"), fullPage: true });
    await page.setViewportSize(viewports.desktop);

    // Marking one unread and read again moves the badge with it.
    const liked = today.getByRole("listitem").filter({ hasText: "liked your post" });
    await liked.getByRole("button", { name: "Mark as read" }).click();
    await liked.getByRole("button", { name: "Mark as unread" }).waitFor();
    await expectBadge(page, 2);
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: join(artifacts, "notifications-mixed-phone.png"), fullPage: true });
    await page.setViewportSize(viewports.desktop);
    await liked.getByRole("button", { name: "Mark as unread" }).click();
    await expectBadge(page, 3);

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expectBadge(page, 0);
    expect(await today.getByRole("button", { name: "Mark as unread" }).count()).toBe(3);
    expect(await page.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300); // the rows' colour transition, for the screenshot only
    await page.screenshot({ path: join(artifacts, "notifications-read-desktop.png"), fullPage: true });

    // The server kept it: after a reload everything is still read.
    await page.reload();
    await rowLinks.nth(2).waitFor();
    expect(await today.getByRole("button", { name: "Mark as read" }).count()).toBe(0);
    await expectBadge(page, 0);
  });

  it("older notifications that fail say so, and Try again leaves the focus on the screen, not the page's top", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");
    const followed = await second.page.request.post(`/api/follow/${alice.id}`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(followed.status()).toBe(200);
    const page = first.page;
    // The first page says more follow, and every next page fails, as a server going away would.
    await page.route(/\/api\/notifications\?/, async (route) => {
      if (route.request().url().includes("cursor=")) {
        await route.fulfill({ status: 503, json: { message: "Flik is busy right now." } });
        return;
      }
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), nextCursor: "older" } });
    });

    await page.goto("/notifications");
    await page.getByText("Couldn't load older notifications.").waitFor();
    await page.getByText(`${bob.username} started following you`).waitFor();
    await page.getByRole("button", { name: "Try again" }).focus();
    await page.keyboard.press("Enter");
    // The button goes while the page is asked for again, and another takes its place when it fails.
    await page.getByText("Couldn't load older notifications.").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await first.context.close();
    await second.context.close();
  });

  it("opening a like goes to the post, and a follow to the follower's profile", async () => {
    const first = await openContext(browser, viewports.phone);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");
    const asBob = { authorization: `Bearer ${bob.token}` };
    const created = await first.page.request.post("/api/posts", {
      headers: { authorization: `Bearer ${alice.token}` },
      data: { image: await uploadedPhoto(first.page, alice), caption: "Open me" },
    });
    const { post } = await created.json();
    await second.page.request.post(`/api/follow/${alice.id}`, { headers: asBob });
    await second.page.request.post(`/api/posts/${post._id}/like`, { headers: asBob });

    const page = first.page;
    await page.goto("/notifications");
    await expectBadge(page, 2);
    await page.getByRole("link", { name: `Unread: ${bob.username} liked your post` }).click();
    await page.waitForURL(new RegExp(`/post/${alice.username}/${post._id}$`));
    await page.getByText("Open me").first().waitFor();
    await expectBadge(page, 1);

    await page.goBack();
    await page.getByRole("link", { name: new RegExp(`${bob.username} started following you`) }).click();
    await page.waitForURL(new RegExp(`/profile/${bob.username}$`));
    await expectBadge(page, 0);
  });
});
