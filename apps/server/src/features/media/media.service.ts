import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  AVATAR_OUTPUT_SIZE,
  EMPTY_FILE,
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantWidth,
  type MediaHosts,
  type MediaLimits,
  type MediaSize,
  type MediaType,
  type MediaUploadResult,
} from "@flik/shared";
import { NOT_AN_IMAGE } from "@flik/shared/media-formats";
import type { FastifyBaseLogger } from "fastify";
import type { Sharp } from "sharp";
import { createWorkQueue } from "../../platform/admission.js";
import type { MediaConfig } from "../../platform/config.js";
import {
  HttpError,
  invalidField,
  payloadTooLarge,
  serviceUnavailable,
  unsupportedMediaType,
} from "../../platform/errors.js";
import type { Jobs } from "../../platform/jobs.js";
import { loadedLater } from "../../platform/loaded-later.js";
import { createFolderStorage, type MediaStorage } from "./media.storage.js";
import { createS3Storage } from "./media.storage-s3.js";
import { NOT_AN_UPLOAD } from "./media.uploads.js";
import { createVideoProcessing } from "./video-processing.js";

const accepted: Record<MediaType, readonly string[]> = {
  image: ACCEPTED_IMAGE_TYPES,
  video: ACCEPTED_VIDEO_TYPES,
};

const fileType = loadedLater(() => import("file-type"));

/** libvips, loaded with the first image read and configured for `config`'s decodes. */
function sharpFor(config: MediaConfig) {
  return loadedLater(async () => {
    const { default: sharp } = await import("sharp");
    // libvips threads per image: together the decodes use about the machine's cores, not cores x decodes.
    sharp.concurrency(Math.max(1, Math.floor(availableParallelism() / config.imageDecodes)));
    // libvips' operation cache keeps recent images for reuse; uploads never repeat, so it only holds memory.
    sharp.cache(false);
    return sharp;
  });
}

/** An image this host keeps, as a post keeps it. */
export interface KeptImage extends MediaSize {
  /** Its ThumbHash, base64: a blurred preview in about 30 characters; null for a video still processing. */
  placeholder: string | null;
}

/** The ThumbHash of an image: made from at most 100x100 pixels, as the format asks. */
async function thumbHashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(100, 100, { fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { rgbaToThumbHash } = await import("thumbhash");
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}

/** The real type of a file, from its first bytes; what the browser claimed is never trusted. */
async function sniff(path: string) {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return (await fileType()).fileTypeFromBuffer(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const unreadable = () => unsupportedMediaType("The image could not be read. Please choose another file.");
const pixelCount = (pixels: number) =>
  pixels >= 100_000
    ? `${Number((pixels / 1_000_000).toFixed(1))} megapixels`
    : `${pixels.toLocaleString("en-US")} pixels`;
/** When a client refused for a full decode queue may try again: a few decodes' time. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Reads and re-encodes images within bounds: an image of more than `maxPixels` is refused from its
 * header, before a byte of it is decoded, and at most `imageDecodes` images are decoded at once behind a
 * queue of `imageQueue`; past that, "busy, try again". A decode holds about 6 bytes a pixel while sharp
 * re-encodes it (300 MB for a 50 MP photo) and one of libuv's four worker threads, which every file read
 * and write also needs: unbounded, a few large images exhausted memory and stalled every upload.
 */
function createImageDecoder(config: MediaConfig, loadSharp: ReturnType<typeof sharpFor>) {
  const decodes = createWorkQueue({ running: config.imageDecodes, waiting: config.imageQueue });
  const busy = () =>
    serviceUnavailable("Flik is busy right now. Please try again in a moment.", RETRY_AFTER_SECONDS);

  /** The pixels an image declares (every frame of an animation), read from its header alone. */
  async function declaredPixels(input: string | Buffer, animated: boolean) {
    try {
      const sharp = await loadSharp();
      const { width, height } = await sharp(input, { animated, limitInputPixels: false }).metadata();
      return width * height;
    } catch {
      throw unreadable();
    }
  }

  return async function decode<T>(
    input: string | Buffer,
    animated: boolean,
    work: (image: Sharp) => Promise<T>,
  ): Promise<T> {
    const pixels = await declaredPixels(input, animated);
    if (pixels > config.maxPixels) {
      throw payloadTooLarge(
        `This image is too large: it has ${pixelCount(pixels)}, and images can have up to ${pixelCount(config.maxPixels)}.`,
      );
    }
    return decodes.run(async () => {
      try {
        // The header was read once already; the limit stays as a second guard.
        const sharp = await loadSharp();
        return await work(sharp(input, { animated, limitInputPixels: config.maxPixels }));
      } catch (error) {
        // The storage failing under the work (a variant not kept) is not the image's fault.
        if (error instanceof HttpError) throw error;
        throw unreadable();
      }
    }, busy);
  };
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** The name of an image this host keeps, as `storeImage` names it: nothing else is ever opened. */
const KEPT_IMAGE = new RegExp(`^/media/image/((${UUID})\\.(?:jpg|png|gif|webp))$`);
/** A variant's file name, as `imageVariantUrl` (shared) names it: `<uuid>.w<width>.webp`. */
const VARIANT_NAME = new RegExp(`^(${UUID})\\.w(\\d+)\\.webp$`);
const KEPT_EXTENSIONS = ["jpg", "png", "gif", "webp"] as const;
/** A video this host keeps, as its upload names it. */
const KEPT_VIDEO = new RegExp(`^/media/video/(${UUID})\\.mp4$`);
/** Any file this host keeps, by the id its names start with: an original, a variant, a video or its poster. */
const KEPT_ID = new RegExp(`/media/(?:image|video)/(${UUID})\\.`, "i");
/** A served video's poster's file name: `<uuid>.jpg`. */
const POSTER_NAME = new RegExp(`^(${UUID})\\.jpg$`);
/** A served video's file name: `<uuid>.mp4`. */
const VIDEO_NAME = new RegExp(`^(${UUID})\\.mp4$`);
const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};
/** WebP quality of the variants: a 640 px photo in about 30–50 KB, with no visible loss at its size. */
const VARIANT_QUALITY = 75;

export type MediaService = ReturnType<typeof createMediaService>;

/** A file this host keeps, named by one of its URLs. */
export interface KeptFile {
  kind: MediaType;
  /** `<uuid>.<ext>` */
  name: string;
  id: string;
}

export function createMediaService(
  config: MediaConfig,
  publicUrl: string | undefined,
  deps: { jobs: Jobs; log: FastifyBaseLogger; onKept?: (url: string) => Promise<void> },
) {
  const incoming = join(config.dir, "incoming");
  const storage: MediaStorage = config.s3
    ? createS3Storage(config.s3, incoming)
    : createFolderStorage(config.dir);
  const base = config.publicBase ?? publicUrl ?? "";
  const urlOf = (kind: MediaType, name: string) => `${base}/media/${kind}/${name}`;
  /** The origins a kept file's URL may carry: the one given now, the app's own, or none. */
  const bases = [...new Set([config.publicBase ?? "", publicUrl ?? "", ""])].sort(
    (a, b) => b.length - a.length,
  );
  const hosts: MediaHosts = { ownBases: bases.filter(Boolean), others: config.otherOrigins ?? "any" };
  const loadSharp = sharpFor(config);
  const decode = createImageDecoder(config, loadSharp);
  const videos = createVideoProcessing(config, { ...deps, storage });

  /** A local file in the work folder, for a file being made. */
  async function workFile(name: string) {
    await mkdir(incoming, { recursive: true });
    return join(incoming, `${randomUUID()}-${name}`);
  }

  /** The kept file a URL of this host names (any of its origins), or null for any other URL. */
  function keptFileOf(url: string): KeptFile | null {
    // Longest first: a CDN's base may sit under the app's own origin.
    const origin = bases.find((prefix) => prefix && url.startsWith(`${prefix}/`)) ?? "";
    const path = url.slice(origin.length);
    const image = KEPT_IMAGE.exec(path);
    if (image?.[1] && image[2]) return { kind: "image", name: image[1], id: image[2] };
    const video = KEPT_VIDEO.exec(path)?.[1];
    return video ? { kind: "video", name: `${video}.mp4`, id: video } : null;
  }

  /** The size of the picture at `path` and the placeholder made from `small` (the same picture, smaller). */
  async function describeStill(path: string, small: string): Promise<KeptImage> {
    const sharp = await loadSharp();
    const { width, height, pageHeight } = await sharp(path).metadata();
    const placeholder = await decode(small, false, (image) => thumbHashOf(image));
    return { width, height: pageHeight ?? height, placeholder };
  }

  /** Writes the variant `width` pixels wide of the image `source` under its own name, whole or not at all. */
  async function writeVariant(source: Sharp, id: string, width: number) {
    const name = `${id}.w${width}.webp`;
    const partial = await workFile(name);
    try {
      await source
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY, smartSubsample: true })
        .toFile(partial);
      await storage.putFile(`image/${name}`, partial, { contentType: "image/webp" });
    } finally {
      await rm(partial, { force: true });
    }
  }

  /** Images are decoded and encoded again: orientation applied, metadata (GPS and all) dropped. */
  async function storeImage(id: string, tempPath: string, extension: string) {
    const name = `${id}.${extension}`;
    const format = (extension === "jpg" ? "jpeg" : extension) as "jpeg" | "png" | "gif" | "webp";
    const animated = format === "gif" || format === "webp";
    const path = await workFile(name);
    try {
      const info = await decode(tempPath, animated, async (image) => {
        const kept = await image.rotate().toFormat(format, { quality: 88 }).toFile(path);
        // From the upright copy just written: a JPEG is decoded again at 1/2 to 1/8 scale, which is cheap.
        const sharp = await loadSharp();
        // Every width is made, those the image is not wider than at its own size: a `srcset` that does not
        // know the image's width (a story's) names them all, and a CDN in front of the storage has
        // nobody to make a missing one on request.
        await Promise.all(
          IMAGE_VARIANT_WIDTHS.map((width) => writeVariant(sharp(path, { animated }), id, width)),
        );
        return kept;
      });
      // The original last: once its URL answers, so do its variants.
      await storage.putFile(`image/${name}`, path, { contentType: IMAGE_TYPES[extension] ?? "image/jpeg" });
      return {
        id,
        name,
        bytes: info.size,
        width: info.width,
        height: animated && info.pageHeight ? info.pageHeight : info.height,
      };
    } finally {
      await rm(path, { force: true });
    }
  }

  /** Keeps a received file of a checked type: an image with its variants, a video to be transcoded. */
  async function keepChecked(
    kind: MediaType,
    tempPath: string,
    extension: string,
  ): Promise<MediaUploadResult> {
    const id = randomUUID();
    // Listed for the cleanup before anything is stored: whatever part of it a failure leaves goes too.
    const url = urlOf(kind, kind === "image" ? `${id}.${extension}` : `${id}.mp4`);
    await deps.onKept?.(url);
    if (kind === "image") {
      const image = await storeImage(id, tempPath, extension);
      return {
        secure_url: url,
        public_id: `image/${image.id}`,
        resource_type: "image",
        format: extension,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
      };
    }
    // Every video is served as an MP4 (transcoded in the background), whatever it was sent as.
    const { size } = await stat(tempPath);
    const facts = await videos.accept(tempPath, id, extension);
    return {
      secure_url: url,
      public_id: `video/${id}`,
      resource_type: "video",
      format: "mp4",
      bytes: size,
      width: facts.width,
      height: facts.height,
      duration: facts.durationSeconds,
      status: "processing",
    };
  }

  return {
    storage,

    maxBytes: (kind: MediaType) => (kind === "image" ? config.imageMaxBytes : config.videoMaxBytes),

    /** What `GET /media/limits` tells the browser (the same numbers `keep` and the transcoder hold to). */
    limits: (): MediaLimits => ({
      image: { maxBytes: config.imageMaxBytes },
      video: { maxBytes: config.videoMaxBytes, maxSeconds: config.videoMaxSeconds },
    }),

    checkPreset(preset: string | undefined) {
      if (!preset) throw invalidField("upload_preset", "upload_preset is required");
      if (preset !== config.preset) throw invalidField("upload_preset", "Unknown upload preset");
    },

    /** A place to receive an upload before it is checked; the caller removes it when done. */
    async tempPath() {
      await mkdir(incoming, { recursive: true });
      return join(incoming, randomUUID());
    },

    /** Checks a received file and keeps it; answers as the media host protocol says. */
    async keep(kind: MediaType, tempPath: string): Promise<MediaUploadResult> {
      if ((await stat(tempPath)).size === 0) throw invalidField("file", EMPTY_FILE);
      const type = await sniff(tempPath);
      if (!type || !accepted[kind].includes(type.mime)) {
        const allowed = kind === "image" ? "a JPEG, PNG, GIF or WebP image" : "an MP4, MOV or WebM video";
        throw unsupportedMediaType(`This file is not ${allowed}.`);
      }
      return keepChecked(kind, tempPath, type.ext);
    },

    discard: (tempPath: string) => rm(tempPath, { force: true }),

    /** How far the transcoding of the video `id` is (`GET /api/media/video/<id>`); null for an unknown id. */
    videoStatus: (id: string) => videos.status(id, (name) => urlOf("video", name)),

    /** Makes a kept video's poster `<uuid>.jpg` when it has none yet (see `ensurePoster`). */
    async ensurePoster(name: string): Promise<void> {
      const id = POSTER_NAME.exec(name)?.[1];
      if (id) await videos.ensurePoster(id);
    },

    /** Whether the video file `name` is still the one sent, about to be replaced by its transcoded MP4. */
    async isVideoProcessing(name: string): Promise<boolean> {
      const id = VIDEO_NAME.exec(name)?.[1];
      return !!id && (await videos.isProcessing(id));
    },

    /**
     * Makes sure the variant file `name` (see `imageVariantUrl`) exists when its image does: images kept
     * before variants were made, or by a tool that wrote only the original, get theirs on first request.
     * Anything else (another name, a width not served, an image not here) is left for the file server's 404.
     */
    async ensureVariant(name: string): Promise<void> {
      const match = VARIANT_NAME.exec(name);
      const id = match?.[1];
      const width = Number(match?.[2]) as ImageVariantWidth;
      if (!id || !IMAGE_VARIANT_WIDTHS.includes(width)) return;
      if (await storage.exists(`image/${name}`)) return;
      for (const extension of KEPT_EXTENSIONS) {
        const animated = extension === "gif" || extension === "webp";
        const made = await storage.withLocalFile(`image/${id}.${extension}`, (original) =>
          decode(original, animated, async (image) => writeVariant(image, id, width)).then(() => true),
        );
        if (made) return;
      }
    },

    /**
     * What a post keeps of an image this host keeps: its size, read from its header (kept images are
     * stored upright, so it is the size shown), and its ThumbHash placeholder, made from its smallest
     * variant. Null for any other URL: another host's, a video, a file no longer here. What a client says
     * of a file is never trusted when the file itself can be asked.
     */
    async describe(url: string): Promise<KeptImage | null> {
      const kept = keptFileOf(url);
      try {
        if (kept?.kind === "video") {
          // A video's poster is a frame of it, upright, at its size: a placeholder like a photo's.
          await videos.ensurePoster(kept.id);
          const fromPoster = await storage.withLocalFile(`video/${kept.id}.jpg`, (poster) =>
            describeStill(poster, poster),
          );
          if (fromPoster) return fromPoster;
          // Shared while still being transcoded (an API client that did not wait): its size is known
          // from the upload; its poster, and so a placeholder, only once it is done.
          const size = await videos.sizeWhileProcessing(kept.id);
          return size && { ...size, placeholder: null };
        }
        if (!kept) return null;
        const smallest = `image/${kept.id}.w${IMAGE_VARIANT_WIDTHS[0]}.webp`;
        return await storage.withLocalFile(`image/${kept.name}`, async (original) => {
          const fromSmallest = await storage.withLocalFile(smallest, (small) =>
            describeStill(original, small),
          );
          return fromSmallest ?? (await describeStill(original, original));
        });
      } catch {
        return null;
      }
    },

    /**
     * Removes work files (uploads being received, files being made) last written before `before`: what a
     * crash or a kill left. Answers how many went.
     */
    async sweepWorkFiles(before: Date): Promise<number> {
      const names = await readdir(incoming).catch(() => [] as string[]);
      let swept = 0;
      for (const name of names) {
        const path = join(incoming, name);
        const written = await stat(path).then(
          (file) => file.mtime,
          () => null,
        );
        if (written && written < before) {
          await rm(path, { recursive: true, force: true });
          swept++;
        }
      }
      return swept;
    },

    /** The kept file a URL names, when it is one of this host's; null for any other URL. */
    keptFileOf,

    /**
     * Why the file `url` names cannot be shared, when this host does not keep it: a video whose
     * transcoding failed in its status's words, anything else (another URL, a file removed, an upload's
     * id under another kind or extension) as no upload's. Null for a file kept.
     */
    async whyNotKept(url: string): Promise<string | null> {
      const kept = keptFileOf(url.split(/[?#]/, 1)[0] ?? "");
      if (!kept) return NOT_AN_UPLOAD;
      if (await storage.exists(`${kept.kind}/${kept.name}`)) return null;
      return (kept.kind === "video" && (await videos.failure(kept.id))) || NOT_AN_UPLOAD;
    },

    /**
     * The type of the file this host keeps at `url` (a post's media), as it was uploaded, not as the
     * address's extension says: undefined for another host's URL. An address of this host naming no
     * upload's own file (a video's poster, an image's variant, an image's name with `.mp4`) is refused
     * with 400 on `field`, and so is a video whose transcoding failed, in its status's words: either
     * could never be shown as the post says. A video still being transcoded passes (it plays as sent).
     */
    async postableTypeOf(field: string, url: string): Promise<MediaType | undefined> {
      if (!bases.some((prefix) => url.startsWith(`${prefix}/media/`))) return undefined;
      // A media fragment (`#t=0.1`) names the same file (media.uploads refused any other ending first).
      const kept = keptFileOf(url.split(/[?#]/, 1)[0] ?? "");
      if (!kept) throw invalidField(field, NOT_AN_UPLOAD);
      const failure = kept.kind === "video" ? await videos.failure(kept.id) : null;
      if (failure) throw invalidField(field, failure);
      return kept.kind;
    },

    /**
     * The id of the kept file `url` names, whichever of its files (media.uploads); null for any other
     * URL. Read from the path as the browser resolves it (`/media/image/./x` is `/media/image/x`), under
     * any origin: however the address is written, the file it reaches is the one judged.
     */
    mediaIdOf(url: string): string | null {
      let path: string;
      try {
        path = new URL(url, "http://flik.invalid").pathname;
      } catch {
        return null;
      }
      return KEPT_ID.exec(path)?.[1]?.toLowerCase() ?? null;
    },

    /** Where media a member sends may come from: this host's origins and the configured other ones. */
    hosts,

    /** Every URL the kept file may be named by (the origins this host answers under). */
    urlsOf: (file: KeptFile) => bases.map((prefix) => `${prefix}/media/${file.kind}/${file.name}`),

    /**
     * Removes a kept file with all that was made of it: an image's variants, a video's poster, source and
     * record. The caller has made sure nothing names it any more.
     */
    async remove(file: KeptFile): Promise<void> {
      const keys =
        file.kind === "image"
          ? [`image/${file.name}`, ...IMAGE_VARIANT_WIDTHS.map((width) => `image/${file.id}.w${width}.webp`)]
          : videos.keysOf(file.id);
      await storage.remove(keys);
    },

    /** An avatar sent as a data URL (spec §7): checked by content and kept as a 300x300 JPEG. */
    async storeAvatar(dataUrl: string): Promise<string> {
      const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
      if (!match?.[1]) throw invalidField("avatar", "Avatar must be a base64 image data URL");
      return storeAvatarImage(Buffer.from(match[1], "base64"));
    },

    /**
     * An avatar from an image's bytes (a data URL's, or a picture an identity provider names): checked by
     * content and kept as a 300x300 JPEG; answers its URL.
     */
    storeAvatarImage,
  };

  async function storeAvatarImage(bytes: Buffer): Promise<string> {
    if (bytes.length > config.imageMaxBytes) throw payloadTooLarge("This picture is too large.");
    if (bytes.length === 0) throw invalidField("avatar", EMPTY_FILE);
    const type = await (await fileType()).fileTypeFromBuffer(bytes);
    if (!type || !accepted.image.includes(type.mime)) {
      throw unsupportedMediaType(NOT_AN_IMAGE);
    }
    const name = `${randomUUID()}.jpg`;
    const url = urlOf("image", name);
    await deps.onKept?.(url);
    const path = await workFile(name);
    try {
      await decode(bytes, false, (image) =>
        image
          .rotate()
          .resize(AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE, { fit: "cover" })
          .jpeg({ quality: 88 })
          .toFile(path),
      );
      await storage.putFile(`image/${name}`, path, { contentType: "image/jpeg" });
    } finally {
      await rm(path, { force: true });
    }
    return url;
  }
}
