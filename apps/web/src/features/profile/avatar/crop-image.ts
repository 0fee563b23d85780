import { AVATAR_OUTPUT_SIZE } from "@flik/shared";

/** A square in the source image's own pixels, as react-easy-crop reports it. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const JPEG_QUALITY = 0.9;

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = "async";
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = src;
  });
}

/** Draws `area` of `image` scaled onto a new `size`×`size` canvas. */
export function drawSquareCrop(image: CanvasImageSource, area: CropArea, size = AVATAR_OUTPUT_SIZE) {
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas is not available");
  // JPEG has no transparency: a see-through PNG gets white, not black, behind it.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return canvas;
}

export function canvasToJpeg(canvas: HTMLCanvasElement, quality = JPEG_QUALITY): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be encoded"))),
      "image/jpeg",
      quality,
    );
  });
}

/** Spec §9: the avatar is the chosen square, as a 300×300 JPEG file ready to upload. */
export async function cropToAvatarFile(src: string, area: CropArea): Promise<File> {
  const image = await loadImage(src);
  const blob = await canvasToJpeg(drawSquareCrop(image, area));
  return new File([blob], "avatar.jpg", { type: "image/jpeg" });
}
