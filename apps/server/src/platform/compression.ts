import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Smaller answers are sent as they are: compressing them saves less than its headers and CPU cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's JSON answers above COMPRESSION_THRESHOLD_BYTES for clients that ask (brotli,
 * else gzip), registered in the /api scope only: the built web app is compressed once at build time
 * (spa.ts), media is compressed already and served with Range, and Socket.IO answers outside Fastify.
 */
export async function compressApiAnswers(api: FastifyInstance) {
  await api.register(compress, {
    // Chosen by the client's preference among these; never zstd or deflate, whatever Node offers.
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Quality 4 (the plugin's default) is what a per-request answer can afford: about gzip's speed with
    // brotli's size; build-time assets get the slowest, smallest quality instead.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
    // Answers up to 64 KB (a page of the feed is well under it) are compressed in one call on the
    // request's own turn: through a stream they would take one of libuv's four threads, which the image
    // decodes and upload writes need (README: MEDIA_IMAGE_DECODES), and be sent without Content-Length.
    syncThreshold: 64 * 1024,
    // Request bodies are never inflated: a compressed upload could unpack past every size limit.
    globalDecompression: false,
  });
}
