import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, keptVideoId, videoPosterUrl } from "@flik/shared";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { App } from "../../app.js";
import { mediaUploads } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";
import { landscapePhoto, videoFixture } from "../../test/media-fixtures.js";
import { startS3 } from "../../test/s3.js";
import { tempDir } from "../../test/temp-dir.js";
import { mediaCleanupQueue, UNUSED_UPLOAD_KEPT_MS } from "./media.cleanup.js";
import { MEDIA_STORAGE_UNAVAILABLE } from "./media.storage-s3.js";
import { videoTranscodeQueue } from "./video-processing.js";

/**
 * The media storage (issue 20), the same journeys on both of its implementations: the data folder and
 * an S3-compatible bucket (s3rver, started here). Each keeps what is uploaded, serves it, and removes a
 * file with all that was made of it once nothing names it.
 */
const folderDir = tempDir("media-folder");
const s3WorkDir = tempDir("media-s3-work");
const s3 = await startS3();
const stores: { name: string; built: App; objects: string; dir: string }[] = [
  {
    name: "the data folder",
    built: await buildTestApp({ media: { dir: folderDir } }),
    objects: folderDir,
    dir: folderDir,
  },
  {
    name: "an S3 bucket",
    built: await buildTestApp({ media: { dir: s3WorkDir, s3: s3.config } }),
    objects: s3.objectsDir,
    dir: s3WorkDir,
  },
];

/** Every stored object's path (the folder's files, or s3rver's), to find what is left of a file. */
function storedNames(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" });
}

describe.each(stores)("media kept in $name", ({ built, objects, dir }) => {
  const { app, jobs, database } = built;
  const { persona, uploadForm, call, createPost, whenVideoProcessed } = factories(built);
  const inADay = () => new Date(Date.now() + UNUSED_UPLOAD_KEPT_MS + 60_000);
  const cleanUp = (at = new Date()) => jobs.runNow(mediaCleanupQueue, {}, at);

  /** Uploaded by Alice, unless by someone else: only the uploader may post a file (media.policy). */
  async function upload(kind: "image" | "video", bytes: Buffer, name: string, type: string, by?: SignedIn) {
    const uploader = by ?? (await persona("alice"));
    const response = await uploadForm(uploader, kind, { file: { bytes, name, type }, upload_preset: "flik" });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { secure_url: string };
  }
  const uploadPhoto = async (width = 1200, height = 900, by?: SignedIn) =>
    (await upload("image", await landscapePhoto(width, height), "photo.jpg", "image/jpeg", by)).secure_url;

  const statusOf = async (url: string) => (await app.inject({ url })).statusCode;
  /** The original and each variant narrower than 1200 px: what a 1200 px photo keeps. */
  const photoFiles = (url: string) => [
    url,
    ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantUrl(url, width) ?? ""),
  ];
  const idOf = (url: string) => /([0-9a-f-]{36})\./.exec(url)?.[1] ?? "";
  const leftOf = (url: string) => storedNames(objects).filter((name) => name.includes(idOf(url)));

  it("serves a photo and its variants, with a byte range and a revalidation", async () => {
    const url = await uploadPhoto();
    const photo = await app.inject({ url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers).toMatchObject({
      "content-type": "image/jpeg",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ width: 1200, height: 900 });

    const part = await app.inject({ url, headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${photo.rawPayload.length}`);
    expect(part.rawPayload).toEqual(photo.rawPayload.subarray(0, 100));

    const again = await app.inject({ url, headers: { "if-none-match": String(photo.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const head = await app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(photo.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
    // A range of another version of the file (If-Range no longer matches): the whole file, never a part.
    const stale = await app.inject({
      url,
      headers: { range: "bytes=0-99", "if-range": '"another-version"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toEqual(photo.rawPayload);
    const past = await app.inject({ url, headers: { range: `bytes=${photo.rawPayload.length + 10}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${photo.rawPayload.length}`);

    const variant = await app.inject({ url: imageVariantUrl(url, 320) ?? "" });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["content-type"]).toBe("image/webp");
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ width: 320, height: 240 });
    expect(await statusOf(url.replace(/[0-9a-f-]{36}/, "00000000-0000-4000-8000-000000000000"))).toBe(404);
  });

  it("takes a deleted post's photo away with every variant, and keeps what others name", async () => {
    const alice = await persona("alice");
    const url = await uploadPhoto();
    const post = await createPost(alice, { image: url });
    const other = await uploadPhoto();
    await createPost(alice, { image: other });
    await cleanUp(inADay()); // both are posted: a day on, neither goes
    for (const file of [...photoFiles(url), ...photoFiles(other)])
      expect(await statusOf(file), file).toBe(200);

    expect((await call(alice, "DELETE", `/posts/${post._id}`)).statusCode).toBe(200);
    await cleanUp();
    for (const file of photoFiles(url)) expect(await statusOf(file), file).toBe(404);
    expect(leftOf(url)).toEqual([]);
    for (const file of photoFiles(other)) expect(await statusOf(file), file).toBe(200);
  });

  it("takes a deleted flick's video, poster, source and record away", async () => {
    const alice = await persona("alice");
    const { secure_url: url } = await upload(
      "video",
      await videoFixture("hevc-mov"),
      "clip.mov",
      "video/quicktime",
    );
    expect((await whenVideoProcessed(alice, url)).status).toBe("ready");
    const poster = videoPosterUrl(url) ?? "";
    expect(await statusOf(url)).toBe(200);
    expect(await statusOf(poster)).toBe(200);
    const flick = await createPost(alice, { image: url, isReel: true });
    expect(leftOf(url).length).toBeGreaterThan(0);

    expect((await call(alice, "DELETE", `/posts/${flick._id}`)).statusCode).toBe(200);
    await cleanUp();
    expect(await statusOf(url)).toBe(404);
    expect(await statusOf(poster)).toBe(404);
    expect((await call(alice, "GET", `/media/video/${keptVideoId(url)}`)).statusCode).toBe(404);
    expect(leftOf(url)).toEqual([]);
  });

  it("removes an upload never posted a day after it was made, not before", async () => {
    const unused = await uploadPhoto(600, 400);
    await cleanUp();
    expect(await statusOf(unused)).toBe(200);
    await cleanUp(inADay());
    expect(await statusOf(unused)).toBe(404);
    expect(leftOf(unused)).toEqual([]);
    // Who uploaded it goes with it.
    const uploaders = await database.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.mediaId, idOf(unused)));
    expect(uploaders).toEqual([]);
  });

  it("keeps a file a story and a highlight both name until the last of them lets go", async () => {
    const alice = await persona("alice");
    const url = await uploadPhoto(600, 400);
    const story = (await call(alice, "POST", "/stories", { url })).json().story;
    const made = await call(alice, "POST", "/highlights", { name: "Trips", type: "image", src: url });
    expect(made.statusCode, made.body).toBe(201);

    expect((await call(alice, "DELETE", `/stories/${story._id}`)).statusCode).toBe(200);
    await cleanUp(inADay());
    expect(await statusOf(url)).toBe(200);

    expect((await call(alice, "DELETE", `/highlights/${made.json().highlight._id}`)).statusCode).toBe(200);
    await cleanUp();
    expect(await statusOf(url)).toBe(404);
  });

  it("removes a replaced avatar and an edited post's former photo", async () => {
    const alice = await persona("alice");
    const first = await uploadPhoto(400, 400);
    const second = await uploadPhoto(400, 400);
    expect((await call(alice, "PUT", "/profile/update", { avatar: first })).statusCode).toBe(200);
    expect((await call(alice, "PUT", "/profile/update", { avatar: second })).statusCode).toBe(200);

    const before = await uploadPhoto(600, 400);
    const after = await uploadPhoto(600, 400);
    const post = await createPost(alice, { image: before });
    const edited = await call(alice, "PUT", `/posts/${post._id}`, { image: after, caption: "Better" });
    expect(edited.statusCode, edited.body).toBe(200);

    await cleanUp();
    expect(await statusOf(first)).toBe(404);
    expect(await statusOf(before)).toBe(404);
    expect(await statusOf(second)).toBe(200);
    expect(await statusOf(after)).toBe(200);
  });

  it("removes a deleted member's files, however the rows went (here a cascade from a tool)", async () => {
    const { newcomer } = factories(built);
    const leaving = await newcomer(`leaving${stores.findIndex((store) => store.built === built)}`);
    const url = await uploadPhoto(600, 400, leaving);
    await createPost(leaving, { image: url });
    await database.db.execute(sql`delete from users where id = ${leaving.userId}`);
    await cleanUp();
    expect(await statusOf(url)).toBe(404);
  });

  it("removes work files a crash left behind a day after they were last written", async () => {
    const incoming = join(dir, "incoming");
    mkdirSync(incoming, { recursive: true });
    const old = join(incoming, "left-by-a-crash");
    const recent = join(incoming, "being-received");
    writeFileSync(old, "partial upload");
    writeFileSync(recent, "partial upload");
    const twoDaysAgo = new Date(Date.now() - 2 * UNUSED_UPLOAD_KEPT_MS);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    await cleanUp();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("leaves another host's URLs alone", async () => {
    const alice = await persona("alice");
    const post = await createPost(alice, {
      image: "https://res.cloudinary.com/demo/image/upload/sample.jpg",
    });
    expect((await call(alice, "DELETE", `/posts/${post._id}`)).statusCode).toBe(200);
    await expect(cleanUp()).resolves.toBeUndefined();
  });
});

describe("a video deleted before its transcoding ran", () => {
  it("is not put back by the transcoding, even when a progress write brought its record back", async () => {
    const dir = tempDir("media-deleted-video");
    const built = await buildTestApp({ media: { dir } }, { runJobs: false });
    const { persona, uploadForm, call, createPost } = factories(built);
    const alice = await persona("alice");
    const bytes = await videoFixture("vp9-webm");
    const uploaded = await uploadForm(alice, "video", {
      file: { bytes, name: "clip.webm", type: "video/webm" },
      upload_preset: "flik",
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url: string = uploaded.json().secure_url;
    const id = keptVideoId(url) ?? "";
    const flick = await createPost(alice, { image: url, isReel: true });
    expect((await call(alice, "DELETE", `/posts/${flick._id}`)).statusCode).toBe(200);
    await built.jobs.runNow(mediaCleanupQueue, {}, new Date());
    expect(storedNames(dir).filter((name) => name.includes(id))).toEqual([]);

    // As a progress write of a transcoding under way would: the record is back, the source is not.
    const record = {
      status: "processing",
      percent: 40,
      attempts: 1,
      facts: { durationSeconds: 2, width: 640, height: 360 },
    };
    writeFileSync(join(dir, "video-sources", `${id}.json`), JSON.stringify(record));
    await built.jobs.runNow(videoTranscodeQueue, { id, extension: "webm" });
    expect(storedNames(dir).filter((name) => name.includes(id))).toEqual([]);
    expect((await built.app.inject({ url })).statusCode).toBe(404);
  });
});

describe("a bucket that stops answering", () => {
  it("is a 503 to come back after, never a 500, for an upload, a file and a post naming an upload", async () => {
    const bucket = await startS3();
    const built = await buildTestApp({ media: { dir: tempDir("media-s3-down"), s3: bucket.config } });
    const { persona, uploadForm, call } = factories(built);
    const alice = await persona("alice");
    const photo = async () =>
      uploadForm(alice, "image", {
        file: { bytes: await landscapePhoto(400, 300), name: "photo.jpg", type: "image/jpeg" },
        upload_preset: "flik",
      });
    const uploaded = await photo();
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url: string = uploaded.json().secure_url;

    await bucket.stop();
    const unavailable = { message: MEDIA_STORAGE_UNAVAILABLE };
    const again = await photo();
    expect(again.statusCode).toBe(503);
    expect(again.json()).toEqual(unavailable);
    expect(again.headers["retry-after"]).toBe("30");
    const served = await built.app.inject({ url });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toEqual(unavailable);
    const post = await call(alice, "POST", "/posts", { image: url, text: "While the bucket is away" });
    expect(post.statusCode).toBe(503);
    expect(post.json()).toEqual(unavailable);
  });
});
