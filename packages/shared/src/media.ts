/** Media rules of spec §2, §3 and §5, and the upload protocol of design.md. */
export type MediaType = "image" | "video";

export const VIDEO_EXTENSIONS = ["mp4", "mov", "avi", "mkv"] as const;
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"] as const;

/** What the media host accepts, by the type sniffed from the bytes. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const ACCEPTED_VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm"] as const;

export const DEFAULT_MEDIA_UPLOAD_PRESET = "flik";
export const DEFAULT_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const DEFAULT_VIDEO_MAX_BYTES = 100 * 1024 * 1024;

function extensionOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const dot = path.lastIndexOf(".");
  return dot === -1 ? "" : path.slice(dot + 1).toLowerCase();
}

/** Spec §2: a post counts as a flik if its image URL ends with .mp4 or contains /video/. */
export function isFlikUrl(url: string): boolean {
  return extensionOf(url) === "mp4" || url.includes("/video/");
}

/**
 * What the URL's file extension says the media is, when it says it (an address without one, or with
 * another, tells nothing): a caller's stated type yields to it.
 */
export function knownMediaTypeOfUrl(url: string): MediaType | undefined {
  const extension = extensionOf(url);
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(extension) || extension === "webm") return "video";
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return "image";
  return undefined;
}

/**
 * Spec §2: video or image, from the URL's extension (`.webm` too) or a media host's /video/ path, as
 * spec §2 tells a flick (`isFlikUrl`); the same for a post and a story.
 */
export function mediaTypeOfUrl(url: string): MediaType {
  return knownMediaTypeOfUrl(url) === "video" || url.includes("/video/") ? "video" : "image";
}

/** The types of the files the media host takes, by their usual extensions. */
const TYPE_OF_EXTENSION = new Map([
  ["jpg", "image/jpeg"],
  ["jpeg", "image/jpeg"],
  ["png", "image/png"],
  ["gif", "image/gif"],
  ["webp", "image/webp"],
  ["mp4", "video/mp4"],
  ["m4v", "video/mp4"],
  ["mov", "video/quicktime"],
  ["webm", "video/webm"],
]);

/**
 * A chosen file's type: the one the browser gave, or, when it gave none (some systems know no type for
 * an upper-case `.MOV` or for a file from a phone's picker), the one its name's extension says; "" when
 * neither says.
 */
export function fileTypeOf(file: { type: string; name?: string }): string {
  const name = file.name ?? "";
  // A name's extension follows its last dot; `#` and `?` are a name's own characters, not a URL's.
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  return file.type || TYPE_OF_EXTENSION.get(extension) || "";
}

/** A file of no bytes (a failed download, a placeholder): nothing in it to show. Said by the app and the host. */
export const EMPTY_FILE = "This file is empty.";

/** What a story's or highlight's picker says of a file that is neither (a text, a PDF). */
export const NOT_A_PHOTO_OR_VIDEO = "Choose a photo or a video.";

/** A photo or a video by its type (or its name's), as a story or a highlight takes; not a text or a PDF. */
export function isPhotoOrVideoFile(file: { type: string; name?: string }): boolean {
  const type = fileTypeOf(file);
  return type.startsWith("image/") || type.startsWith("video/");
}

/** Spec §5: a file is a video if its type begins with video, otherwise an image. */
export function mediaTypeOfFile(file: { type: string; name?: string }): MediaType {
  return fileTypeOf(file).startsWith("video") ? "video" : "image";
}

/** The pixel size of a post's photo or video, as uploaded (orientation applied). */
export interface MediaSize {
  width: number;
  height: number;
}

/**
 * How wide and how tall a post's media may be shown in a feed, as Instagram bounds it: from 1.91:1
 * (landscape) to 4:5 (portrait). Media of another shape is cropped to the nearer bound.
 */
export const MEDIA_FRAME_WIDEST: MediaSize = { width: 191, height: 100 };
export const MEDIA_FRAME_TALLEST: MediaSize = { width: 4, height: 5 };

/**
 * The shape of the frame a post's media is shown in: its own within the bounds, the nearer bound
 * outside them. Media of unknown size (posts from before sizes were kept) get the tallest frame, 4:5,
 * the one every post had before.
 */
export function mediaFrame(size: { width: number | null; height: number | null }): MediaSize {
  const { width, height } = size;
  if (!width || !height || width < 0 || height < 0) return MEDIA_FRAME_TALLEST;
  const ratio = width / height;
  if (ratio > MEDIA_FRAME_WIDEST.width / MEDIA_FRAME_WIDEST.height) return MEDIA_FRAME_WIDEST;
  if (ratio < MEDIA_FRAME_TALLEST.width / MEDIA_FRAME_TALLEST.height) return MEDIA_FRAME_TALLEST;
  return { width, height };
}

/** The media host's answer (Cloudinary's shape; the built-in host answers the same). */
export interface MediaUploadResult {
  secure_url: string;
  public_id: string;
  resource_type: MediaType;
  format: string;
  bytes: number;
  width?: number;
  height?: number;
  duration?: number;
  /**
   * Our addition (issue 20): "processing" while the built-in host transcodes a video. The URL answers
   * at once, with the file as it was sent, until the transcoded one replaces it; `GET
   * /api/media/video/<id>` tells how far it is. Hosts that do not say are ready.
   */
  status?: "processing" | "ready";
}

/** `GET /api/media/video/<id>` of the built-in host: how far its transcoding is (issue 20). */
export type VideoProcessingStatus =
  | { status: "processing"; percent: number }
  | {
      status: "ready";
      percent: 100;
      secure_url: string;
      poster_url: string;
      duration: number;
      width: number;
      height: number;
    }
  | { status: "failed"; message: string };

const KEPT_VIDEO_URL =
  /^(.*\/media\/video\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))\.mp4$/;

/**
 * The poster of a video the built-in host keeps: `<base>/media/video/<uuid>.jpg` beside
 * `<base>/media/video/<uuid>.mp4`; null for other URLs (another host's video has no poster by rule).
 */
export function videoPosterUrl(url: string): string | null {
  // A media fragment (`#t=0.1`) or a query names the same file.
  const stem = KEPT_VIDEO_URL.exec(url.split(/[?#]/)[0] ?? "")?.[1];
  return stem ? `${stem}.jpg` : null;
}

/** The id of a video the built-in host keeps, from its URL; null for other URLs. */
export function keptVideoId(url: string): string | null {
  return KEPT_VIDEO_URL.exec(url)?.[2] ?? null;
}

/**
 * The widths an image kept by the built-in host is also served at, as WebP (issue 20): a grid cell, a
 * feed card and a full-screen photo each download about the pixels they show, not the original's.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 480, 640, 1080] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/**
 * An image the built-in host keeps: `<base>/media/image/<uuid>.<jpg|png|gif|webp>`, where `<base>` is
 * the host's origin (or `MEDIA_PUBLIC_BASE`'s CDN) or nothing. Its variants follow one rule:
 * `<base>/media/image/<uuid>.w<width>.webp`. URLs of other hosts have no variants.
 */
const KEPT_IMAGE_URL =
  /^(.*\/media\/image\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png|gif|webp)$/;

/** The URL of a kept image's variant `width` pixels wide (never wider than the image); null for other URLs. */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | null {
  const stem = KEPT_IMAGE_URL.exec(url)?.[1];
  return stem ? `${stem}.w${width}.webp` : null;
}

const WIDEST_VARIANT = Math.max(...IMAGE_VARIANT_WIDTHS);

/**
 * The `srcset` of an image: its variants narrower than the image (all of them when its width is not
 * known), and the original at its own width when it is no wider than the widest variant; undefined for
 * an image of another host, which has only one size. A browser picks from it by the slot's width in
 * `sizes` and the screen's pixel density; as on Instagram, 1080 px is the most any screen downloads,
 * never a 4000 px original for a phone at 3x.
 */
export function imageSrcSet(url: string, width?: number | null): string | undefined {
  if (!KEPT_IMAGE_URL.test(url)) return undefined;
  const widths = IMAGE_VARIANT_WIDTHS.filter((variant) => !width || variant < width);
  const candidates = widths.map((variant) => `${imageVariantUrl(url, variant)} ${variant}w`);
  if (width && width <= WIDEST_VARIANT) candidates.push(`${url} ${width}w`);
  return candidates.join(", ");
}
