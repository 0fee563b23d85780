import { MEDIA_HOST_MESSAGE } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { highlights } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";

/**
 * Issue 20, item 5: with MEDIA_ORIGINS set, a post's, story's, highlight's or avatar's media must be the
 * built-in host's file (under any origin it gives URLs under) or the named external host's, so no post
 * carries a tracking pixel from anywhere else; the browser is told the same in the CSP.
 */
const built = await buildTestApp({
  publicUrl: "https://flik.example",
  media: { publicBase: "https://cdn.flik.example", otherOrigins: ["https://res.cloudinary.com/"] },
});
const { call, persona, createPost, upload } = factories(built);
const alice = await persona("alice");

const PIXEL = "https://tracker.example/pixel.gif";
const LOOK_ALIKE = "https://res.cloudinary.com@tracker.example/pixel.gif";

function expectRefused(
  response: { statusCode: number; json: () => { message: string } },
  message = MEDIA_HOST_MESSAGE,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(message);
}

describe("media only from the media host in use", () => {
  it("takes an upload's secure_url and the external host's URLs", async () => {
    const uploaded = await upload(alice);
    expect(uploaded.secure_url).toMatch(/^https:\/\/cdn\.flik\.example\/media\/image\//);
    for (const image of [
      uploaded.secure_url,
      uploaded.secure_url.replace("https://cdn.flik.example", "https://flik.example"),
      uploaded.secure_url.replace("https://cdn.flik.example", ""),
      "https://res.cloudinary.com/demo/video/upload/v1/clip.mp4",
    ]) {
      const response = await call(alice, "POST", "/posts", { image });
      expect(response.statusCode, image).toBe(201);
      expect(response.json().post.image).toBe(image);
    }
  });

  it.each([
    PIXEL,
    LOOK_ALIKE,
    "https://flik.example/api/user",
    "http://res.cloudinary.com/demo/a.jpg",
    // The built-in host's, but naming no file as written.
    "/media/image/%2e%2e/x.png",
    "/media/image//00000000-0000-4000-8000-000000000000.png",
  ])("refuses %s in a new post, and keeps nothing", async (image) => {
    const before = (await call(alice, "GET", `/profile/alice`)).json().posts.length;
    expectRefused(await call(alice, "POST", "/posts", { image, caption: "Look" }));
    expect((await call(alice, "GET", `/profile/alice`)).json().posts).toHaveLength(before);
  });

  it("refuses it in an edited post, which keeps its media", async () => {
    const post = await createPost(alice);
    expectRefused(await call(alice, "PUT", `/posts/${post._id}`, { image: PIXEL, caption: "Edited" }));
    const kept = (await call(alice, "GET", `/posts/${post._id}`)).json().post;
    expect(kept).toMatchObject({ image: post.image, caption: post.caption });
  });

  it("refuses it in a story, a highlight and an avatar", async () => {
    expectRefused(await call(alice, "POST", "/stories", { url: PIXEL }));
    expectRefused(
      await call(alice, "POST", "/highlights", { name: "Trips", type: "image", src: LOOK_ALIKE }),
    );
    expectRefused(await call(alice, "PUT", "/profile/update", { avatar: PIXEL }));
    const archive = (await call(alice, "GET", "/stories/archive")).json();
    expect(JSON.stringify(archive)).not.toContain("tracker.example");
    expect((await call(alice, "GET", "/user")).json().user.avatar).not.toBe(PIXEL);

    const story = await call(alice, "POST", "/stories", {
      url: "https://res.cloudinary.com/demo/image/upload/a.jpg",
    });
    expect(story.statusCode).toBe(201);
  });

  it("refuses a story or highlight naming no upload under any of this host's origins, with 400", async () => {
    const uploaded = await upload(alice);
    for (const url of [
      "https://flik.example/media/image/00000000-0000-0000-0000-000000000000.jpg",
      "https://cdn.flik.example/media/video/00000000-0000-0000-0000-00000000abcd.mp4",
      "https://cdn.flik.example/media/image/x.jpg",
      // However its origin is written.
      "HTTPS://FLIK.EXAMPLE:443/media/image/00000000-0000-0000-0000-000000000000.jpg",
    ]) {
      expectRefused(
        await call(alice, "POST", "/stories", { url }),
        "Media must be the URL of an uploaded file",
      );
      expectRefused(
        await call(alice, "POST", "/highlights", { name: "Trips", type: "image", src: url }),
        "Media must be the URL of an uploaded file",
      );
    }
    // The same upload named under the app's own origin is still the upload.
    const url = uploaded.secure_url.replace("https://cdn.flik.example", "https://flik.example");
    expect((await call(alice, "POST", "/stories", { url })).statusCode).toBe(201);
  });

  it("refuses it in an edited highlight, and renames one whose media came from elsewhere before", async () => {
    const made = await call(alice, "POST", "/highlights", {
      name: "Old",
      type: "image",
      src: (await upload(alice)).secure_url,
    });
    expect(made.statusCode).toBe(201);
    const { _id } = made.json().highlight;
    expectRefused(await call(alice, "PUT", `/highlights/${_id}`, { name: "Old", type: "image", src: PIXEL }));

    // Media chosen before the rule: a rename does not send it again, and keeps it.
    await built.database.db.update(highlights).set({ src: PIXEL }).where(eq(highlights.id, _id));
    const renamed = await call(alice, "PUT", `/highlights/${_id}`, { name: "Older" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().highlight).toMatchObject({ name: "Older", type: "image", src: PIXEL });
    const half = await call(alice, "PUT", `/highlights/${_id}`, { name: "Older", type: "video" });
    expectRefused(half, "Send the highlight's type and src together");
  });

  it("tells the browser to load media from those hosts only", async () => {
    const csp = String((await call(alice, "GET", "/user")).headers["content-security-policy"]);
    const sources = (directive: string) =>
      csp
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .find(([name]) => name === directive)
        ?.slice(1);
    const expected = [
      "'self'",
      "https://cdn.flik.example/media/",
      "https://flik.example/media/",
      "https://res.cloudinary.com/",
    ];
    expect(sources("img-src")).toEqual(expect.arrayContaining([...expected, "data:", "blob:"]));
    expect(sources("media-src")).toEqual(expect.arrayContaining([...expected, "blob:"]));
    expect(sources("img-src")).not.toContain("https:");
    expect(sources("media-src")).not.toContain("https:");
  });
});

describe("media from any host (MEDIA_ORIGINS unset)", async () => {
  const open = await buildTestApp();
  const { call: callOpen, persona: personaOpen } = factories(open);
  const bob = await personaOpen("bob");

  it("takes another host's media, as spec §1's external media host gives it", async () => {
    const response = await callOpen(bob, "POST", "/posts", { image: "https://cdn.example.com/a.jpg" });
    expect(response.statusCode).toBe(201);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
  });
});
