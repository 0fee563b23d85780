import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import type { MediaType } from "@flik/shared";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from "../../platform/errors.js";
import { multipartRefusal } from "../../platform/multipart.js";
import type { MediaService } from "./media.service.js";

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * How much of a file may wait for the disk before the upload is paused. At the default 64 KB the
 * connection was paused and resumed every few chunks while a write was under way, and each write
 * carried little: a 94 MB video cost the server 1.3 to 2 times the CPU it does with 1 MB.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** A form being read: its text fields, and where the file went (set before it is written, to be discarded). */
interface ReceivedForm {
  fields: Record<string, string>;
  tempPath?: string;
}

/** Reads the parts of an upload: the first `file` goes to a temporary file, other files are skipped. */
async function readForm(request: FastifyRequest, media: MediaService, maxBytes: number, form: ReceivedForm) {
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } });
  for await (const part of parts) {
    if (part.type === "field") {
      form.fields[part.fieldname] = String(part.value);
    } else if (part.fieldname === "file" && !form.tempPath) {
      form.tempPath = await media.tempPath();
      await pipeline(part.file, createWriteStream(form.tempPath, { highWaterMark: WRITE_BUFFER_BYTES }));
    } else {
      part.file.resume();
    }
  }
}

/** The built-in media host: `POST /api/media/{image|video}/upload`, multipart `file` + `upload_preset`. */
export function mediaUploadRoutes(media: MediaService): FastifyPluginAsync {
  async function receive(request: FastifyRequest, kind: MediaType) {
    if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data");
    const maxBytes = media.maxBytes(kind);
    const tooLarge = () =>
      payloadTooLarge(`This file is too large: ${kind}s can be up to ${sizeLabel(maxBytes)}.`);
    const form: ReceivedForm = { fields: {} };
    try {
      await readForm(request, media, maxBytes, form).catch((error: unknown) => {
        throw multipartRefusal(error, tooLarge) ?? error;
      });
      media.checkPreset(form.fields.upload_preset);
      if (!form.tempPath) throw badRequest("file is required");
      return await media.keep(kind, form.tempPath);
    } finally {
      if (form.tempPath) await media.discard(form.tempPath);
    }
  }

  return async (app) => {
    await app.register(multipart);
    app.post("/media/image/upload", (request) => receive(request, "image"));
    app.post("/media/video/upload", (request) => receive(request, "video"));
    app.get(
      "/media/video/:id",
      { schema: { params: z.object({ id: z.uuid("Unknown video") }) } },
      async (request) => {
        const { id } = request.params as { id: string };
        const status = await media.videoStatus(id);
        if (!status) throw notFound("Unknown video");
        return status;
      },
    );
  };
}

/**
 * Serves kept files under /media/ with Range requests and immutable caching. Each file is served with
 * its own type and a sandboxing CSP, so nothing uploaded can ever run as a page. An image's variant
 * that is not there yet is made before it is served (`ensureVariant`).
 */
export async function serveMedia(app: FastifyInstance, media: MediaService, dir: string) {
  for (const kind of ["image", "video"] as const) {
    const root = join(dir, kind);
    await mkdir(root, { recursive: true });
    await app.register(async (scope) => {
      // What is made on first request: an image's variant, a video's poster.
      scope.addHook("onRequest", async (request) => {
        const name = request.url.slice(`/media/${kind}/`.length).split("?")[0] ?? "";
        if (kind === "image" && name.endsWith(".webp")) await media.ensureVariant(name);
        if (kind === "video" && name.endsWith(".jpg")) await media.ensurePoster(name);
      });
      await scope.register(fastifyStatic, {
        root,
        prefix: `/media/${kind}/`,
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders(reply, path) {
          // A video being transcoded is replaced at the same URL: until then it must be asked for again.
          const replaced = kind === "video" && media.isVideoProcessing(basename(path));
          reply.header("cache-control", replaced ? "no-cache" : "public, max-age=31536000, immutable");
          reply.header("content-security-policy", "default-src 'none'; sandbox");
        },
      });
    });
  }
}
