import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_IMAGE_MAX_BYTES, DEFAULT_VIDEO_MAX_BYTES, keptVideoId, videoPosterUrl } from "@flik/shared";
import { UNREADABLE_VIDEO } from "@flik/shared/media-formats";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { isFastStart, videoFixture } from "../../test/media-fixtures.js";
import { tempDir } from "../../test/temp-dir.js";
import { ffmpegPath, probeVideo } from "./ffmpeg.js";
import { videoTranscodeQueue } from "./video-processing.js";

const mediaDir = tempDir("media-video");
const built = await buildTestApp({ media: { dir: mediaDir, videoMaxSeconds: 3 } });
const { app, jobs } = built;
const { persona, uploadForm, call, whenVideoProcessed, createPost } = factories(built);
const alice = await persona("alice");

const types = { mov: "video/quicktime", webm: "video/webm", mp4: "video/mp4" } as const;

async function uploadVideo(bytes: Buffer, name: string) {
  const extension = name.split(".").pop() as keyof typeof types;
  return uploadForm(alice, "video", { file: { bytes, name, type: types[extension] }, upload_preset: "flik" });
}

async function served(url: string) {
  const response = await app.inject({ url });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** What the file served at `url` holds, as ffmpeg reads it. */
async function probeServed(url: string) {
  const path = join(mediaDir, "probe.bin");
  writeFileSync(path, (await served(url)).bytes);
  return probeVideo(ffmpegPath(undefined), path);
}

/** A video's record as the transcoding left it while still under way (video-processing's record). */
function writeProcessingRecord(id: string, record: { percent: number; attempts: number; facts: object }) {
  writeFileSync(
    join(mediaDir, "video-sources", `${id}.json`),
    JSON.stringify({ status: "processing", ...record }),
  );
}

/**
 * A failed video is neither served (as sent, it still holds what the transcoding strips) nor kept as
 * sent; its record stays, to say it failed.
 */
async function expectNoLongerServed(url: string) {
  const id = keptVideoId(url) ?? "";
  expect((await served(url)).status).toBe(404);
  expect((await served(videoPosterUrl(url) ?? "")).status).toBe(404);
  expect(readdirSync(join(mediaDir, "video-sources")).filter((name) => name.startsWith(id))).toEqual([
    `${id}.json`,
  ]);
}

describe("video transcoding (issue 20)", () => {
  it("turns an iPhone's HEVC .mov into an H.264 MP4 that plays as it downloads, with a poster", async () => {
    const response = await uploadVideo(await videoFixture("hevc-mov"), "IMG_0042.MOV");
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      secure_url: expect.stringMatching(/^\/media\/video\/[0-9a-f-]{36}\.mp4$/),
      public_id: expect.stringMatching(/^video\//),
      resource_type: "video",
      format: "mp4",
      bytes: expect.any(Number),
      width: 640,
      height: 360,
      duration: expect.closeTo(2, 0),
      status: "processing",
    });
    // At once, the file as it was sent, asked for again until it is replaced.
    const early = await served(answer.secure_url);
    expect(early.status).toBe(200);
    expect(early.headers["cache-control"]).toBe("no-cache");

    const done = await whenVideoProcessed(alice, answer.secure_url);
    expect(done).toEqual({
      status: "ready",
      percent: 100,
      secure_url: answer.secure_url,
      poster_url: videoPosterUrl(answer.secure_url),
      duration: expect.closeTo(2, 0),
      width: 640,
      height: 360,
    });
    const video = await served(answer.secure_url);
    expect(video.headers["content-type"]).toBe("video/mp4");
    expect(video.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(isFastStart(video.bytes)).toBe(true);
    expect(await probeServed(answer.secure_url)).toMatchObject({ codec: "h264", width: 640, height: 360 });
    const poster = await served(videoPosterUrl(answer.secure_url) ?? "");
    expect(poster.status).toBe(200);
    expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 360 });
  });

  it("turns a browser's VP9 .webm into H.264 too", async () => {
    const answer = (await uploadVideo(await videoFixture("vp9-webm"), "clip.webm")).json();
    expect(answer).toMatchObject({ format: "mp4", status: "processing" });
    expect((await whenVideoProcessed(alice, answer.secure_url)).status).toBe("ready");
    expect(await probeServed(answer.secure_url)).toMatchObject({ codec: "h264" });
  });

  it("stands a video taken sideways upright, in its size and its pixels", async () => {
    const answer = (await uploadVideo(await videoFixture("sideways-mp4"), "sideways.mp4")).json();
    expect(answer).toMatchObject({ width: 360, height: 640 });
    expect(await whenVideoProcessed(alice, answer.secure_url)).toMatchObject({
      status: "ready",
      width: 360,
      height: 640,
    });
    expect(await probeServed(answer.secure_url)).toMatchObject({ width: 360, height: 640 });
    const poster = await served(videoPosterUrl(answer.secure_url) ?? "");
    expect(await sharp(poster.bytes).metadata()).toMatchObject({ width: 360, height: 640 });
  });

  it("moves an MP4's index to the front, so it starts before it has all arrived", async () => {
    const sent = await videoFixture("index-last-mp4");
    expect(isFastStart(sent)).toBe(false);
    const answer = (await uploadVideo(sent, "late.mp4")).json();
    await whenVideoProcessed(alice, answer.secure_url);
    expect(isFastStart((await served(answer.secure_url)).bytes)).toBe(true);
  });

  it("makes a video cut short playable, its poster from what there is of it", async () => {
    // Its index says 3 s; a quarter of it came, less than the second a poster is usually taken at.
    const answer = (await uploadVideo(await videoFixture("cut-short-mp4", 3), "broken-off.mp4")).json();
    expect(answer).toMatchObject({ status: "processing" });
    const processed = await whenVideoProcessed(alice, answer.secure_url);
    expect(processed).toMatchObject({ status: "ready" });
    const facts = await probeServed(answer.secure_url);
    expect(facts?.durationSeconds).toBeLessThan(1);
    const poster = await served(videoPosterUrl(answer.secure_url) ?? "");
    expect(poster.status).toBe(200);
    expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 360 });
  });

  it("refuses a video longer than the setting allows, with its length and the limit, and keeps nothing", async () => {
    const before = readdirSync(join(mediaDir, "video")).length;
    const response = await uploadVideo(await videoFixture("index-last-mp4", 5), "long.mp4");
    expect(response.statusCode).toBe(400);
    const message = "This video is 0:05 long. Videos can be up to 0:03.";
    expect(response.json()).toEqual({ message, errors: [{ field: "file", message }] });
    expect(readdirSync(join(mediaDir, "video"))).toHaveLength(before);
  });

  it("takes a video a fraction of a second past the limit, as lengths count whole seconds", async () => {
    const response = await uploadVideo(await videoFixture("index-last-mp4", 3.5), "nearly.mp4");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().duration).toBeGreaterThan(3);
  });

  it("tells the signed-in browser its limits, so it can refuse a file before sending it", async () => {
    const limits = await call(alice, "GET", "/media/limits");
    expect(limits.statusCode).toBe(200);
    expect(limits.json()).toEqual({
      image: { maxBytes: DEFAULT_IMAGE_MAX_BYTES },
      video: { maxBytes: DEFAULT_VIDEO_MAX_BYTES, maxSeconds: 3 },
    });
    expect((await app.inject({ url: "/api/media/limits" })).statusCode).toBe(401);
  });

  it("refuses a file that looks like an MP4 but holds no video, with 415", async () => {
    const header = Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from("ftypisom"), Buffer.alloc(1024)]);
    const response = await uploadVideo(header, "empty.mp4");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: "This video could not be read. Please choose another file." });
  });

  it("refuses a sound recording saved as .mp4 (no picture) in the same words, keeping nothing", async () => {
    const keptFiles = () =>
      readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
        .length;
    const before = keptFiles();
    const response = await uploadVideo(await videoFixture("audio-only-mp4"), "voice-memo.mp4");
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: UNREADABLE_VIDEO });
    expect(keptFiles()).toBe(before);
  });

  /**
   * Runs the transcoding of an uploaded video as if it were at its `attempts`-th try, its source now a
   * file ffmpeg cannot read; answers its status after that run.
   */
  async function runOnUnreadableSource(name: string, attempts: number) {
    const answer = (await uploadVideo(await videoFixture("index-last-mp4"), name)).json();
    await whenVideoProcessed(alice, answer.secure_url);
    const id = keptVideoId(answer.secure_url) ?? "";
    const facts = { durationSeconds: 2, width: 640, height: 360, codec: "h264" };
    writeProcessingRecord(id, { percent: 0, attempts, facts });
    writeFileSync(join(mediaDir, "video-sources", `${id}.mp4`), "not a video");
    await jobs.runNow(videoTranscodeQueue, { id, extension: "mp4" });
    return { url: answer.secure_url, status: (await call(alice, "GET", `/media/video/${id}`)).json() };
  }

  const failed = { status: "failed", message: "This video could not be processed. Please try another file." };

  it("tells a video that failed past its retries as failed, with a message, and serves it no more", async () => {
    // A record as a video left after its last try: the next run gives up on it.
    const { url, status } = await runOnUnreadableSource("doomed.mp4", 3);
    expect(status).toEqual(failed);
    await expectNoLongerServed(url);
  });

  it("tells a video whose file ffmpeg refuses as failed at its first try, not after the retries", async () => {
    const { url, status } = await runOnUnreadableSource("garbled.mp4", 0);
    expect(status).toEqual(failed);
    await expectNoLongerServed(url);
  });

  it("answers 404 for a video it does not keep, and for an id that is not one", async () => {
    const unknown = await call(alice, "GET", "/media/video/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Unknown video" });
    const bad = await call(alice, "GET", "/media/video/..%2Fsecret");
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ message: "Unknown video" });
  });

  it("gives a post of a processed video its size and a placeholder from its poster", async () => {
    const answer = (await uploadVideo(await videoFixture("sideways-mp4"), "portrait.mp4")).json();
    await whenVideoProcessed(alice, answer.secure_url);
    const post = await createPost(alice, { image: answer.secure_url, width: 1, height: 1 });
    expect(post).toMatchObject({
      mediaType: "video",
      width: 360,
      height: 640,
      placeholder: expect.any(String),
    });
  });

  it("gives a post of a video still being processed the size it was uploaded at, and no placeholder yet", async () => {
    const answer = (await uploadVideo(await videoFixture("sideways-mp4"), "early.mp4")).json();
    await whenVideoProcessed(alice, answer.secure_url);
    // As the video was between its upload and the end of its transcoding: no poster yet.
    const id = keptVideoId(answer.secure_url) ?? "";
    const facts = { durationSeconds: 2, width: 360, height: 640, codec: "h264" };
    writeProcessingRecord(id, { percent: 10, attempts: 0, facts });
    rmSync(join(mediaDir, "video", `${id}.jpg`));
    const post = await createPost(alice, { image: answer.secure_url });
    expect(post).toMatchObject({ mediaType: "video", width: 360, height: 640, placeholder: null });
  });

  it("makes the poster of a video kept before posters were, on its first request", async () => {
    const answer = (await uploadVideo(await videoFixture("index-last-mp4"), "old.mp4")).json();
    await whenVideoProcessed(alice, answer.secure_url);
    const poster = videoPosterUrl(answer.secure_url) ?? "";
    rmSync(join(mediaDir, "video", poster.split("/").pop() ?? ""));
    const made = await served(poster);
    expect(made.status).toBe(200);
    expect(made.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(made.bytes).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 360 });
    expect((await served("/media/video/00000000-0000-4000-8000-000000000000.jpg")).status).toBe(404);
  });
});
