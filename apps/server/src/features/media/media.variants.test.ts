import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, imageVariantUrl } from "@flik/shared";
import sharp from "sharp";
import { thumbHashToAverageRGBA } from "thumbhash";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { landscapePhoto, pngImage } from "../../test/media-fixtures.js";
import { tempDir } from "../../test/temp-dir.js";

const mediaDir = tempDir("media-variants");
const built = await buildTestApp({ media: { dir: mediaDir } });
const { app } = built;
const { persona, uploadForm, createPost, call } = factories(built);
const alice = await persona("alice");

async function uploadImage(bytes: Buffer, name = "photo.jpg") {
  const response = await uploadForm(alice, "image", {
    file: { bytes, name, type: "image/jpeg" },
    upload_preset: "flik",
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { secure_url: string; width: number; height: number };
}

async function served(url: string) {
  const response = await app.inject({ url });
  return { status: response.statusCode, type: response.headers["content-type"], bytes: response.rawPayload };
}

describe("image variants (issue 20)", () => {
  it("keeps a 4000x3000 photo with a WebP of each smaller width, a grid cell's under 40 KB", async () => {
    const photo = await landscapePhoto(4000, 3000);
    const kept = await uploadImage(photo);
    expect(kept).toMatchObject({ width: 4000, height: 3000 });

    for (const width of IMAGE_VARIANT_WIDTHS) {
      const url = imageVariantUrl(kept.secure_url, width) ?? "";
      const variant = await served(url);
      expect(variant.status).toBe(200);
      expect(variant.type).toBe("image/webp");
      const size = await sharp(variant.bytes).metadata();
      expect(size).toMatchObject({ format: "webp", width, height: (width * 3) / 4 });
    }
    // A phone's three-column grid cell (130 px at 3x) picks the 640 px variant at most.
    expect((await served(imageVariantUrl(kept.secure_url, 640) ?? "")).bytes.length).toBeLessThan(40_000);
    expect(photo.length).toBeGreaterThan(400_000);
  });

  it("makes no variant wider than the image (the wider widths hold it at its own size), and lists only the narrower", async () => {
    const kept = await uploadImage(await landscapePhoto(500, 400));
    const original = kept.secure_url.split("/").pop() ?? "";
    const stem = original.slice(0, -".jpg".length);
    const files = readdirSync(join(mediaDir, "image")).filter((name) => name.startsWith(stem));
    expect(files.sort()).toEqual(
      [original, ...IMAGE_VARIANT_WIDTHS.map((width) => `${stem}.w${width}.webp`)].sort(),
    );
    for (const width of [640, 1080] as const) {
      const variant = await served(imageVariantUrl(kept.secure_url, width) ?? "");
      expect(await sharp(variant.bytes).metadata()).toMatchObject({ width: 500, height: 400 });
    }
    expect(
      imageSrcSet(kept.secure_url, kept.width)
        ?.split(", ")
        .map((entry) => entry.split(" ")[1]),
    ).toEqual(["160w", "320w", "480w", "500w"]);
  });

  it("stores variants upright, as the original is, for a photo taken sideways", async () => {
    const kept = await uploadImage(await landscapePhoto(800, 600, 6));
    expect(kept).toMatchObject({ width: 600, height: 800 });
    const variant = await served(imageVariantUrl(kept.secure_url, 320) ?? "");
    expect(await sharp(variant.bytes).metadata()).toMatchObject({ width: 320, height: 427 });
  });

  it("makes a missing variant of a kept image on its first request, then serves it as a file", async () => {
    const kept = await uploadImage(await landscapePhoto(1200, 900));
    const url = imageVariantUrl(kept.secure_url, 640) ?? "";
    rmSync(join(mediaDir, "image", url.split("/").pop() ?? ""));

    const made = await served(url);
    expect(made.status).toBe(200);
    expect(await sharp(made.bytes).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(readdirSync(join(mediaDir, "image"))).toContain(url.split("/").pop());
    expect(readdirSync(join(mediaDir, "incoming"))).toEqual([]);
  });

  it("answers 404 for a variant of no kept image, of a width not served, or of another name", async () => {
    const kept = await uploadImage(await pngImage(), "dot.png");
    const stem = kept.secure_url.slice(0, -".png".length);
    for (const url of [
      "/media/image/00000000-0000-4000-8000-000000000000.w320.webp",
      `${stem}.w333.webp`,
      `${stem}.w320.webp.webp`,
      `${stem}.W320.webp`,
      "/media/image/..%2f..%2fetc.w320.webp",
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe("a post's placeholder (issue 20)", () => {
  const averageOf = (placeholder: string) => {
    const { r, g, b } = thumbHashToAverageRGBA(Buffer.from(placeholder, "base64"));
    return [r, g, b].map((channel) => Math.round(channel * 255));
  };

  it("comes with a post of a kept photo: a ThumbHash of its colours, made by the server", async () => {
    const kept = await uploadImage(await landscapePhoto(1600, 1200));
    const post = await createPost(alice, { image: kept.secure_url, placeholder: "forged" });
    expect(post).toMatchObject({ width: 1600, height: 1200, placeholder: expect.any(String) });
    expect(Buffer.from(post.placeholder ?? "", "base64").length).toBeLessThan(30);
    // Sky over green land: more blue than red on average, and not grey.
    const [red, green, blue] = averageOf(post.placeholder ?? "");
    expect(blue).toBeGreaterThan(red ?? 0);
    expect(
      Math.max(red ?? 0, green ?? 0, blue ?? 0) - Math.min(red ?? 0, green ?? 0, blue ?? 0),
    ).toBeGreaterThan(20);

    const read = await call(alice, "GET", `/posts/${post._id}`);
    expect(read.json().post.placeholder).toBe(post.placeholder);
  });

  it("is made from the photo itself when its variants are not there", async () => {
    const kept = await uploadImage(await landscapePhoto(400, 300));
    rmSync(join(mediaDir, "image", (imageVariantUrl(kept.secure_url, 160) ?? "").split("/").pop() ?? ""));
    const post = await createPost(alice, { image: kept.secure_url });
    expect(post.placeholder).toEqual(expect.any(String));
  });

  it("is null for another host's photo, whatever the client sends, and follows an edit to a new photo", async () => {
    const post = await createPost(alice, { image: "https://cdn.example.com/a.jpg", placeholder: "AAAA" });
    expect(post.placeholder).toBeNull();

    const kept = await uploadImage(await landscapePhoto(800, 600));
    const edited = await call(alice, "PUT", `/posts/${post._id}`, { image: kept.secure_url });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post.placeholder).toEqual(expect.any(String));
  });
});
