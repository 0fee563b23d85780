import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Smaller answers are sent as they are: compressing them saves less than its headers and CPU cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * gzip's level for answers made per request. On Flik's JSON (a feed page of 22 KB, a profile of 33 KB,
 * GET /user of 5 KB) level 3 costs about what level 1 and brotli 1 do (30 µs for 5 KB, 90 µs for 22 KB)
 * and is smaller than both; brotli 4 took two to three times the CPU for 3 to 7 % fewer bytes.
 */
const GZIP_LEVEL = 3;

/**
 * Compresses the API's JSON answers above COMPRESSION_THRESHOLD_BYTES with gzip for clients that ask,
 * registered in the /api scope only: the built web app is compressed once at build time, at brotli's
 * best (spa.ts), media is compressed already and served with Range, and Socket.IO answers outside
 * Fastify.
 */
export async function compressApiAnswers(api: FastifyInstance) {
  await api.register(compress, {
    // Never brotli (see GZIP_LEVEL), zstd or deflate, whatever the client or Node offers.
    encodings: ["gzip"],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    zlibOptions: { level: GZIP_LEVEL },
    // Answers up to 64 KB (a page of the feed is well under it) are compressed in one call on the
    // request's own turn: through a stream they would take one of libuv's four threads, which the image
    // decodes and upload writes need (README: MEDIA_IMAGE_DECODES), and be sent without Content-Length.
    syncThreshold: 64 * 1024,
    // Request bodies are never inflated: a compressed upload could unpack past every size limit.
    globalDecompression: false,
  });
}
