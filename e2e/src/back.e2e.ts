import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, type Member, openContext, signedInMember, uploadedPhoto } from "./browser.js";

const browser = await launchBrowser();
const sunset = join(import.meta.dirname, "..", "fixtures", "sunset.jpg");

async function post(page: Page, author: Member, caption: string) {
  const response = await page.request.post("/api/posts", {
    headers: { authorization: `Bearer ${author.token}` },
    data: { image: await uploadedPhoto(page, author), caption },
  });
  if (!response.ok()) throw new Error(`post: ${await response.text()}`);
}

const isFocused = (page: Page, name: string) =>
  page.getByRole("button", { name, exact: true }).evaluate((element) => element === document.activeElement);

/** The browser's Back (or a phone's back gesture) closes what was opened over a screen, as on Instagram. */
describe("Back", () => {
  it("closes the post modal on a profile and stays there; after its own Close, Back leaves the profile", async () => {
    const { page } = await openContext(browser);
    const alice = await signedInMember(page, "alice");
    await post(page, alice, "Pier at dusk");
    const profileUrl = `**/profile/${alice.username}`;
    await page.goto(`/profile/${alice.username}`);
    const heading = page.getByRole("heading", { name: `@${alice.username}`, level: 1 });
    await heading.waitFor();
    const cell = "Pier at dusk, 0 likes, 0 comments";
    const modal = page.getByRole("dialog", { name: `Post by @${alice.username}` });

    await page.getByRole("button", { name: cell }).click();
    await modal.waitFor();
    await page.goBack();
    await modal.waitFor({ state: "detached" });
    await page.waitForURL(profileUrl);
    await heading.waitFor();
    expect(await isFocused(page, cell)).toBe(true);

    // Forward opens it again; Back closes it again.
    await page.goForward();
    await modal.waitFor();
    await page.goBack();
    await modal.waitFor({ state: "detached" });

    await page.getByRole("button", { name: cell }).click();
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached" });
    expect(await isFocused(page, cell)).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => !url.pathname.startsWith("/profile"));
  });

  it("closes a settings panel and stays in Settings; after Escape, Back leaves Settings", async () => {
    const { page } = await openContext(browser);
    await signedInMember(page, "bob");
    await page.goto("/settings");
    const heading = page.getByRole("heading", { name: "Settings", level: 1 });
    await heading.waitFor();
    const blocked = page.getByRole("dialog", { name: "Blocked accounts" });

    const row = page.getByRole("button", { name: /^Blocked accounts/ });
    await row.click();
    await blocked.waitFor();
    await page.goBack();
    await blocked.waitFor({ state: "detached" });
    await page.waitForURL("**/settings");
    await heading.waitFor();
    expect(await row.evaluate((element) => element === document.activeElement)).toBe(true);

    const password = page.getByRole("dialog", { name: "Change password" });
    await page
      .getByRole("button", { name: /^Change password/ })
      .first()
      .click();
    await password.waitFor();
    await page.keyboard.press("Escape");
    await password.waitFor({ state: "detached" });
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== "/settings");
  });

  it("from the archive's highlight form goes back to the archive; a save closes both, leaving no entry", async () => {
    const { page } = await openContext(browser);
    const carol = await signedInMember(page, "carol");
    const headers = { authorization: `Bearer ${carol.token}` };
    // A story names a file its member uploaded.
    const upload = await page.request.post("/api/media/image/upload", {
      headers,
      multipart: {
        file: { name: "sunset.jpg", mimeType: "image/jpeg", buffer: readFileSync(sunset) },
        upload_preset: "flik",
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const shared = await page.request.post("/api/stories", {
      headers,
      data: { url: (await upload.json()).secure_url },
    });
    expect(shared.ok(), await shared.text()).toBe(true);
    await page.goto("/post");
    await page.goto(`/profile/${carol.username}`);
    await page.getByRole("heading", { name: `@${carol.username}`, level: 1 }).waitFor();
    const archive = page.getByRole("dialog", { name: "Archive" });
    const form = page.getByRole("dialog", { name: "Add Highlight" });
    const story = archive.getByRole("radio", { name: /^Story from/ });

    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await story.click();
    await archive.getByRole("button", { name: "Add to highlight" }).click();
    await form.waitFor();
    await page.goBack();
    await form.waitFor({ state: "detached" });
    expect(await story.isChecked()).toBe(true);

    await archive.getByRole("button", { name: "Add to highlight" }).click();
    await form.getByLabel("Highlight name").fill("Pier");
    await form.getByRole("button", { name: "Save" }).click();
    await archive.waitFor({ state: "detached" });
    await form.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "View highlight Pier" }).waitFor();
    expect(
      await page.evaluate(() => (history.state?.usr as { modals?: object } | null)?.modals),
    ).toBeUndefined();
    await page.goBack();
    await page.waitForURL("**/post");
  });
});
