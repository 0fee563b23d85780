import { mkdir, open, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { type MediaType, tooLargeMessage } from "@flik/shared";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { invalidField, notFound, payloadTooLarge, unsupportedMediaType } from "../../platform/errors.js";
import { idSchema } from "../../platform/ids.js";
import { multipartRefusal } from "../../platform/multipart.js";
import type { MediaService } from "./media.service.js";
import { IMMUTABLE, REVALIDATE } from "./media.storage.js";
import type { OpenedObject, S3MediaStorage } from "./media.storage-s3.js";
import type { MediaUploads } from "./media.uploads.js";

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
      // Made before the body is read: a stream opens its file in the background, so a body refused at
      // once (cut off, malformed) could be discarded before the open made the file, left behind for good.
      const file = await open(form.tempPath, "w");
      await pipeline(part.file, file.createWriteStream({ highWaterMark: WRITE_BUFFER_BYTES }));
    } else {
      part.file.resume();
    }
  }
}

/** The built-in media host: `POST /api/media/{image|video}/upload`, multipart `file` + `upload_preset`. */
export function mediaUploadRoutes(
  media: MediaService,
  uploads: Pick<MediaUploads, "record">,
): FastifyPluginAsync {
  async function receive(request: FastifyRequest, kind: MediaType) {
    if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data");
    const maxBytes = media.maxBytes(kind);
    const tooLarge = () => payloadTooLarge(tooLargeMessage(kind, maxBytes));
    const form: ReceivedForm = { fields: {} };
    try {
      await readForm(request, media, maxBytes, form).catch((error: unknown) => {
        throw multipartRefusal(error, tooLarge) ?? error;
      });
      media.checkPreset(form.fields.upload_preset);
      if (!form.tempPath) throw invalidField("file", "file is required");
      const kept = await media.keep(kind, form.tempPath);
      // Its uploader alone may share it (media.policy).
      await uploads.record(request.caller.userId, kept.secure_url);
      return kept;
    } finally {
      if (form.tempPath) await media.discard(form.tempPath);
    }
  }

  return async (app) => {
    await app.register(multipart);
    // Any other body (text too, which the other routes refuse as not JSON) reaches the upload, which
    // answers that a file is sent as multipart/form-data.
    app.removeContentTypeParser("text/plain");
    app.addContentTypeParser("*", (_request, _payload, done) => done(null));
    app.post("/media/image/upload", (request) => receive(request, "image"));
    app.post("/media/video/upload", (request) => receive(request, "video"));
    app.get("/media/limits", () => media.limits());
    app.get(
      "/media/video/:id",
      { schema: { params: z.object({ id: idSchema("Unknown video") }) } },
      async (request) => {
        const { id } = request.params as { id: string };
        const status = await media.videoStatus(id);
        if (!status) throw notFound("Unknown video");
        return status;
      },
    );
  };
}

/** Each kept file is served with its own type and a sandboxing CSP, so nothing uploaded can ever run as a page. */
const SANDBOX = "default-src 'none'; sandbox";
/** A kept file's name: `<uuid>.<ext>`, or a variant's `<uuid>.w<width>.webp`. */
const FILE_NAME = /^[0-9a-f-]{36}(?:\.w\d{1,4})?\.[a-z0-9]{2,4}$/;

/**
 * Serves kept files under /media/ with Range requests and immutable caching (a video being transcoded
 * is `no-cache`: it is replaced at the same URL). What is made on first request is made before it is
 * served: an image's variant (`ensureVariant`), a video's poster (`ensurePoster`). From the data folder
 * by @fastify/static; from a bucket by passing the request's range on to it.
 */
export async function serveMedia(app: FastifyInstance, media: MediaService, dir: string) {
  const { storage } = media;
  for (const kind of ["image", "video"] as const) {
    const prefix = `/media/${kind}/`;
    const makeMissing = async (name: string) => {
      if (kind === "image" && name.endsWith(".webp")) await media.ensureVariant(name);
      if (kind === "video" && name.endsWith(".jpg")) await media.ensurePoster(name);
    };
    if (storage.kind === "s3") {
      const bucket = storage as S3MediaStorage;
      const opened = async (name: string, read: () => Promise<unknown>) => {
        if (!FILE_NAME.test(name)) throw notFound("No such file");
        const object = (await read()) ?? (await makeMissing(name).then(read));
        if (!object) throw notFound("No such file");
        return object;
      };
      // A HEAD request asks the bucket for the object's headers only, not its body.
      app.get(`${prefix}:name`, { exposeHeadRoute: false }, async (request, reply) => {
        const { name } = request.params as { name: string };
        const object = (await opened(name, () =>
          bucket.open(`${kind}/${name}`, {
            range: request.headers.range,
            ifRange: request.headers["if-range"] as string | undefined,
            ifNoneMatch: request.headers["if-none-match"],
          }),
        )) as OpenedObject;
        reply.code(object.status).headers(object.headers).header("content-security-policy", SANDBOX);
        return "body" in object ? reply.send(object.body) : reply.send();
      });
      app.head(`${prefix}:name`, async (request, reply) => {
        const { name } = request.params as { name: string };
        const headers = (await opened(name, () => bucket.headersOf(`${kind}/${name}`))) as Record<
          string,
          string
        >;
        return reply.headers(headers).header("content-security-policy", SANDBOX).send();
      });
      continue;
    }
    const root = join(dir, kind);
    await mkdir(root, { recursive: true });
    await app.register(async (scope) => {
      const nameOf = (url: string) => url.slice(prefix.length).split("?")[0] ?? "";
      scope.addHook("onRequest", async (request) => {
        // Only a kept file's name is looked for (as in a bucket): not a folder, nor a name too long to be one.
        const name = nameOf(request.url);
        if (!FILE_NAME.test(name)) throw notFound("No such file");
        await makeMissing(name);
      });
      scope.addHook("onSend", async (request, reply) => {
        // A range past the end: say how long the file is, as RFC 9110 asks (the file server does not).
        if (reply.statusCode === 416 && !reply.hasHeader("content-range")) {
          const size = await stat(join(root, nameOf(request.url))).then(
            (file) => file.size,
            () => null,
          );
          if (size !== null) reply.header("content-range", `bytes */${size}`);
        }
        if (reply.statusCode >= 400) return;
        const replaced = kind === "video" && (await media.isVideoProcessing(nameOf(request.url)));
        reply.header("cache-control", replaced ? REVALIDATE : IMMUTABLE);
      });
      await scope.register(fastifyStatic, {
        root,
        prefix,
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders(reply) {
          reply.header("content-security-policy", SANDBOX);
        },
      });
    });
  }
}
