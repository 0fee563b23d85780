import { fileTypeOf } from "@flik/shared";
/**
 * The most an image is sent at (issue 20): the widest variant the host serves (1080 px, Instagram's
 * width) and a full-screen story's height. A 12-megapixel phone photo leaves as about 300 KB, not 5 MB.
 */
export const UPLOAD_MAX_WIDTH = 1080;
export const UPLOAD_MAX_HEIGHT = 1920;
const QUALITY = 0.86;

/** Types resized before upload; a GIF may be animated, and a canvas would keep only its first frame. */
const RESIZED_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** Whether `resizedForUpload` may draw `file` smaller: an image of a type it keeps, in a browser that can. */
export function mayBeResized(file: File): boolean {
  return RESIZED_TYPES.has(fileTypeOf(file)) && typeof createImageBitmap === "function";
}

/**
 * The file to upload for `file`: an image larger than UPLOAD_MAX_WIDTH x UPLOAD_MAX_HEIGHT drawn
 * smaller, upright (its EXIF orientation applied, as it is shown), as JPEG or, for a picture that may be
 * transparent (PNG, WebP), as WebP. Anything else, a browser that cannot draw it, or a result no smaller
 * than the original goes as it is: the host re-encodes and sizes every image anyway.
 */
export function resizedForUpload(file: File): Promise<File> {
  let drawing = drawings.get(file);
  if (!drawing) {
    drawing = drawnForUpload(file);
    drawings.set(file, drawing);
  }
  return drawing;
}

/**
 * Each file is drawn once however often it is asked for: a photo over the host's size is judged when it
 * is chosen and again at Share, then sent, each by what it leaves as.
 */
const drawings = new WeakMap<File, Promise<File>>();

async function drawnForUpload(file: File): Promise<File> {
  if (!mayBeResized(file)) return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, UPLOAD_MAX_WIDTH / bitmap.width, UPLOAD_MAX_HEIGHT / bitmap.height);
    if (scale === 1) return file;
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const type = fileTypeOf(file) === "image/jpeg" ? "image/jpeg" : "image/webp";
    const blob = await drawn(bitmap, width, height, type);
    // A browser that cannot write the type answers PNG, often larger than what it was given.
    if (!blob || blob.size >= file.size || (blob.type !== type && blob.type !== "image/jpeg")) return file;
    const name = file.name.replace(/\.[^.]+$/, "") + (blob.type === "image/webp" ? ".webp" : ".jpg");
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

async function drawn(bitmap: ImageBitmap, width: number, height: number, type: string): Promise<Blob | null> {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type, quality: QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}
