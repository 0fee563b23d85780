import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  AVATAR_OUTPUT_SIZE,
  type MediaType,
  type MediaUploadResult,
} from "@flik/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { MediaConfig } from "../../platform/config.js";
import { badRequest, payloadTooLarge, unsupportedMediaType } from "../../platform/errors.js";

const accepted: Record<MediaType, readonly string[]> = {
  image: ACCEPTED_IMAGE_TYPES,
  video: ACCEPTED_VIDEO_TYPES,
};

/** The real type of a file, from its first bytes; what the browser claimed is never trusted. */
async function sniff(path: string) {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return fileTypeFromBuffer(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export type MediaService = ReturnType<typeof createMediaService>;

export function createMediaService(config: MediaConfig, publicUrl: string | undefined) {
  const folder = (kind: MediaType) => join(config.dir, kind);
  const urlOf = (kind: MediaType, name: string) => `${publicUrl ?? ""}/media/${kind}/${name}`;

  /** Images are decoded and encoded again: orientation applied, metadata (GPS and all) dropped. */
  async function storeImage(tempPath: string, extension: string) {
    const id = randomUUID();
    const name = `${id}.${extension}`;
    const format = (extension === "jpg" ? "jpeg" : extension) as "jpeg" | "png" | "gif" | "webp";
    const animated = format === "gif" || format === "webp";
    try {
      const info = await sharp(tempPath, { animated, limitInputPixels: 100_000_000 })
        .rotate()
        .toFormat(format, { quality: 88 })
        .toFile(join(folder("image"), name));
      return {
        id,
        name,
        bytes: info.size,
        width: info.width,
        height: animated && info.pageHeight ? info.pageHeight : info.height,
      };
    } catch {
      throw unsupportedMediaType("The image could not be read. Please choose another file.");
    }
  }

  return {
    maxBytes: (kind: MediaType) => (kind === "image" ? config.imageMaxBytes : config.videoMaxBytes),

    checkPreset(preset: string | undefined) {
      if (!preset) throw badRequest("upload_preset is required");
      if (preset !== config.preset) throw badRequest("Unknown upload preset");
    },

    /** A place to receive an upload before it is checked; the caller removes it when done. */
    async tempPath() {
      await mkdir(join(config.dir, "incoming"), { recursive: true });
      return join(config.dir, "incoming", randomUUID());
    },

    /** Checks a received file and keeps it; answers as the media host protocol says. */
    async keep(kind: MediaType, tempPath: string): Promise<MediaUploadResult> {
      const type = await sniff(tempPath);
      if (!type || !accepted[kind].includes(type.mime)) {
        const allowed = kind === "image" ? "JPEG, PNG, GIF or WebP image" : "MP4, MOV or WebM video";
        throw unsupportedMediaType(`This file is not a ${allowed}.`);
      }
      await mkdir(folder(kind), { recursive: true });
      if (kind === "image") {
        const image = await storeImage(tempPath, type.ext);
        return {
          secure_url: urlOf("image", image.name),
          public_id: `image/${image.id}`,
          resource_type: "image",
          format: type.ext,
          bytes: image.bytes,
          width: image.width,
          height: image.height,
        };
      }
      const id = randomUUID();
      const name = `${id}.${type.ext}`;
      const { size } = await stat(tempPath);
      await rename(tempPath, join(folder("video"), name));
      return {
        secure_url: urlOf("video", name),
        public_id: `video/${id}`,
        resource_type: "video",
        format: type.ext,
        bytes: size,
      };
    },

    discard: (tempPath: string) => rm(tempPath, { force: true }),

    /** An avatar sent as a data URL (spec §7): checked by content and kept as a 300x300 JPEG. */
    async storeAvatar(dataUrl: string): Promise<string> {
      const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
      if (!match?.[1]) throw badRequest("Avatar must be a base64 image data URL");
      const bytes = Buffer.from(match[1], "base64");
      if (bytes.length > config.imageMaxBytes) throw payloadTooLarge("This picture is too large.");
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !accepted.image.includes(type.mime)) {
        throw unsupportedMediaType("This file is not a JPEG, PNG, GIF or WebP image.");
      }
      await mkdir(folder("image"), { recursive: true });
      const name = `${randomUUID()}.jpg`;
      try {
        await sharp(bytes, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize(AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE, { fit: "cover" })
          .jpeg({ quality: 88 })
          .toFile(join(folder("image"), name));
      } catch {
        throw unsupportedMediaType("The image could not be read. Please choose another file.");
      }
      return urlOf("image", name);
    },
  };
}
