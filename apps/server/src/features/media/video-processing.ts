import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { VideoProcessingStatus } from "@flik/shared";
import type { FastifyBaseLogger } from "fastify";
import { createWorkQueue } from "../../platform/admission.js";
import type { MediaConfig } from "../../platform/config.js";
import { badRequest, unsupportedMediaType } from "../../platform/errors.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import { ffmpegPath, posterOf, probeVideo, transcodeVideo, type VideoFacts } from "./ffmpeg.js";

/**
 * Transcoding of uploaded videos (issue 20), one job per video on the project's job runner: retried on
 * failure, taken up again after a restart (a node that died mid-way lets its job expire, and another
 * runs it), `MEDIA_VIDEO_TRANSCODES` at a time on each node. A long video may take minutes; an hour
 * without an end counts as a dead node.
 */
export const videoTranscodeQueue: JobQueue<{ id: string; extension: string }> = {
  name: "video-transcode",
  policy: "standard",
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 60 * 60,
};

/** How a video's transcoding goes, kept beside its source while it is under way (or has failed). */
interface ProcessingRecord {
  status: "processing" | "failed";
  percent: number;
  attempts: number;
  facts: VideoFacts;
  message?: string;
}

const FAILED_MESSAGE = "This video could not be processed. Please try another file.";
const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/**
 * Files, under the media folder:
 * - `video-sources/<id>.<ext>`: the file as it was sent, until its transcoding has ended (never served);
 * - `video-sources/<id>.json`: the ProcessingRecord;
 * - `video/<id>.mp4`: served. At first the file as it was sent (a link to it: an H.264 MP4 plays at once),
 *   then, replaced in one rename, the transcoded MP4;
 * - `video/<id>.jpg`: its poster, from the transcoded video.
 */
export function createVideoProcessing(config: MediaConfig, deps: { jobs: Jobs; log: FastifyBaseLogger }) {
  const sources = join(config.dir, "video-sources");
  const served = join(config.dir, "video");
  const binary = ffmpegPath(config.ffmpegPath);
  const recordPath = (id: string) => join(sources, `${id}.json`);
  // Posters made on request (videos kept before posters were): one ffmpeg at a time, a grid's worth waiting.
  const posters = createWorkQueue({ running: 1, waiting: 50 });

  async function readRecord(id: string): Promise<ProcessingRecord | null> {
    try {
      return JSON.parse(await readFile(recordPath(id), "utf8")) as ProcessingRecord;
    } catch {
      return null;
    }
  }

  /** Written whole or not at all: a status read meanwhile sees the old record or the new one. */
  async function writeRecord(id: string, record: ProcessingRecord) {
    const partial = `${recordPath(id)}.${randomUUID()}`;
    await writeFile(partial, JSON.stringify(record));
    await rename(partial, recordPath(id));
  }

  async function transcode(id: string, extension: string) {
    const record = await readRecord(id);
    const source = join(sources, `${id}.${extension}`);
    if (!record || record.status === "failed" || !existsSync(source)) return; // done, given up, or gone
    if (record.attempts > videoTranscodeQueue.retryLimit) {
      await writeRecord(id, { ...record, status: "failed", message: FAILED_MESSAGE });
      deps.log.error({ videoId: id }, "video transcoding gave up after its retries");
      return;
    }
    await writeRecord(id, { ...record, attempts: record.attempts + 1, percent: 0 });
    const output = join(sources, `${id}.out.mp4`);
    const poster = join(sources, `${id}.poster.jpg`);
    const started = performance.now();
    let shown = 0;
    await transcodeVideo(binary, source, output, record.facts.durationSeconds, (share) => {
      // The record is rewritten at each whole 5 %, not at every report ffmpeg makes.
      const percent = Math.min(99, Math.floor(share * 20) * 5);
      if (percent <= shown) return;
      shown = percent;
      void writeRecord(id, { ...record, attempts: record.attempts + 1, percent }).catch(() => {});
    });
    await posterOf(binary, output, poster, Math.min(1, record.facts.durationSeconds / 3));
    await rename(poster, join(served, `${id}.jpg`));
    await rename(output, join(served, `${id}.mp4`));
    await rm(recordPath(id), { force: true });
    await rm(source, { force: true });
    deps.log.info(
      { videoId: id, seconds: record.facts.durationSeconds, ms: Math.round(performance.now() - started) },
      "video transcoded",
    );
  }

  deps.jobs.define(videoTranscodeQueue, async ({ id, extension }) => {
    try {
      await transcode(id, extension);
    } catch (error) {
      const record = await readRecord(id);
      if (record && record.attempts > videoTranscodeQueue.retryLimit) {
        await writeRecord(id, { ...record, status: "failed", message: FAILED_MESSAGE });
        deps.log.error({ err: error, videoId: id }, "video transcoding failed for good");
        return;
      }
      throw error;
    }
  });

  return {
    /**
     * Takes a received video in: checks what it holds and how long it is, serves it as sent at its final
     * URL, and queues its transcoding. Answers its facts; the caller answers the upload.
     */
    async accept(tempPath: string, id: string, extension: string): Promise<VideoFacts> {
      const facts = await probeVideo(binary, tempPath);
      if (!facts) throw unsupportedMediaType("This video could not be read. Please choose another file.");
      if (facts.durationSeconds > config.videoMaxSeconds) {
        throw badRequest(
          `This video is ${formatDuration(facts.durationSeconds)} long. Videos can be up to ${formatDuration(config.videoMaxSeconds)}.`,
        );
      }
      await mkdir(sources, { recursive: true });
      await mkdir(served, { recursive: true });
      const source = join(sources, `${id}.${extension}`);
      await rename(tempPath, source);
      await writeRecord(id, { status: "processing", percent: 0, attempts: 0, facts });
      await link(source, join(served, `${id}.mp4`));
      await deps.jobs.send(videoTranscodeQueue, { id, extension });
      return facts;
    },

    /** How far the video `id` is; null for a video this host does not keep. */
    async status(id: string, urlOf: (name: string) => string): Promise<VideoProcessingStatus | null> {
      const record = await readRecord(id);
      if (record?.status === "failed") return { status: "failed", message: record.message ?? FAILED_MESSAGE };
      if (record) return { status: "processing", percent: record.percent };
      const video = join(served, `${id}.mp4`);
      const facts = existsSync(video) ? await probeVideo(binary, video) : null;
      if (!facts) return null;
      return {
        status: "ready",
        percent: 100,
        secure_url: urlOf(`${id}.mp4`),
        poster_url: urlOf(`${id}.jpg`),
        duration: facts.durationSeconds,
        width: facts.width,
        height: facts.height,
      };
    },

    /**
     * Makes the poster of a kept video that has none (kept before posters were made) on its first
     * request. A video still being transcoded gets its own when it ends; a busy node leaves it for later.
     */
    async ensurePoster(id: string): Promise<void> {
      const poster = join(served, `${id}.jpg`);
      const video = join(served, `${id}.mp4`);
      if (existsSync(poster) || !existsSync(video) || existsSync(recordPath(id))) return;
      await posters
        .run(
          async () => {
            const partial = join(sources, `${id}.poster-${randomUUID()}.jpg`);
            await mkdir(sources, { recursive: true });
            try {
              // A tenth of a second in, where a first frame is often black; a shorter video has only that.
              await posterOf(binary, video, partial, 0.1).catch(() => posterOf(binary, video, partial, 0));
              await rename(partial, poster);
            } finally {
              await rm(partial, { force: true });
            }
          },
          () => new Error("posters busy"),
        )
        .catch((error: unknown) => deps.log.warn({ err: error, videoId: id }, "no poster made for a video"));
    },

    /** Whether the served file of `id` is still the one sent, to be replaced: it must not be cached long. */
    isProcessing: (id: string) => existsSync(recordPath(id)),
  };
}

export type VideoProcessing = ReturnType<typeof createVideoProcessing>;
