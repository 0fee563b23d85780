import type { Post } from "@flik/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

/** Each post keeps its media's size (issue 14), so clients draw its frame before the media loads. */
const { call, persona, createPost, createFlick, follow, upload } = factories(await buildTestApp());
const alice = await persona("alice");
const bob = await persona("bob");
await follow(bob, alice);

/** Another host's photo (spec §1's external media host): its size is what the client measured, if any. */
const elsewhere = (name: string) => `https://res.cloudinary.com/demo/image/upload/v1/${name}`;

/** A JPEG as a phone takes it: stored sideways, with EXIF saying to turn it a quarter (orientation 6). */
const sidewaysPhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3b82f6" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** The post as Bob reads it in his feed and on its own page. */
async function readByBob(post: Post) {
  const feed = (await call(bob, "GET", "/posts?limit=50")).json().posts as Post[];
  const page = (await call(bob, "GET", `/posts/${post._id}`)).json().post as Post;
  return { inFeed: feed.find((candidate) => candidate._id === post._id), page };
}

describe("a post's media size", () => {
  it("is the kept image's own, upright, whatever the client says", async () => {
    const image = await upload(alice, "image", {
      bytes: await sidewaysPhoto(120, 90),
      name: "phone.jpg",
      type: "image/jpeg",
    });
    expect(image).toMatchObject({ width: 90, height: 120 });

    const post = await createPost(alice, { image: image.secure_url, width: 4000, height: 10 });
    expect(post).toMatchObject({ width: 90, height: 120 });
    const { inFeed, page } = await readByBob(post);
    expect(inFeed).toMatchObject({ width: 90, height: 120 });
    expect(page).toMatchObject({ width: 90, height: 120 });
  });

  it("is the kept image's own when the client sends none", async () => {
    const image = await upload(alice);
    expect(await createPost(alice, { image: image.secure_url })).toMatchObject({ width: 8, height: 8 });
  });

  it("is what the client measured for another host's photo and video", async () => {
    const photo = await createPost(alice, {
      image: "https://res.cloudinary.com/demo/image/upload/v1/pier.jpg",
      width: 1920,
      height: 1080,
    });
    const flick = await createFlick(alice, {
      image: "https://res.cloudinary.com/demo/video/upload/v1/pier.mp4",
      width: 720,
      height: 1280,
    });
    expect(photo).toMatchObject({ width: 1920, height: 1080 });
    expect(flick).toMatchObject({ mediaType: "video", width: 720, height: 1280 });
    expect((await readByBob(flick)).inFeed).toMatchObject({ width: 720, height: 1280 });
  });

  it("is unknown (null) when nobody could say", async () => {
    const post = await createPost(alice, { image: elsewhere("gone.jpg") });
    expect(post).toMatchObject({ width: null, height: null });
    expect((await readByBob(post)).page).toMatchObject({ width: null, height: null });
  });

  it.each([
    ["a zero width", { width: 0, height: 100 }, "width"],
    ["a negative height", { width: 100, height: -4 }, "height"],
    ["a fraction", { width: 100.5, height: 100 }, "width"],
    ["a number as text", { width: "100", height: 100 }, "width"],
    ["a size past any image format's", { width: 70_000, height: 100 }, "width"],
    ["a width without a height", { width: 100 }, "height"],
    ["a height without a width", { height: 100 }, "height"],
  ])("refuses %s with 400", async (_case, size, field) => {
    const response = await call(alice, "POST", "/posts", { image: "/media/image/a.jpg", ...size });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });
});

describe("a post's media size on edit", () => {
  it("follows new media, and stays with the old media when only the words change", async () => {
    const post = await createPost(alice, { image: elsewhere("a.jpg"), width: 1080, height: 1350 });
    const renamed = await call(alice, "PUT", `/posts/${post._id}`, { caption: "New words" });
    expect(renamed.json().post).toMatchObject({ width: 1080, height: 1350 });

    const replaced = await call(alice, "PUT", `/posts/${post._id}`, {
      image: elsewhere("b.jpg"),
      width: 1080,
      height: 566,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().post).toMatchObject({ image: elsewhere("b.jpg"), width: 1080, height: 566 });

    const unmeasured = await call(alice, "PUT", `/posts/${post._id}`, { image: elsewhere("c.jpg") });
    expect(unmeasured.json().post).toMatchObject({ width: null, height: null });
  });

  it("refuses a size without the media it measures with 400, and changes nothing", async () => {
    const post = await createPost(alice, { image: elsewhere("a.jpg"), width: 1080, height: 1350 });
    const response = await call(alice, "PUT", `/posts/${post._id}`, { width: 10, height: 10 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("A size is sent with the media it measures");
    const page = (await call(alice, "GET", `/posts/${post._id}`)).json().post;
    expect(page).toMatchObject({ width: 1080, height: 1350 });
  });
});
