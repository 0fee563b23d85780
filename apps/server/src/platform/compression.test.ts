import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { factories } from "../test/factories.js";
import { buildTestApp } from "../test/helper.js";
import { videoFixture } from "../test/media-fixtures.js";
import { tempDir } from "../test/temp-dir.js";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression.js";

const CHROME_ACCEPTS = "gzip, deflate, br, zstd";

// A build as apps/web/build/precompress.ts leaves it: each text file with its .br and .gz beside it.
const webDist = tempDir("web");
const script = Buffer.from(
  Array.from({ length: 400 }, (_, index) => `export const answer${index} = ${index} * 2;`).join("\n"),
);
const page = Buffer.from("<!doctype html><title>Flik</title><div id=root></div>");
mkdirSync(join(webDist, "assets"));
for (const [path, bytes] of [
  [join(webDist, "assets", "index-abc123.js"), script],
  [join(webDist, "index.html"), page],
] as const) {
  writeFileSync(path, bytes);
  writeFileSync(`${path}.br`, brotliCompressSync(bytes));
  writeFileSync(`${path}.gz`, gzipSync(bytes));
}
// A file the build did not compress (as it does not when compressing would not make it smaller).
writeFileSync(join(webDist, "assets", "plain-def456.js"), script);

const built = await buildTestApp({ webDist });
const { app } = built;
const { persona, createPost, upload, uploadForm, whenVideoProcessed } = factories(built);
const alice = await persona("alice");

describe("the built web app", () => {
  it("sends a script's brotli file to a browser that accepts brotli, and its gzip file to one that accepts only gzip", async () => {
    const brotli = await app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": CHROME_ACCEPTS },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).equals(script)).toBe(true);

    const gzip = await app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).equals(script)).toBe(true);
  });

  it("sends the script as it is to a client that accepts no encoding, and a file without variants as it is", async () => {
    const plain = await app.inject({ url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);

    const withoutVariants = await app.inject({
      url: "/assets/plain-def456.js",
      headers: { "accept-encoding": CHROME_ACCEPTS },
    });
    expect(withoutVariants.statusCode).toBe(200);
    expect(withoutVariants.headers["content-encoding"]).toBeUndefined();
    expect(withoutVariants.rawPayload.equals(script)).toBe(true);
  });

  it("sends the page of every app path compressed, still never cached", async () => {
    for (const url of ["/", "/login", "/profile/maya.travels"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": CHROME_ACCEPTS } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).equals(page)).toBe(true);
    }
  });
});

describe("the API's answers", () => {
  it("compresses a large JSON answer with gzip for a client that asks, to the same JSON", async () => {
    for (let index = 0; index < 12; index++)
      await createPost(alice, {
        caption: `Day ${index} at the pier: ${"golden light on the water ".repeat(8)}`,
      });
    const url = "/api/posts?limit=20";
    const plain = await app.inject({ url, headers: alice.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 4);

    for (const accepted of [CHROME_ACCEPTS, "gzip"]) {
      const gzip = await app.inject({ url, headers: { ...alice.headers, "accept-encoding": accepted } });
      expect(gzip.statusCode).toBe(200);
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers["content-type"]).toMatch(/^application\/json/);
      expect(gzip.headers.vary).toContain("accept-encoding");
      expect(Number(gzip.headers["content-length"])).toBe(gzip.rawPayload.length);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it("sends a small answer as it is, whatever the client accepts", async () => {
    const response = await app.inject({
      url: "/api/messages/unread-count",
      headers: { ...alice.headers, "accept-encoding": CHROME_ACCEPTS },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual(expect.any(Object));
  });

  it("answers a client that takes only brotli, zstd or deflate as it is", async () => {
    const response = await app.inject({
      url: "/api/posts?limit=20",
      headers: { ...alice.headers, "accept-encoding": "br, zstd, deflate" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });
});

describe("uploaded media", () => {
  it("serves a video's byte ranges as they are, to a browser that accepts compression", async () => {
    const response = await uploadForm(alice, "video", {
      file: { bytes: await videoFixture("index-last-mp4", 1, "160x90"), name: "clip.mp4", type: "video/mp4" },
      upload_preset: "flik",
    });
    const { secure_url: url } = response.json();
    await whenVideoProcessed(alice, url);
    const kept = (await app.inject({ url })).rawPayload;

    const part = await app.inject({
      url,
      headers: { range: "bytes=4-11", "accept-encoding": CHROME_ACCEPTS },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.headers["content-range"]).toBe(`bytes 4-11/${kept.length}`);
    expect(part.body).toBe("ftypisom");

    const whole = await app.inject({ url, headers: { "accept-encoding": CHROME_ACCEPTS } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.rawPayload.equals(kept)).toBe(true);
  });

  it("serves an image, compressed already, as it is", async () => {
    const { secure_url: url, bytes } = await upload(alice);
    const response = await app.inject({ url, headers: { "accept-encoding": CHROME_ACCEPTS } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.rawPayload.length).toBe(bytes);
  });
});
