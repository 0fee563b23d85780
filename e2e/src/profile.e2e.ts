import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchBrowser, openContext, signedInMember } from "./browser.js";

const browser = await launchBrowser();
const sunset = join(import.meta.dirname, "..", "fixtures", "sunset.jpg");

/**
 * Opens `path` and waits until its socket is connected (socket.io's connect answer, "40"): from then on
 * the member's room is joined and live events reach the page, whatever the machine's speed.
 */
async function openLive(page: Page, path: string) {
  const connected = page
    .waitForEvent("websocket")
    .then((socket) =>
      socket.waitForEvent("framereceived", { predicate: (frame) => String(frame.payload).startsWith("40") }),
    );
  await page.goto(path);
  await connected;
}

describe("profiles", () => {
  it("a member crops a new avatar and edits their profile in place", async () => {
    const { page } = await openContext(browser);
    const alice = await signedInMember(page, "alice");
    await page.goto("/profile");
    await page.getByRole("heading", { name: `@${alice.username}` }).waitFor();

    // By keyboard, the first time in the page: the crop dialog's code is fetched then.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Change profile photo" }).press("Enter");
    await (await chooser).setFiles(sunset);
    const crop = page.getByRole("dialog", { name: "Crop your photo" });
    await crop.waitFor();
    await crop.getByRole("button", { name: "Apply" }).press("Enter");
    await crop.waitFor({ state: "detached" });
    // The focus is back on the button that opened the picker (it was disabled meanwhile).
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-label") === "Change profile photo",
    );
    const { user } = await (
      await page.request.get("/api/user", { headers: { authorization: `Bearer ${alice.token}` } })
    ).json();
    expect(user.avatar).toMatch(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/);
    await page.locator(`img[src="${user.avatar}"]`).first().waitFor();

    await page.getByRole("button", { name: "Edit Profile" }).click();
    const form = page.getByRole("form", { name: "Edit profile" });
    await form.getByLabel("Website").fill("https://alice.example.com");
    // Chromium's maxlength counts two units an emoji: a bio of emoji that fits the 150 is kept whole.
    const globes = "🌍".repeat(120);
    await form.getByLabel("Bio").fill(globes);
    expect(await form.getByLabel("Bio").inputValue()).toBe(globes);
    // In the last place, a family or a thumb with its skin tone is kept whole or left out, never cut to
    // its first person or a bare thumb (the browser's maxlength cuts by UTF-16 units).
    const nearlyFull = "🌍".repeat(149);
    await form.getByLabel("Bio").fill(nearlyFull);
    await page.keyboard.insertText("👨‍👩‍👧");
    await page.keyboard.insertText("👍🏽");
    expect(await form.getByLabel("Bio").inputValue()).toBe(nearlyFull);
    await page.keyboard.insertText("👍");
    expect(await form.getByLabel("Bio").inputValue()).toBe(`${nearlyFull}👍`);
    await form.getByLabel("Bio").fill("Down the rabbit hole");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByText("Down the rabbit hole").waitFor();
    await page.getByRole("link", { name: /alice\.example\.com/ }).waitFor();
  });

  it("a second member follows, and the counts change on both sides", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    const bob = await signedInMember(second.page, "bob");

    await second.page.goto(`/profile/${alice.username}`);
    const stats = second.page.getByRole("list", { name: "Profile stats" });
    await stats.getByRole("button", { name: "0 followers" }).waitFor();
    await second.page.getByRole("button", { name: "Follow", exact: true }).click();
    await second.page.getByRole("button", { name: "Following", exact: true }).waitFor();
    await stats.getByRole("button", { name: "1 follower" }).waitFor();

    await second.page.goto("/profile");
    await second.page
      .getByRole("list", { name: "Profile stats" })
      .getByRole("button", { name: "1 following" })
      .waitFor();

    await first.page.goto("/profile");
    await first.page
      .getByRole("list", { name: "Profile stats" })
      .getByRole("button", { name: "1 follower" })
      .click();
    const followers = first.page.getByRole("dialog", { name: "Followers" });
    await followers.getByRole("link", { name: new RegExp(`^${bob.username}`) }).click();
    await first.page.waitForURL(`**/profile/${bob.username}`);
  });

  it("a long username shows whole, leaving the profile's actions whole and on screen, and no tab is current", async () => {
    const owner = await openContext(browser);
    const long = await signedInMember(owner.page, "a_very_long_name_x");
    expect(long.username.length).toBeGreaterThanOrEqual(27);
    for (const width of [360, 640, 820, 1280]) {
      const { page } = await openContext(browser, { width, height: 900 });
      await signedInMember(page, "visitor");
      await page.goto(`/profile/${long.username}`);
      const heading = page.getByRole("heading", { name: `@${long.username}` });
      await heading.waitFor();
      // Wrapped where it must be, never cut short: a phone has no pointer to read a cut one's title with.
      const cut = await heading.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut, `the username at ${width}px`).toBe(false);
      for (const name of ["Follow", "Share Profile", "Profile options"]) {
        const box = await page.getByRole("button", { name, exact: true }).boundingBox();
        expect(box, `${name} at ${width}px`).not.toBeNull();
        if (!box) continue;
        expect(box.x + box.width, `${name} at ${width}px`).toBeLessThanOrEqual(width);
        expect(box.height, `${name} at ${width}px`).toBeLessThan(60);
      }
      const follow = await page.getByRole("button", { name: "Follow", exact: true }).boundingBox();
      expect(follow?.width, `Follow at ${width}px`).toBeGreaterThanOrEqual(80);
      const profileTab = page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Profile" });
      expect(await profileTab.getAttribute("aria-current")).toBeNull();
      await page.context().close();
    }
  });

  it("a follow shows live on the followed member's own profile and in the follower's other tab", async () => {
    const first = await openContext(browser);
    const second = await openContext(browser);
    const alice = await signedInMember(first.page, "alice");
    await signedInMember(second.page, "bob");
    const bobsOtherTab = await second.context.newPage();
    await Promise.all([
      openLive(first.page, "/profile"),
      openLive(bobsOtherTab, `/profile/${alice.username}`),
    ]);
    const aliceStats = first.page.getByRole("list", { name: "Profile stats" });
    await aliceStats.getByRole("button", { name: "0 followers" }).waitFor();
    await bobsOtherTab.getByRole("button", { name: "Follow", exact: true }).waitFor();

    await second.page.goto(`/profile/${alice.username}`);
    await second.page.getByRole("button", { name: "Follow", exact: true }).click();
    await second.page.getByRole("button", { name: "Following", exact: true }).waitFor();

    // Neither page is reloaded: postFollowed tells both.
    await aliceStats.getByRole("button", { name: "1 follower" }).waitFor();
    await bobsOtherTab.getByRole("button", { name: "Following", exact: true }).waitFor();
    await bobsOtherTab
      .getByRole("list", { name: "Profile stats" })
      .getByRole("button", { name: "1 follower" })
      .waitFor();
  });

  it("the owner adds, edits and deletes a highlight", async () => {
    const { page } = await openContext(browser);
    const alice = await signedInMember(page, "alice");
    await page.goto("/profile");
    await page.getByRole("heading", { name: `@${alice.username}` }).waitFor();

    await page.getByRole("button", { name: "Add highlight" }).click();
    const add = page.getByRole("dialog", { name: "Add Highlight" });
    await add.getByLabel("Highlight name").fill("  Summer  ");
    await add.getByLabel("Photo or video").setInputFiles(sunset);
    await add.getByRole("button", { name: "Save" }).click();
    await add.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "View highlight Summer" }).click();
    const viewer = page.getByRole("dialog", { name: "Summer" });
    await viewer.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Highlight" });
    await edit.getByLabel("Highlight name").fill("Summer 2026");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "View highlight Summer 2026" }).click();

    await page.getByRole("dialog", { name: "Summer 2026" }).getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete highlight?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByRole("button", { name: "View highlight Summer 2026" }).waitFor({ state: "detached" });
    const { highlights } = await (
      await page.request.get("/api/highlights", { headers: { authorization: `Bearer ${alice.token}` } })
    ).json();
    expect(highlights).toEqual([]);
  });
});
