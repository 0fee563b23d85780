import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { mp4Header, photoWithGps, pngImage, videoFixture } from "../../test/media-fixtures.js";
import { tempDir } from "../../test/temp-dir.js";

const mediaDir = tempDir("media");
const built = await buildTestApp({
  media: { dir: mediaDir, preset: "flik", imageMaxBytes: 200_000, videoMaxBytes: 50_000 },
});
const { app } = built;
const { persona, uploadForm, upload, whenVideoProcessed } = factories(built);
const alice = await persona("alice");

describe("POST /api/media/image/upload", () => {
  it("keeps an image, stripped of its metadata, and answers like the media host protocol says", async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await uploadForm(alice, "image", {
      file: { bytes: photo, name: "holiday.jpg", type: "image/jpeg" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      secure_url: expect.stringMatching(/^\/media\/image\/[0-9a-f-]{36}\.jpg$/),
      public_id: expect.stringMatching(/^image\//),
      resource_type: "image",
      format: "jpg",
      bytes: expect.any(Number),
      width: 64,
      height: 48,
    });

    const served = await app.inject({ url: answer.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it("takes the type from the bytes, not from the name the browser gave", async () => {
    const response = await uploadForm(alice, "image", {
      file: { bytes: await pngImage(), name: "looks-like.jpg", type: "image/jpeg" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().format).toBe("png");
  });

  it("refuses a page disguised as an image with 415", async () => {
    const response = await uploadForm(alice, "image", {
      file: {
        bytes: Buffer.from("<html><script>alert(1)</script></html>"),
        name: "cat.jpg",
        type: "image/jpeg",
      },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: "This file is not a JPEG, PNG, GIF or WebP image." });
  });

  it("refuses an empty file with 400, saying it is empty, on either endpoint", async () => {
    for (const kind of ["image", "video"] as const) {
      const response = await uploadForm(alice, kind, {
        file: { bytes: Buffer.alloc(0), name: kind === "image" ? "cat.jpg" : "clip.mp4", type: "image/jpeg" },
        upload_preset: "flik",
      });
      expect(response.statusCode, kind).toBe(400);
      expect(response.json().message).toBe("This file is empty.");
    }
  });

  it("refuses a video on the image endpoint with 415", async () => {
    const response = await uploadForm(alice, "image", {
      file: { bytes: mp4Header(), name: "clip.mp4", type: "video/mp4" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses an image over the size cap with 413", async () => {
    const big = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#000" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(200_000);
    const response = await uploadForm(alice, "image", {
      file: { bytes: big, name: "big.png", type: "image/png" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });

  it.each([
    ["a missing preset", {}, 400, "upload_preset is required"],
    ["a wrong preset", { upload_preset: "other" }, 400, "Unknown upload preset"],
  ])("refuses %s", async (_case, fields, status, message) => {
    const response = await uploadForm(alice, "image", {
      file: { bytes: await pngImage(), name: "a.png", type: "image/png" },
      ...fields,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
  });

  it("refuses a request without a file", async () => {
    const response = await uploadForm(alice, "image", { upload_preset: "flik" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "file is required" });
  });

  it("refuses a body that is not multipart with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/media/image/upload",
      headers: alice.headers,
      payload: { file: "x", upload_preset: "flik" },
    });
    expect(response.statusCode).toBe(415);
  });

  it("refuses an upload without a token with 401, and keeps nothing", async () => {
    const before = readdirSync(join(mediaDir, "image")).length;
    const response = await uploadForm(null, "image", {
      file: { bytes: await pngImage(), name: "a.png", type: "image/png" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(401);
    expect(readdirSync(join(mediaDir, "image")).length).toBe(before);
  });

  it("leaves no temporary files behind", async () => {
    await upload(alice);
    const refused = await uploadForm(alice, "image", {
      file: { bytes: Buffer.from("<html></html>"), name: "page.jpg", type: "image/jpeg" },
      upload_preset: "flik",
    });
    expect(refused.statusCode).toBe(415);
    expect(readdirSync(join(mediaDir, "incoming"))).toEqual([]);
  });
});

describe("POST /api/media/video/upload", () => {
  it("keeps an MP4 and serves it with Range requests", async () => {
    const clip = await videoFixture("index-last-mp4", 1, "160x90");
    const response = await uploadForm(alice, "video", {
      file: { bytes: clip, name: "clip.mp4", type: "video/mp4" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ resource_type: "video", format: "mp4", bytes: clip.length });
    expect(answer.secure_url).toMatch(/^\/media\/video\/[0-9a-f-]{36}\.mp4$/);

    const part = await app.inject({ url: answer.secure_url, headers: { range: "bytes=4-11" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-type"]).toBe("video/mp4");
    expect(part.body).toBe("ftypisom");
    // Its transcoding works in the folder the other tests (in random order) check for leftovers.
    expect((await whenVideoProcessed(alice, answer.secure_url)).status).toBe("ready");
  });

  it("refuses a video over its cap with 413", async () => {
    const response = await uploadForm(alice, "video", {
      file: {
        bytes: Buffer.concat([mp4Header(), Buffer.alloc(60_000)]),
        name: "long.mp4",
        type: "video/mp4",
      },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("This file is too large: videos can be up to 48 KB.");
  });

  it("refuses an image on the video endpoint", async () => {
    const response = await uploadForm(alice, "video", {
      file: { bytes: await pngImage(), name: "a.png", type: "image/png" },
      upload_preset: "flik",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: "This file is not an MP4, MOV or WebM video." });
  });
});

describe("a broken multipart body on either upload route", () => {
  const fileHead = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png';
  const presetPart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="upload_preset"\r\n\r\nflik\r\n`;
  const fields = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    );
  const longBoundary = "b".repeat(300);

  // Each of these was a 500 before: only a file over the cap was mapped.
  it.each([
    ["no boundary", "multipart/form-data", "whatever", 400],
    ["a body that is not multipart at all", "multipart/form-data; boundary=b", "garbage", 400],
    [
      "a file cut off mid-way",
      "multipart/form-data; boundary=b",
      `${presetPart("b")}--b\r\n${fileHead}\r\n\r\n\x89PNG`,
      400,
    ],
    ["a part header cut off", "multipart/form-data; boundary=b", "--b\r\nContent-Dispos", 400],
    ["a boundary too long", `multipart/form-data; boundary=${longBoundary}`, presetPart(longBoundary), 400],
    [
      "a field named like a prototype property",
      "multipart/form-data; boundary=b",
      `--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--\r\n`,
      400,
    ],
    ["too many fields", "multipart/form-data; boundary=b", `${fields(12).join("")}--b--\r\n`, 413],
    [
      "two files",
      "multipart/form-data; boundary=b",
      `--b\r\n${fileHead}\r\n\r\nx\r\n--b\r\n${fileHead}\r\n\r\ny\r\n--b--\r\n`,
      413,
    ],
  ])("answers %s with a 4xx and a message", async (_case, contentType, body, status) => {
    for (const kind of ["image", "video"]) {
      const response = await app.inject({
        method: "POST",
        url: `/api/media/${kind}/upload`,
        headers: { ...alice.headers, "content-type": contentType },
        payload: body,
      });
      expect(response.statusCode, kind).toBe(status);
      expect(response.json().message, kind).toMatch(
        status === 413 ? /^This form has too many parts/ : /^The upload is not valid multipart\/form-data: /,
      );
      // Every 400 names its field (spec §10): here the body, which could not be read.
      if (status === 400)
        expect(response.json().errors, kind).toEqual([{ field: "body", message: response.json().message }]);
    }
    const incoming = join(mediaDir, "incoming");
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
  });
});

describe("GET /media/...", () => {
  it("answers a JSON 404 for files that do not exist, and never serves upload leftovers", async () => {
    for (const url of ["/media/image/nope.jpg", "/media/incoming/x", "/media/../package.json"]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
    }
  });
});
