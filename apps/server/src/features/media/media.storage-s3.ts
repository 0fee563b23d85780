import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import type { MediaS3Config } from "../../platform/config.js";
import { serviceUnavailable } from "../../platform/errors.js";
import { loadedLater } from "../../platform/loaded-later.js";
import { IMMUTABLE, localFile, type MediaStorage, type StoredObjectOptions } from "./media.storage.js";

/** What `open` answers: the object (or the part asked for), or that the client's copy is current. */
export type OpenedObject =
  | {
      status: 200 | 206;
      body: Readable;
      headers: Record<string, string>;
    }
  | { status: 304 | 416; headers: Record<string, string> };

export interface S3MediaStorage extends MediaStorage {
  readonly kind: "s3";
  /**
   * Reads an object for serving, passing a single byte range (`Range: bytes=a-b`, what video players
   * ask) and `If-None-Match` on to the bucket. Null when there is no such object.
   */
  open(
    key: string,
    request: { range?: string; ifRange?: string; ifNoneMatch?: string },
  ): Promise<OpenedObject | null>;
  /** The headers `open` would answer with, without the body (a HEAD request); null when there is none. */
  headersOf(key: string): Promise<Record<string, string> | null>;
}

/** A single byte range, as S3 takes it: `bytes=a-`, `bytes=a-b` or `bytes=-n`. */
const SINGLE_RANGE = /^bytes=(?:\d+-\d*|-\d+)$/;

/** Deletes go in requests of at most this many keys, S3's limit. */
const DELETE_BATCH = 1000;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Said when the bucket cannot be reached or fails: nothing was kept, and the same request may be tried again. */
export const MEDIA_STORAGE_UNAVAILABLE =
  "Media storage is not answering right now. Please try again in a moment.";

/**
 * The bucket's refusals its callers read as answers: no such object, not modified, a range past the
 * end. A 404 for the bucket itself (a wrong or deleted one) is no answer about a file.
 */
const readAsAnswer = (error: unknown) => {
  const status = statusOf(error);
  if (status === 404) return (error as { name?: string }).name !== "NoSuchBucket";
  return status === 304 || status === 416;
};

/**
 * The command's answer. A bucket that cannot be reached or fails is a service unavailable for a while,
 * not a bug of ours: a 503 with Retry-After, its cause (the SDK's error) logged with the request.
 */
async function fromBucket<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (readAsAnswer(error)) throw error;
    throw serviceUnavailable(MEDIA_STORAGE_UNAVAILABLE, 30, error);
  }
}

/**
 * Any S3-compatible bucket (AWS, MinIO, R2, s3rver in the tests). Served objects are named as their
 * URLs' paths, `media/<key>`, so a CDN in front of the bucket (`MEDIA_PUBLIC_BASE`) serves
 * `<base>/media/image/<name>` with no rewriting. The SDK is loaded only when a bucket is configured.
 */
export function createS3Storage(config: MediaS3Config, workDir: string): S3MediaStorage {
  const sdk = loadedLater(() => import("@aws-sdk/client-s3"));
  const client = loadedLater(async (): Promise<S3Client> => {
    const { S3Client } = await sdk();
    return new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      // Path-style addressing (`<endpoint>/<bucket>/<key>`): what MinIO and most S3-compatible servers need.
      forcePathStyle: true,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: the SDK's default (aws-chunked bodies with CRC trailers)
      // is refused by many S3-compatible servers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  });
  const Bucket = config.bucket;
  // Served files under `media/`, as their URLs' paths; work files (a video's source and record) apart,
  // under `work/`, so a CDN or a public-read policy for `media/` never exposes an upload as it was sent.
  const objectKey = (key: string) =>
    key.startsWith("image/") || key.startsWith("video/") ? `media/${key}` : `work/${key}`;

  /** The command's answer, or null when the bucket has no such object. */
  async function unlessMissing<T>(answer: Promise<T>): Promise<T | null> {
    try {
      return await fromBucket(answer);
    } catch (error) {
      if (statusOf(error) === 404 && readAsAnswer(error)) return null;
      throw error;
    }
  }

  async function head(key: string) {
    const { HeadObjectCommand } = await sdk();
    return unlessMissing((await client()).send(new HeadObjectCommand({ Bucket, Key: objectKey(key) })));
  }

  async function get(key: string) {
    const { GetObjectCommand } = await sdk();
    return unlessMissing((await client()).send(new GetObjectCommand({ Bucket, Key: objectKey(key) })));
  }

  /** Stores `body` under `key` with the headers it is to be served with. */
  async function put(key: string, body: Buffer | Readable, size: number, options: StoredObjectOptions) {
    const { PutObjectCommand } = await sdk();
    await fromBucket(
      (await client()).send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: body,
          ContentLength: size,
          ContentType: options.contentType,
          CacheControl: options.cacheControl ?? IMMUTABLE,
        }),
      ),
    );
  }

  return {
    kind: "s3",

    async putFile(key, path, options) {
      const file = await localFile(path);
      await put(key, file.body, file.size, options);
      await rm(path, { force: true });
    },

    putBytes: (key, bytes, options) => put(key, bytes, bytes.length, options),

    async copy(from, to, options) {
      const { CopyObjectCommand } = await sdk();
      await fromBucket(
        (await client()).send(
          new CopyObjectCommand({
            Bucket,
            Key: objectKey(to),
            CopySource: `${Bucket}/${objectKey(from)}`,
            MetadataDirective: "REPLACE",
            ContentType: options.contentType,
            CacheControl: options.cacheControl ?? IMMUTABLE,
          }),
        ),
      );
    },

    exists: async (key) => (await head(key)) !== null,

    async read(key) {
      const object = await get(key);
      // A bucket that stops answering halfway through the body is as away as one that never answered.
      return object?.Body ? Buffer.from(await fromBucket(object.Body.transformToByteArray())) : null;
    },

    async withLocalFile(key, work) {
      const object = await get(key);
      if (!object?.Body) return null;
      await mkdir(workDir, { recursive: true });
      const path = join(workDir, `${randomUUID()}-${key.split("/").pop()}`);
      try {
        await fromBucket(pipeline(object.Body as Readable, createWriteStream(path)));
        return await work(path);
      } finally {
        await rm(path, { force: true });
      }
    },

    async remove(keys) {
      const { DeleteObjectsCommand } = await sdk();
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await fromBucket(
          (await client()).send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: batch.map((key) => ({ Key: objectKey(key) })), Quiet: true },
            }),
          ),
        );
        if (answer.Errors?.length) {
          throw new Error(`The bucket refused to delete ${answer.Errors.length} of ${batch.length} objects`);
        }
      }
    },

    async headersOf(key) {
      const object = await head(key);
      return object ? headersOf(object) : null;
    },

    async open(key, request): Promise<OpenedObject | null> {
      const { GetObjectCommand } = await sdk();
      // With If-Range the client's copy may be another file than this one (a video replaced once
      // transcoded): the whole file is answered, which the rule allows, never parts of two.
      const range =
        request.range && !request.ifRange && SINGLE_RANGE.test(request.range) ? request.range : undefined;
      try {
        const object = await fromBucket(
          (await client()).send(
            new GetObjectCommand({
              Bucket,
              Key: objectKey(key),
              Range: range,
              IfNoneMatch: request.ifNoneMatch,
            }),
          ),
        );
        const headers = headersOf(object);
        if (object.ContentRange) headers["content-range"] = object.ContentRange;
        return { status: object.ContentRange ? 206 : 200, body: object.Body as Readable, headers };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return null;
        if (status === 304) return { status: 304, headers: {} };
        if (status === 416) {
          const size = (await head(key))?.ContentLength;
          const headers: Record<string, string> = {};
          if (size !== undefined) headers["content-range"] = `bytes */${size}`;
          return { status: 416, headers };
        }
        throw error;
      }
    },
  };
}

/** The response headers of a stored object, from what the bucket keeps of it. */
function headersOf(object: {
  ContentType?: string | undefined;
  ContentLength?: number | undefined;
  ETag?: string | undefined;
  LastModified?: Date | undefined;
  CacheControl?: string | undefined;
}): Record<string, string> {
  const headers: Record<string, string> = { "accept-ranges": "bytes" };
  if (object.ContentType) headers["content-type"] = object.ContentType;
  if (object.ContentLength !== undefined) headers["content-length"] = String(object.ContentLength);
  if (object.ETag) headers.etag = object.ETag;
  if (object.LastModified) headers["last-modified"] = object.LastModified.toUTCString();
  headers["cache-control"] = object.CacheControl ?? IMMUTABLE;
  return headers;
}
