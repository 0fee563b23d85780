import { afterEach, describe, expect, it, vi } from "vitest";
import { resizedForUpload } from "./image-resize";

/** A browser that draws: createImageBitmap of a `width` x `height` picture, and an OffscreenCanvas whose output is `output`. */
function drawingBrowser(width: number, height: number, output: Blob) {
  const drawnAt: { width: number; height: number }[] = [];
  const close = vi.fn();
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(async () => ({ width, height, close })),
  );
  vi.stubGlobal(
    "OffscreenCanvas",
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {
        drawnAt.push({ width, height });
      }
      getContext() {
        return { drawImage: vi.fn(), imageSmoothingQuality: "low" };
      }
      async convertToBlob() {
        return output;
      }
    },
  );
  return { drawnAt, close };
}

const bytes = (count: number) => new Uint8Array(count);

afterEach(() => vi.unstubAllGlobals());

describe("resizedForUpload (issue 20)", () => {
  it("draws a 4000x3000 photo at 1080x810, upright, as a smaller JPEG of the same name", async () => {
    const { drawnAt, close } = drawingBrowser(4000, 3000, new Blob([bytes(300)], { type: "image/jpeg" }));
    const photo = new File([bytes(5000)], "IMG_0001.JPG", { type: "image/jpeg", lastModified: 7 });
    const sent = await resizedForUpload(photo);
    expect(drawnAt).toEqual([{ width: 1080, height: 810 }]);
    expect(createImageBitmap).toHaveBeenCalledWith(photo, { imageOrientation: "from-image" });
    expect(sent).toMatchObject({ name: "IMG_0001.jpg", type: "image/jpeg", size: 300, lastModified: 7 });
    expect(close).toHaveBeenCalled();
  });

  it("draws a file once however often it is asked for (its check when chosen, Share, the upload)", async () => {
    const { drawnAt } = drawingBrowser(4000, 3000, new Blob([bytes(300)], { type: "image/jpeg" }));
    const photo = new File([bytes(5000)], "pier.jpg", { type: "image/jpeg" });
    const first = await resizedForUpload(photo);
    expect(await resizedForUpload(photo)).toBe(first);
    expect(drawnAt).toHaveLength(1);
    // Another file is its own drawing.
    await resizedForUpload(new File([bytes(5000)], "pier.jpg", { type: "image/jpeg" }));
    expect(drawnAt).toHaveLength(2);
  });

  it("keeps a tall picture within a story's 1920 px, and a PNG's transparency as WebP", async () => {
    const { drawnAt } = drawingBrowser(1200, 4000, new Blob([bytes(100)], { type: "image/webp" }));
    const sent = await resizedForUpload(new File([bytes(900)], "screen.png", { type: "image/png" }));
    expect(drawnAt).toEqual([{ width: 576, height: 1920 }]);
    expect(sent).toMatchObject({ name: "screen.webp", type: "image/webp" });
  });

  it("sends as it is a picture within the bounds, a GIF, a video, or a result that is no smaller", async () => {
    drawingBrowser(1080, 1350, new Blob([bytes(10)], { type: "image/jpeg" }));
    const small = new File([bytes(500)], "small.jpg", { type: "image/jpeg" });
    expect(await resizedForUpload(small)).toBe(small);
    for (const file of [
      new File([bytes(500)], "cat.gif", { type: "image/gif" }),
      new File([bytes(500)], "clip.mp4", { type: "video/mp4" }),
    ]) {
      expect(await resizedForUpload(file)).toBe(file);
    }
    drawingBrowser(4000, 3000, new Blob([bytes(900)], { type: "image/jpeg" }));
    const dense = new File([bytes(800)], "dense.jpg", { type: "image/jpeg" });
    expect(await resizedForUpload(dense)).toBe(dense);
  });

  it("sends as it is a picture the browser cannot read, or a PNG it can only write back as PNG", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => Promise.reject(new DOMException("bad", "InvalidStateError"))),
    );
    const broken = new File([bytes(500)], "broken.jpg", { type: "image/jpeg" });
    expect(await resizedForUpload(broken)).toBe(broken);

    drawingBrowser(4000, 3000, new Blob([bytes(100)], { type: "image/png" }));
    const png = new File([bytes(5000)], "art.png", { type: "image/png" });
    expect(await resizedForUpload(png)).toBe(png);
  });
});
