import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { keptVideoId, videoPosterUrl } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, type SignedIn } from "../../test/helper.js";
import { tempDir } from "../../test/temp-dir.js";
import { videoTranscodeQueue } from "../media/video-processing.js";

/**
 * A post shows what it names as it says it does: this host's files are taken as they were uploaded (a
 * photo is no flick whatever its address ends with), and a video that can never play (its transcoding
 * failed) is refused in the host's own words, when posted and when a post is edited to it.
 */
const mediaDir = tempDir("post-media");
const built = await buildTestApp({ media: { dir: mediaDir } });
const { call, someone, createPost, photoOf, videoOf, whenVideoProcessed } = factories(built);

const FAILED = "This video could not be processed. Please try another file.";
const NOT_AN_UPLOAD = "Media must be the URL of an uploaded file";
const refusal = (field: string, message: string) => ({ message, errors: [{ field, message }] });

/** The member's transcoded video, given up on as after its last try (video-processing's record). */
async function failVideo(member: SignedIn, url: string) {
  await whenVideoProcessed(member, url);
  const id = keptVideoId(url) ?? "";
  const facts = { durationSeconds: 1, width: 160, height: 90, codec: "h264" };
  const record = { status: "processing", percent: 40, attempts: 3, facts };
  writeFileSync(join(mediaDir, "video-sources", `${id}.json`), JSON.stringify(record));
  writeFileSync(join(mediaDir, "video-sources", `${id}.mp4`), "not a video");
  await built.jobs.runNow(videoTranscodeQueue, { id, extension: "mp4" });
  expect((await call(member, "GET", `/media/video/${id}`)).json()).toEqual({
    status: "failed",
    message: FAILED,
  });
}

describe("a post's media", () => {
  it("refuses a video whose processing failed with 400 on image, in the host's words, and keeps nothing", async () => {
    const maya = await someone("maya");
    const video = await videoOf(maya);
    await failVideo(maya, video);
    const photo = await createPost(maya);

    for (const refused of [
      await call(maya, "POST", "/posts", { image: video, isReel: true }),
      await call(maya, "POST", "/posts", { image: video, caption: "As a post" }),
      await call(maya, "PUT", `/posts/${photo._id}`, { image: video }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual(refusal("image", FAILED));
    }
    const profile = (await call(maya, "GET", `/profile/${maya.username}`)).json();
    expect(profile.posts.map((post: { image: string }) => post.image)).toEqual([photo.image]);
  });

  it("keeps a post whose video failed after it was posted editable in its words", async () => {
    const leo = await someone("leo");
    const video = await videoOf(leo);
    const flick = await createPost(leo, { image: video, isReel: true });
    await failVideo(leo, video);
    const edited = await call(leo, "PUT", `/posts/${flick._id}`, { caption: "New words", isReel: true });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it("takes this host's files as they were uploaded: a video's poster or a photo named .mp4 is no flick", async () => {
    const nina = await someone("nina");
    const video = await videoOf(nina);
    await whenVideoProcessed(nina, video);
    const poster = videoPosterUrl(video) ?? "";
    expect((await built.app.inject({ url: poster })).headers["content-type"]).toBe("image/jpeg");
    const photo = await photoOf(nina);
    const photoAsVideo = photo.replace(/\.\w+$/, ".mp4");

    for (const payload of [
      { image: poster, isReel: true },
      { image: poster },
      { image: photoAsVideo, isReel: true },
      { image: photoAsVideo },
    ]) {
      const refused = await call(nina, "POST", "/posts", payload);
      expect(refused.statusCode, `${payload.image}: ${refused.body}`).toBe(400);
      expect(refused.json()).toEqual(refusal("image", NOT_AN_UPLOAD));
    }
    // The files themselves, as uploaded.
    expect(await createPost(nina, { image: video, isReel: true })).toMatchObject({ mediaType: "video" });
    expect(await createPost(nina, { image: photo })).toMatchObject({ mediaType: "image" });
    const refused = await call(nina, "POST", "/posts", { image: photo, isReel: true });
    expect(refused.json()).toEqual(refusal("isReel", "A flick must be a video"));
  });
});
