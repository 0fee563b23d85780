import sharp, { type Sharp } from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { pngBomb, pngImage } from "../../test/media-fixtures.js";

// The apps of this file refuse past 50 MP, as the default does; the bomb is 8000 x 8000, 64 MP.
const maxPixels = 50_000_000;
const bomb = await pngBomb(8000, 8000);
const bombForm = { file: { bytes: bomb, name: "bomb.png", type: "image/png" }, upload_preset: "flik" };
const tooLarge = "This image is too large: it has 64 megapixels, and images can have up to 50 megapixels.";
const busy = "Flik is busy right now. Please try again in a moment.";

const encode = sharp.prototype.toFile;
/** Watches encoding: an image that gets that far has been decoded. */
const encodes = () => vi.spyOn(sharp.prototype, "toFile");
afterEach(() => {
  vi.restoreAllMocks();
});

const cappedApi = factories(await buildTestApp({ media: { maxPixels } }));
const alice = await cappedApi.persona("alice");
/** An app with a cap an animation of three small frames goes over. */
const tinyCapApi = factories(await buildTestApp({ media: { maxPixels: 10_000 } }));
/** An app that decodes one image at a time and lets one more wait. */
const oneAtATimeApi = factories(await buildTestApp({ media: { maxPixels, imageDecodes: 1, imageQueue: 1 } }));

describe("the pixel cap (MEDIA_MAX_PIXELS)", () => {
  it("refuses an image of more pixels with 413, from its header, before decoding it", async () => {
    const toFile = encodes();
    const response = await cappedApi.uploadForm(alice, "image", bombForm);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: tooLarge });
    expect(toFile).not.toHaveBeenCalled();
  });

  it("refuses such an avatar the same way", async () => {
    const toFile = encodes();
    const response = await cappedApi.call(alice, "PUT", "/profile/update", {
      avatar: `data:image/png;base64,${bomb.toString("base64")}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: tooLarge });
    expect(toFile).not.toHaveBeenCalled();
  });

  it("counts every frame of an animation", async () => {
    const { persona, uploadForm } = tinyCapApi;
    const frame = (red: number) =>
      sharp({ create: { width: 60, height: 60, channels: 4, background: { r: red, g: 0, b: 0, alpha: 1 } } })
        .raw()
        .toBuffer();
    const frames = Buffer.concat(await Promise.all([0, 120, 240].map(frame)));
    const gif = await sharp(frames, { raw: { width: 60, height: 180, channels: 4, pageHeight: 60 } })
      .gif()
      .toBuffer();

    const response = await uploadForm(await persona("bob"), "image", {
      file: { bytes: gif, name: "moving.gif", type: "image/gif" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: "This image is too large: it has 10,800 pixels, and images can have up to 10,000 pixels.",
    });
  });
});

describe("concurrent decompression bombs", () => {
  it("are refused while memory stays bounded and every other request is answered", async () => {
    const bob = await cappedApi.persona("bob");
    const smallForm = {
      file: { bytes: await pngImage(), name: "a.png", type: "image/png" },
      upload_preset: "flik",
    };
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    // Sampling, not timing: the peak is read whenever the event loop is free, and once more at the end.
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => [
        cappedApi.uploadForm(bob, "image", bombForm).then((response) => ({ what: "bomb", response })),
        cappedApi.call(alice, "GET", "/user").then((response) => ({ what: "user", response })),
        ...(i % 2 === 0
          ? [
              cappedApi
                .uploadForm(alice, "image", smallForm)
                .then((response) => ({ what: "small", response })),
            ]
          : []),
      ]).flat(),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());

    const statuses = (what: string) =>
      answers.filter((answer) => answer.what === what).map((answer) => answer.response.statusCode);
    expect(statuses("bomb")).toEqual(Array(8).fill(413));
    expect(statuses("user")).toEqual(Array(8).fill(200));
    expect(statuses("small")).toEqual(Array(4).fill(200));
    // Decoded, the eight bombs would hold 1.5 GB of pixels; refused from their headers, next to nothing.
    expect((peak - baseline) / 1024 / 1024).toBeLessThan(300);
  });
});

describe("the decode queue (MEDIA_IMAGE_DECODES, MEDIA_IMAGE_QUEUE)", () => {
  it("decodes one image at a time, lets one wait, and answers the next 503 with Retry-After", async () => {
    const { persona, uploadForm } = oneAtATimeApi;
    const carol = await persona("carol");
    const image = async () =>
      uploadForm(carol, "image", {
        file: { bytes: await pngImage(), name: "a.png", type: "image/png" },
        upload_preset: "flik",
      });
    // The first image holds the one decode until the test lets it go.
    let started = () => {};
    const decoding = new Promise<void>((resolve) => (started = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    encodes().mockImplementationOnce(async function (this: Sharp, ...args: unknown[]) {
      started();
      await held;
      return encode.apply(this, args as [string]);
    });

    const first = image();
    await decoding;
    // Of the next two, one waits its turn and the other is refused at once, whichever comes first.
    const [second, third] = [image(), image()];
    const refused = await Promise.race([second, third]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(refused.json()).toEqual({ message: busy });

    release();
    const statuses = (await Promise.all([first, second, third])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([200, 200, 503]);
    expect((await image()).statusCode).toBe(200);
  });
});
