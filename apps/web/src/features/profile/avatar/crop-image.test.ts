import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cropToAvatarFile, drawSquareCrop } from "./crop-image";

/** jsdom has no canvas: a 2D context that records what is drawn, and a toBlob that encodes the size. */
function mockCanvas() {
  const context = { fillStyle: "", imageSmoothingQuality: "", fillRect: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type,
  ) {
    callback(new Blob([`${this.width}x${this.height}`], { type: type ?? "image/png" }));
  });
  return { context, toBlob };
}

/** jsdom's Blob has no text(). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** An Image whose load succeeds as soon as it gets a source. */
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  decoding = "";
  naturalWidth = 1200;
  naturalHeight = 800;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

describe("avatar crop", () => {
  beforeEach(() => {
    vi.stubGlobal("Image", LoadingImage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("turns the chosen square into a 300x300 JPEG file", async () => {
    const { context, toBlob } = mockCanvas();

    const file = await cropToAvatarFile("blob:photo", { x: 200, y: 50, width: 700, height: 700 });

    expect(file.type).toBe("image/jpeg");
    expect(file.name).toBe("avatar.jpg");
    expect(await readText(file)).toBe("300x300");
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), "image/jpeg", expect.any(Number));
    expect(context.drawImage).toHaveBeenCalledWith(
      expect.any(LoadingImage),
      200,
      50,
      700,
      700,
      0,
      0,
      300,
      300,
    );
  });

  it("paints white under the picture, since JPEG has no transparency", () => {
    const { context } = mockCanvas();
    const canvas = drawSquareCrop(new LoadingImage() as unknown as HTMLImageElement, {
      x: 0,
      y: 0,
      width: 10,
      height: 10,
    });
    expect([canvas.width, canvas.height]).toEqual([300, 300]);
    expect(context.fillStyle).toBe("#ffffff");
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 300, 300);
    expect(context.fillRect.mock.invocationCallOrder[0]).toBeLessThan(
      context.drawImage.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it("fails when the browser cannot encode the picture", async () => {
    mockCanvas().toBlob.mockImplementation((callback) => callback(null));
    await expect(cropToAvatarFile("blob:photo", { x: 0, y: 0, width: 5, height: 5 })).rejects.toThrow(
      "The picture could not be encoded",
    );
  });
});
