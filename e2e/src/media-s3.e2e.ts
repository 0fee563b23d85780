import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { landscapePhoto, videoFixture } from "../../apps/server/src/test/media-fixtures.js";
import { startS3 } from "../../apps/server/src/test/s3.js";
import { launchBrowser, signedInMember, viewports, whenPlayingPastOneSecond } from "./browser.js";
import { freePort, startFlikProcess } from "./flik-process.js";

/**
 * Issue 20: media kept in an S3-compatible bucket (s3rver) instead of the data folder. The same Flik,
 * started with S3_ENDPOINT and S3_BUCKET: a photo and a flick posted from the browser are stored in the
 * bucket and served from it (photo variants, byte ranges for the video, its poster). It takes media
 * from the built-in host only (MEDIA_ORIGINS=none), so the browser's CSP allows no other media host.
 */
const s3 = await startS3("flik-e2e");
const dataDir = mkdtempSync(join(tmpdir(), "flik-e2e-s3-"));
const flik = await startFlikProcess(await freePort(), dataDir, {
  S3_ENDPOINT: s3.config.endpoint,
  S3_BUCKET: s3.config.bucket,
  S3_ACCESS_KEY_ID: s3.config.accessKeyId ?? "",
  S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? "",
  MEDIA_ORIGINS: "none",
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
});
const browser = await launchBrowser();
const artifacts = join(import.meta.dirname, "..", "artifacts");
mkdirSync(artifacts, { recursive: true });
afterAll(async () => {
  await flik.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The bucket's objects of a kept file, by its id (s3rver keeps each object as files named after it). */
const inBucket = (id: string) =>
  readdirSync(s3.objectsDir, { recursive: true, encoding: "utf8" }).filter((name) => name.includes(id));
const idOf = (url: string) => /([0-9a-f-]{36})\./.exec(url)?.[1] ?? "none";

/** A phone of 390 CSS pixels at 2 device pixels each, on the Flik that keeps its media in the bucket. */
async function phoneAt2x() {
  const context = await browser.newContext({
    baseURL: flik.baseUrl,
    viewport: viewports.phone,
    deviceScaleFactor: 2,
  });
  return { context, page: await context.newPage() };
}

describe("media in an S3 bucket (issue 20)", () => {
  it("a photo posted from the browser is kept in the bucket and shown from it, in the size of its slot", async () => {
    const { context, page } = await phoneAt2x();
    await signedInMember(page, "bucket");
    const path = join(tmpdir(), `bucket-${Date.now()}.jpg`);
    writeFileSync(path, await landscapePhoto(2000, 1500));

    await page.goto("/post/new");
    await page.getByLabel("Photo or video").setInputFiles(path);
    await page.getByLabel("Caption").fill("Kept in a bucket");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Post created!" }).waitFor();

    const feed = await page.goto("/post");
    const imgSrc = /img-src ([^;]*)/.exec(feed?.headers()["content-security-policy"] ?? "")?.[1]?.split(" ");
    expect(imgSrc).toContain("'self'");
    expect(imgSrc).not.toContain("https:");
    const image = page.getByRole("img", { name: "Kept in a bucket" });
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );
    const shown = await image.evaluate((img) => (img as HTMLImageElement).currentSrc);
    // The browser sent it at 1080 px, so at 2x the feed card shows that original, or a variant.
    expect(shown).toMatch(/\/media\/image\/[0-9a-f-]{36}\.(jpg|w\d+\.webp)$/);
    const kept = inBucket(idOf(shown)).join(" ");
    for (const width of [160, 320, 480, 640]) expect(kept).toContain(`.w${width}.webp`);
    // Nothing of it stays in the data folder: the work files went once stored.
    const local = readdirSync(dataDir, { recursive: true, encoding: "utf8" });
    expect(local.filter((name) => name.includes(idOf(shown)))).toEqual([]);
    await page.screenshot({ path: join(artifacts, "media-s3-feed-phone.png") });
    await context.close();
  });

  it("an iPhone's HEVC .mov posted as a flick is transcoded from the bucket and plays from it with a poster", async () => {
    const { context, page } = await phoneAt2x();
    const member = await signedInMember(page, "bucketflick");
    const path = join(tmpdir(), `${Date.now()}-IMG_0043.mov`);
    writeFileSync(path, await videoFixture("hevc-mov", 3));

    await page.goto("/post/new");
    await page.getByRole("tab", { name: "Flick" }).click();
    await page.getByLabel("Video").setInputFiles(path);
    await page.getByLabel("Caption").fill("From the bucket");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Post created!" }).waitFor();

    await page.goto("/flicks");
    const flick = page.getByRole("article", { name: `Flick by @${member.username}` });
    await flick.getByText("From the bucket").waitFor();
    const video = flick.locator("video");
    const poster = (await video.getAttribute("poster")) ?? "";
    expect(poster).toMatch(/^\/media\/video\/[0-9a-f-]{36}\.jpg$/);
    expect((await page.request.get(poster)).headers()["content-type"]).toBe("image/jpeg");
    await whenPlayingPastOneSecond(page, video);
    // The source is gone from the bucket once transcoded; the MP4 and its poster stay.
    const kept = inBucket(idOf(poster)).join(" ");
    expect(kept).toMatch(/video\/[0-9a-f-]{36}\.mp4/);
    expect(kept).not.toMatch(/video-sources\/[0-9a-f-]{36}\.mov/);
    await context.close();
  });
});
