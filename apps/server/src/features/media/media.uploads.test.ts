import { imageVariantUrl } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mediaUploads, users } from "../../db/schema.js";
import { announcement, factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { pngImage } from "../../test/media-fixtures.js";
import { NOT_YOUR_MEDIA } from "./media.policy.js";

/**
 * A member shares only the files they uploaded (media.policy): another member's photo, named by its
 * address, is refused in a post, a post's edit, a story, a highlight and an avatar, whichever of its
 * files the address names (403). An address of this host must name an upload (400): one of no known
 * upload (made up, or a file since removed) could never be shown. Other hosts' files pass.
 */
const built = await buildTestApp();
const { call, someone, upload } = factories(built);
/** The id a kept file's address names (its uuid). */
const mediaIdOf = (url: string) => /([0-9a-f-]{36})\.\w+$/.exec(url)?.[1] ?? "";

describe("sharing media by its address", () => {
  it("refuses another member's upload everywhere a media address is taken, with 403", async () => {
    const [maya, leo] = await Promise.all([someone("maya"), someone("leo")]);
    const { secure_url: mayas } = await upload(maya);
    const { secure_url: leos } = await upload(leo);
    const refusals = [
      await call(leo, "POST", "/posts", { image: mayas, caption: "mine now" }),
      await call(leo, "POST", "/posts", { image: imageVariantUrl(mayas, 160) }),
      await call(leo, "POST", "/stories", { url: mayas }),
      await call(leo, "POST", "/highlights", { name: "Hers", type: "image", src: mayas }),
      await call(leo, "PUT", "/profile/update", { avatar: mayas }),
    ];
    // However the address is written, the file it reaches is the one judged: refused, never posted.
    const [, id, extension] = /([0-9a-f-]{36})\.(\w+)$/.exec(mayas) ?? [];
    for (const spelling of [
      `/media/image/./${id}.${extension}`,
      `/media/video/../image/${id}.${extension}`,
      `http://localhost/media/image/${id}.${extension}`,
      `https://FLIK.example:443/media/image/${id?.toUpperCase()}.${extension}`,
    ]) {
      const response = await call(leo, "POST", "/posts", { image: spelling });
      expect([400, 403], `${spelling}: ${response.body}`).toContain(response.statusCode);
    }
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(NOT_YOUR_MEDIA);
    }

    const own = await call(leo, "POST", "/posts", { image: leos, caption: "mine" });
    expect(own.statusCode, own.body).toBe(201);
    const postId = own.json().post._id;
    const edited = await call(leo, "PUT", `/posts/${postId}`, { image: mayas });
    expect(edited.statusCode).toBe(403);
    // Leo's own photo again (an edit of the caption alone sends none) is his to keep.
    expect(
      (await call(leo, "PUT", `/posts/${postId}`, { caption: "still mine", image: leos })).statusCode,
    ).toBe(200);
    expect((await call(leo, "POST", "/stories", { url: leos })).statusCode).toBe(201);
    const highlight = await call(leo, "POST", "/highlights", { name: "Mine", type: "image", src: leos });
    expect(highlight.statusCode).toBe(201);
    const moved = await call(leo, "PUT", `/highlights/${highlight.json().highlight._id}`, {
      name: "Mine",
      src: mayas,
      type: "image",
    });
    expect(moved.statusCode, moved.body).toBe(403);
    expect((await call(leo, "PUT", "/profile/update", { avatar: leos })).statusCode).toBe(200);

    // Maya herself shares hers.
    expect((await call(maya, "POST", "/posts", { image: mayas })).statusCode).toBe(201);
  });

  it("counts an avatar sent as a data URL as its member's upload", async () => {
    const [ada, ben] = await Promise.all([someone("ada"), someone("ben")]);
    const dataUrl = `data:image/png;base64,${(await pngImage()).toString("base64")}`;
    const saved = await call(ada, "PUT", "/profile/update", { avatar: dataUrl });
    expect(saved.statusCode, saved.body).toBe(200);
    const avatar = (await call(ada, "GET", "/user")).json().user.avatar as string;
    expect(avatar).toMatch(/\/media\/image\//);

    for (const copied of [
      await call(ben, "PUT", "/profile/update", { avatar }),
      await call(ben, "POST", "/stories", { url: avatar }),
    ])
      expect(copied.statusCode).toBe(403);
    expect((await call(ada, "POST", "/stories", { url: avatar })).statusCode).toBe(201);
  });

  it("refuses a post, a post's edit or an avatar naming no upload of this host with 400, and changes nothing", async () => {
    const nora = await someone("nora");
    const { secure_url: noras } = await upload(nora);
    const post = await call(nora, "POST", "/posts", { image: noras, caption: "Mine" });
    expect(post.statusCode, post.body).toBe(201);
    const postUrl = `/posts/${post.json().post._id}`;
    expect((await call(nora, "PUT", "/profile/update", { avatar: noras })).statusCode).toBe(200);
    const [, id, extension] = /([0-9a-f-]{36})\.(\w+)$/.exec(noras) ?? [];
    const otherExtension = extension === "png" ? "jpg" : "png";
    for (const url of [
      "/media/image/00000000-0000-4000-8000-000000000000.jpg",
      "/media/video/00000000-0000-4000-8000-00000000abcd.mp4",
      "/media/image/x.jpg",
      // Her own upload's id under another kind or extension names no file: it would show broken, or
      // as a flick that cannot play.
      `/media/video/${id}.mp4`,
      `/media/image/${id}.${otherExtension}`,
      // Her own file, with what a reader of the address would take for more (a flick, by spec §2's rule).
      `${noras}#/video/`,
      `${noras}?v=/video/`,
    ]) {
      for (const [field, refused] of [
        ["image", await call(nora, "POST", "/posts", { image: url })],
        ["image", await call(nora, "PUT", postUrl, { image: url, caption: "Made up" })],
        ["avatar", await call(nora, "PUT", "/profile/update", { avatar: url })],
      ] as const) {
        expect(refused.statusCode, `${url}: ${refused.body}`).toBe(400);
        expect(refused.json()).toEqual({
          message: "Media must be the URL of an uploaded file",
          errors: [{ field, message: "Media must be the URL of an uploaded file" }],
        });
      }
    }
    expect((await call(nora, "GET", postUrl)).json().post).toMatchObject({ image: noras, caption: "Mine" });
    expect((await call(nora, "GET", "/user")).json().user.avatar).toBe(noras);
    // An avatar kept before uploaders were (no upload known), sent back with another field, stays hers.
    const legacy = "/media/image/00000000-0000-4000-8000-0000000000aa.jpg";
    const heard = announcement(built, `account:${nora.userId}`);
    await built.database.db.update(users).set({ avatar: legacy }).where(eq(users.id, nora.userId));
    await heard;
    const kept = await call(nora, "PUT", "/profile/update", { avatar: legacy, bio: "Hi" });
    expect(kept.statusCode, kept.body).toBe(200);
    // Other hosts' files pass.
    const outside = "https://res.cloudinary.com/demo/image/upload/v1/pier.jpg";
    expect((await call(nora, "POST", "/posts", { image: outside })).statusCode).toBe(201);
    expect((await call(nora, "PUT", "/profile/update", { avatar: outside })).statusCode).toBe(200);
  });

  it("refuses a story or highlight naming no upload of this host with 400, and another member's with 403", async () => {
    const [nina, omar] = await Promise.all([someone("nina"), someone("omar")]);
    const { secure_url: omars } = await upload(omar);
    const { secure_url: ninas } = await upload(nina);
    const made = await call(nina, "POST", "/highlights", { name: "Mine", type: "image", src: ninas });
    expect(made.statusCode, made.body).toBe(201);
    const highlight = `/highlights/${made.json().highlight._id}`;
    for (const url of [
      "/media/image/00000000-0000-0000-0000-000000000000.jpg",
      "/media/video/00000000-0000-0000-0000-00000000abcd.mp4",
      "/media/image/x.jpg",
    ]) {
      for (const refused of [
        await call(nina, "POST", "/stories", { url }),
        await call(nina, "POST", "/highlights", { name: "Made up", type: "image", src: url }),
        await call(nina, "PUT", highlight, { name: "Made up", type: "image", src: url }),
      ]) {
        expect(refused.statusCode, `${url}: ${refused.body}`).toBe(400);
        expect(refused.json().message).toBe("Media must be the URL of an uploaded file");
      }
    }
    expect((await call(nina, "POST", "/stories", { url: omars })).statusCode).toBe(403);
    expect((await call(nina, "POST", "/stories", { url: ninas })).statusCode).toBe(201);
  });

  it("takes a file kept before uploads were recorded: it has no uploader, and is not judged", async () => {
    const pia = await someone("pia");
    const { secure_url: old } = await upload(pia);
    // As a file uploaded before migration 0026: kept, with no record of who uploaded it.
    await built.database.db.delete(mediaUploads).where(eq(mediaUploads.mediaId, mediaIdOf(old)));
    const story = await call(pia, "POST", "/stories", { url: old });
    expect(story.statusCode, story.body).toBe(201);
    const highlight = await call(pia, "POST", "/highlights", { name: "Old one", type: "image", src: old });
    expect(highlight.statusCode, highlight.body).toBe(201);
  });
});
