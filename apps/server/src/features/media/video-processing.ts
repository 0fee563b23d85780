import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { type MediaSize, type VideoProcessingStatus, videoTooLong } from "@flik/shared";
import { UNREADABLE_VIDEO } from "@flik/shared/media-formats";
import type { FastifyBaseLogger } from "fastify";
import { createWorkQueue } from "../../platform/admission.js";
import type { MediaConfig } from "../../platform/config.js";
import { invalidField, unsupportedMediaType } from "../../platform/errors.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import { FfmpegError, ffmpegPath, posterOf, probeVideo, transcodeVideo, type VideoFacts } from "./ffmpeg.js";
import { IMMUTABLE, type MediaStorage, REVALIDATE } from "./media.storage.js";

/**
 * Transcoding of uploaded videos (issue 20), one job per video on the project's job runner: retried on
 * failure (not when ffmpeg refused the file itself: it is said failed at once), taken up again after a restart (a node that died mid-way lets its job expire, and another
 * runs it), `MEDIA_VIDEO_TRANSCODES` at a time on each node. A long video may take minutes; an hour
 * without an end counts as a dead node. The source and the record live in the media storage, so any
 * node may take the job, whichever received the upload.
 */
export const videoTranscodeQueue: JobQueue<{ id: string; extension: string }> = {
  name: "video-transcode",
  policy: "standard",
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 60 * 60,
};

/** The extensions a kept video's source may have: those of the types the host accepts (`file-type`'s). */
export const VIDEO_SOURCE_EXTENSIONS = ["mp4", "mov", "webm"] as const;

/**
 * How a video's transcoding goes, kept beside its source: while it is under way, when it has failed,
 * and once it is ready (then with the served MP4's own facts, so a status never reads the video).
 */
interface ProcessingRecord {
  status: "processing" | "failed" | "ready";
  percent: number;
  attempts: number;
  facts: VideoFacts;
  message?: string;
}

/** A record read while it was being written (see `readRecord`). */
const BEING_WRITTEN: ProcessingRecord = {
  status: "processing",
  percent: 0,
  attempts: 0,
  facts: { durationSeconds: 0, width: 0, height: 0, codec: "" },
};

const FAILED_MESSAGE = "This video could not be processed. Please try another file.";
const VIDEO_TYPE = "video/mp4";

/**
 * Objects, in the media storage:
 * - `video-sources/<id>.<ext>`: the file as it was sent, until its transcoding has ended (never served);
 * - `video-sources/<id>.json`: the ProcessingRecord (never served);
 * - `video/<id>.mp4`: served. At first the file as it was sent (an H.264 MP4 plays at once), then,
 *   replaced whole, the transcoded MP4; removed when the transcoding fails (`giveUp`);
 * - `video/<id>.jpg`: its poster, from the transcoded video.
 * ffmpeg works on local files in `incoming/`.
 */
export function createVideoProcessing(
  config: MediaConfig,
  deps: { jobs: Jobs; log: FastifyBaseLogger; storage: MediaStorage },
) {
  const { storage } = deps;
  const work = join(config.dir, "incoming");
  const binary = ffmpegPath(config.ffmpegPath);
  const recordKey = (id: string) => `video-sources/${id}.json`;
  const sourceKey = (id: string, extension: string) => `video-sources/${id}.${extension}`;
  const videoKey = (id: string) => `video/${id}.mp4`;
  const posterKey = (id: string) => `video/${id}.jpg`;
  /** Every object of the video `id`: served files, source and record. */
  const keysOf = (id: string) => [
    videoKey(id),
    posterKey(id),
    recordKey(id),
    ...VIDEO_SOURCE_EXTENSIONS.map((extension) => sourceKey(id, extension)),
  ];
  // Posters made on request (videos kept before posters were): one ffmpeg at a time, a grid's worth waiting.
  const posters = createWorkQueue({ running: 1, waiting: 50 });

  /**
   * The record of `id`; null when there is none (a video kept before records were). A record caught
   * mid-write, or a read that failed (an S3-compatible server that does not swap objects whole, as
   * s3rver), reads as still processing: it is rewritten only while it is, and whoever asks asks again.
   */
  async function readRecord(id: string): Promise<ProcessingRecord | null> {
    try {
      const bytes = await storage.read(recordKey(id));
      return bytes ? (JSON.parse(bytes.toString("utf8")) as ProcessingRecord) : null;
    } catch (error) {
      // s3rver, for one, may fail a read of an object being rewritten instead of answering the old one.
      deps.log.warn({ err: error, videoId: id }, "a video's record could not be read; taken as processing");
      return BEING_WRITTEN;
    }
  }

  /** Written whole or not at all: a status read meanwhile sees the old record or the new one. */
  async function writeRecord(id: string, record: ProcessingRecord) {
    await storage.putBytes(recordKey(id), Buffer.from(JSON.stringify(record)), {
      contentType: "application/json",
      cacheControl: "no-store",
    });
  }

  /**
   * Says the video failed, and stops serving and keeping the file as it was sent: its metadata (a
   * location among them) was public only until the transcoding stripped it, and what could not be
   * transcoded is no video to show. The served file goes first, so nothing serves it as final meanwhile;
   * the record stays, to say why. Done again if stopped half way (the job is tried again).
   */
  async function giveUp(id: string, record: ProcessingRecord) {
    await storage.remove([videoKey(id), posterKey(id)]);
    await writeRecord(id, { ...record, status: "failed", message: FAILED_MESSAGE });
    await storage.remove(VIDEO_SOURCE_EXTENSIONS.map((extension) => sourceKey(id, extension)));
  }

  /** A local file name in the work folder, for ffmpeg's output. */
  async function workFile(name: string) {
    await mkdir(work, { recursive: true });
    return join(work, `${randomUUID()}-${name}`);
  }

  async function transcode(id: string, extension: string) {
    const record = await readRecord(id);
    if (record?.status !== "processing") return; // done, given up, or deleted
    if (record === BEING_WRITTEN) throw new Error("the video's record was being written; tried again");
    if (record.attempts > videoTranscodeQueue.retryLimit) {
      await giveUp(id, record);
      deps.log.error({ videoId: id }, "video transcoding gave up after its retries");
      return;
    }
    await writeRecord(id, { ...record, attempts: record.attempts + 1, percent: 0 });
    const output = await workFile(`${id}.mp4`);
    const poster = await workFile(`${id}.jpg`);
    const started = performance.now();
    let shown = 0;
    let seconds = record.facts.durationSeconds;
    try {
      const transcoded = await storage.withLocalFile(sourceKey(id, extension), async (source) => {
        await transcodeVideo(binary, source, output, record.facts.durationSeconds, (share) => {
          // The record is rewritten at each whole 5 %, not at every report ffmpeg makes.
          const percent = Math.min(99, Math.floor(share * 20) * 5);
          if (percent <= shown) return;
          shown = percent;
          void writeRecord(id, { ...record, attempts: record.attempts + 1, percent }).catch(() => {});
        });
        return true;
      });
      if (!transcoded) return await storage.remove(keysOf(id)); // deleted before it began
      // The length the transcode found, not the upload's header's: a file cut short says more than it holds.
      const facts = (await probeVideo(binary, output)) ?? record.facts;
      seconds = facts.durationSeconds;
      await posterOf(binary, output, poster, Math.min(1, facts.durationSeconds / 3));
      // Deleted while it was transcoded (the cleanup removes the source; progress writes may have put a
      // record back): nothing is put back, and what was is removed again.
      const deleted = async () => !(await storage.exists(sourceKey(id, extension)));
      if (await deleted()) return await storage.remove(keysOf(id));
      await storage.putFile(posterKey(id), poster, { contentType: "image/jpeg", cacheControl: IMMUTABLE });
      await storage.putFile(videoKey(id), output, { contentType: VIDEO_TYPE, cacheControl: IMMUTABLE });
      await writeRecord(id, { status: "ready", percent: 100, attempts: record.attempts + 1, facts });
      if (await deleted()) return await storage.remove(keysOf(id));
      await storage.remove([sourceKey(id, extension)]);
    } finally {
      await rm(output, { force: true });
      await rm(poster, { force: true });
    }
    deps.log.info({ videoId: id, seconds, ms: Math.round(performance.now() - started) }, "video transcoded");
  }

  deps.jobs.define(videoTranscodeQueue, async ({ id, extension }) => {
    try {
      await transcode(id, extension);
    } catch (error) {
      const record = await readRecord(id);
      // A file ffmpeg refused fails the same way every time: the member hears of it now, not minutes on.
      const hopeless = error instanceof FfmpegError && error.refusedInput;
      if (
        record &&
        record !== BEING_WRITTEN &&
        (hopeless || record.attempts > videoTranscodeQueue.retryLimit)
      ) {
        await giveUp(id, record);
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
      if (!facts) throw unsupportedMediaType(UNREADABLE_VIDEO);
      const tooLong = videoTooLong(facts.durationSeconds, config.videoMaxSeconds);
      if (tooLong) throw invalidField("file", tooLong);
      await writeRecord(id, { status: "processing", percent: 0, attempts: 0, facts });
      await storage.putFile(sourceKey(id, extension), tempPath, { contentType: VIDEO_TYPE });
      await storage.copy(sourceKey(id, extension), videoKey(id), {
        contentType: VIDEO_TYPE,
        cacheControl: REVALIDATE,
      });
      await deps.jobs.send(videoTranscodeQueue, { id, extension });
      return facts;
    },

    /** How far the video `id` is; null for a video this host does not keep. */
    async status(id: string, urlOf: (name: string) => string): Promise<VideoProcessingStatus | null> {
      const record = await readRecord(id);
      if (record?.status === "failed") return { status: "failed", message: record.message ?? FAILED_MESSAGE };
      if (record?.status === "processing") return { status: "processing", percent: record.percent };
      // Videos kept before records were kept to the end are read once.
      const facts =
        record?.facts ?? (await storage.withLocalFile(videoKey(id), (video) => probeVideo(binary, video)));
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
     * The size of a video still being transcoded, as its upload was read (upright); null once it is
     * done, or when unknown (a record caught mid-write).
     */
    async sizeWhileProcessing(id: string): Promise<MediaSize | null> {
      const record = await readRecord(id);
      if (record?.status !== "processing" || record.facts.width <= 0 || record.facts.height <= 0) return null;
      return { width: record.facts.width, height: record.facts.height };
    },

    /**
     * Makes the poster of a kept video that has none (kept before posters were made) on its first
     * request. A video still being transcoded gets its own when it ends; a busy node leaves it for later.
     */
    async ensurePoster(id: string): Promise<void> {
      if (await storage.exists(posterKey(id))) return;
      if ((await readRecord(id))?.status === "processing") return;
      await posters
        .run(
          () =>
            storage.withLocalFile(videoKey(id), async (video) => {
              const partial = await workFile(`${id}.jpg`);
              try {
                // A tenth of a second in, where a first frame is often black (posterOf takes the first
                // frame of a video shorter than that).
                await posterOf(binary, video, partial, 0.1);
                await storage.putFile(posterKey(id), partial, { contentType: "image/jpeg" });
              } finally {
                await rm(partial, { force: true });
              }
            }),
          () => new Error("posters busy"),
        )
        .catch((error: unknown) => deps.log.warn({ err: error, videoId: id }, "no poster made for a video"));
    },

    /** Why the video `id` can never be shown (its transcoding failed), in the words its status gives; else null. */
    async failure(id: string): Promise<string | null> {
      const record = await readRecord(id);
      return record?.status === "failed" ? (record.message ?? FAILED_MESSAGE) : null;
    },

    /** Whether the served file of `id` is still the one sent, to be replaced: it must not be cached long. */
    isProcessing: async (id: string) => (await readRecord(id))?.status === "processing",

    keysOf,
  };
}

export type VideoProcessing = ReturnType<typeof createVideoProcessing>;
