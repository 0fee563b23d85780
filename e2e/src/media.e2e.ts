import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { landscapePhoto, videoFixture } from "../../apps/server/src/test/media-fixtures.js";
import {
  launchBrowser,
  type Member,
  signedInMember,
  viewports,
  whenPlayingPastOneSecond,
} from "./browser.js";

const browser = await launchBrowser();
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });

/** A phone as most are: 390 CSS pixels wide, drawn at 2 device pixels to each. */
async function phoneAt2x() {
  const context = await browser.newContext({
    baseURL: inject("baseUrl"),
    viewport: viewports.phone,
    deviceScaleFactor: 2,
  });
  return { context, page: await context.newPage() };
}

async function postPhoto(page: Page, member: Member, photo: Buffer, caption: string) {
  const headers = { authorization: `Bearer ${member.token}` };
  const upload = await page.request.post("/api/media/image/upload", {
    headers,
    multipart: { file: { name: "big.jpg", mimeType: "image/jpeg", buffer: photo }, upload_preset: "flik" },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { secure_url: image } = await upload.json();
  const created = await page.request.post("/api/posts", { headers, data: { image, caption } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).post as { image: string; placeholder: string | null };
}

/** What the page downloaded for the image at `url`, from the browser's own resource timing. */
function downloadedBytes(page: Page, url: string) {
  return page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name === wanted)
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    url,
  );
}

describe("photos in the size they are shown (issue 20)", () => {
  it("a 4000x3000 photo: the phone's grid cell downloads a variant under 40 KB, and the feed card paints its placeholder before the photo", async () => {
    const { context, page } = await phoneAt2x();
    const member = await signedInMember(page, "lena");
    const photo = await landscapePhoto(4000, 3000);
    const post = await postPhoto(page, member, photo, "Hills at dusk");
    expect(post.placeholder).toEqual(expect.any(String));

    await page.goto("/profile");
    const cell = page.getByRole("button", { name: /^Hills at dusk, 0 likes, 0 comments$/ }).locator("img");
    await page.waitForFunction((image) => (image as HTMLImageElement).complete, await cell.elementHandle());
    const shown = await cell.evaluate((image) => (image as HTMLImageElement).currentSrc);
    expect(shown).toMatch(/\/media\/image\/[0-9a-f-]{36}\.w(320|480)\.webp$/);
    const bytes = await downloadedBytes(page, shown);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(40_000);
    expect(await downloadedBytes(page, new URL(post.image, shown).href)).toBe(0);
    await page.screenshot({ path: join(artifacts, "media-grid-phone.png") });

    // The feed, with the photo held back: the card shows the placeholder's colours, then the photo.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.w\d+\.webp$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => performance.clearResourceTimings());
    await page.goto("/post");
    const card = page.getByRole("article", { name: `Post by @${member.username}` });
    const image = card.getByRole("img", { name: "Hills at dusk" });
    await image.waitFor();
    expect(await image.evaluate((img) => img.style.backgroundImage)).toMatch(
      /^url\("data:image\/png;base64,/,
    );
    expect(await image.evaluate((img) => (img as HTMLImageElement).complete)).toBe(false);
    await page.screenshot({ path: join(artifacts, "media-feed-placeholder-phone.png") });
    release();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await image.elementHandle());
    expect(await image.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/\.w1080\.webp$/);
    expect(await image.evaluate((img) => img.style.backgroundImage)).toBe("none");
    await context.close();
  });

  it("a phone sends a 4000x3000 photo drawn at 1080 px, upright, and the post keeps that size", async () => {
    const { context, page } = await phoneAt2x();
    await signedInMember(page, "omar");
    // Taken sideways: the file is 4000x3000 with EXIF orientation 6, shown 3000x4000.
    const path = join(tmpdir(), `sideways-${Date.now()}.jpg`);
    writeFileSync(path, await landscapePhoto(4000, 3000, 6));
    const sent: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/media/image/upload")) sent.push(request.postDataBuffer()?.length ?? 0);
    });

    await page.goto("/post/new");
    await page.getByLabel("Photo or video").setInputFiles(path);
    await page.getByLabel("Caption").fill("Taken sideways");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Post created!" }).waitFor();

    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(400_000);
    // The toast can show before the composer has opened the new post (on a busy machine it does).
    await page.waitForURL(/\/post\/[^/]+\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split("/").pop();
    const answer = await page.request.get(`/api/posts/${id}`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` },
    });
    expect((await answer.json()).post).toMatchObject({ width: 1080, height: 1440 });
    await context.close();
  });

  it("a sound recording saved as .mp4 is refused as it is picked for a flick, before any upload", async () => {
    const { context, page } = await phoneAt2x();
    await signedInMember(page, "voicememo");
    const path = join(tmpdir(), `${Date.now()}-voice-memo.mp4`);
    writeFileSync(path, await videoFixture("audio-only-mp4", 2));
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/media/video/upload")) uploads.push(request.url());
    });

    await page.goto("/post/new");
    await page.getByRole("tab", { name: "Flick" }).click();
    await page.getByLabel("Video").setInputFiles(path);
    await page
      .getByRole("alert")
      .filter({ hasText: "This video could not be read. Please choose another file." })
      .waitFor();
    await page.screenshot({ path: join(artifacts, "media-audio-only-refused-phone.png") });
    // The picker is empty again, and nothing was sent.
    await page.getByText("Choose a video", { exact: true }).waitFor();
    expect(uploads).toEqual([]);
    await context.close();
  });

  for (const [kind, file] of [
    // As an iPhone names it: Chromium gives an upper-case .MOV no type, so the composer reads its name.
    ["hevc-mov", "IMG_0042.MOV"],
    ["index-last-mp4", "index-last.mp4"],
  ] as const) {
    it(`a flick sent as ${kind === "hevc-mov" ? "an iPhone's HEVC .mov" : "an MP4 without faststart"} shows 'Processing…', then plays from its first second with a poster`, async () => {
      const { context, page } = await phoneAt2x();
      const member = await signedInMember(page, `flick${kind.slice(0, 4)}`);
      const path = join(tmpdir(), `${Date.now()}-${file}`);
      writeFileSync(path, await videoFixture(kind, 3));

      await page.goto("/post/new");
      await page.getByRole("tab", { name: "Flick" }).click();
      await page.getByLabel("Video").setInputFiles(path);
      await page.getByLabel("Caption").fill(`Sent as ${kind}`);
      await page.getByRole("button", { name: "Share", exact: true }).click();
      await page.getByText(/^Processing… \d+%$/).waitFor();
      await page.screenshot({ path: join(artifacts, `media-processing-${kind}-phone.png`) });
      await page.getByRole("alert").filter({ hasText: "Post created!" }).waitFor();

      await page.goto("/flicks");
      const flick = page.getByRole("article", { name: `Flick by @${member.username}` });
      await flick.getByText(`Sent as ${kind}`).waitFor();
      const video = flick.locator("video");
      expect(await video.getAttribute("poster")).toMatch(/^\/media\/video\/[0-9a-f-]{36}\.jpg$/);
      // Playing: past its first second, without having had to download the whole file first.
      await whenPlayingPastOneSecond(page, video);
      await page.screenshot({ path: join(artifacts, `media-flick-${kind}-phone.png`) });
      await context.close();
    });
  }
});
