import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DOCUMENT_ONLY_HEADERS } from "../platform/security.js";
import { buildTestApp } from "../test/helper.js";
import { tempDir } from "../test/temp-dir.js";

/**
 * The web app's build is listed once as the server starts, but `apps/web/dist` may be built again while
 * it runs: a page then names files the list does not hold, which are found on disk (only inside the
 * build, only a file's plain name), precompressed and cached as every built file is.
 */
const root = tempDir("web-rebuilt");
const webDist = join(root, "dist");
// What no request may reach: beside the build, not in it.
writeFileSync(join(root, "secret.txt"), "not yours");

/** Writes a built text file with its .br and .gz beside it, as apps/web/build/precompress.ts does. */
function writeBuilt(path: string, text: string) {
  const full = join(webDist, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  writeFileSync(`${full}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${full}.gz`, gzipSync(Buffer.from(text)));
}

const page = (script: string) =>
  `<!doctype html><title>Flik</title><script type=module src="/assets/${script}"></script><div id=root></div>`;
writeBuilt("index.html", page("index-old111.js"));
writeBuilt("assets/index-old111.js", "console.log('old')");
// In both builds: served by the route listed at the start.
writeBuilt("assets/index-kept444.css", "body{margin:0}");

const { app } = await buildTestApp({ webDist });

// Built again after the server listed the build: Vite empties the folder and writes the new names.
rmSync(webDist, { recursive: true });
writeBuilt("index.html", page("index-new222.js"));
writeBuilt("assets/index-new222.js", "console.log('new')");
writeBuilt("assets/index-kept444.css", "body{margin:0}");
writeFileSync(join(webDist, "assets", "logo-new333.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
writeBuilt("robots.txt", "User-agent: *");
writeFileSync(join(webDist, ".env"), "SECRET=1");
mkdirSync(join(webDist, "assets", "nested"));
writeFileSync(join(webDist, "assets", "nested", "deep.js"), "console.log('deep')");

describe("the web app built again while the server runs", () => {
  it("serves the new index.html, and the new files it names, with their cache headers", async () => {
    const index = await app.inject({ url: "/feed" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.body).toContain("/assets/index-new222.js");

    const script = await app.inject({ url: "/assets/index-new222.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.body).toBe("console.log('new')");

    const picture = await app.inject({ url: "/assets/logo-new333.svg" });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toMatch(/^image\/svg\+xml/);

    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["cache-control"]).toBe("no-cache");
  });

  it("sends a new file precompressed to a browser that takes it, varying on accept-encoding", async () => {
    const url = "/assets/index-new222.js";
    const brotli = await app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe("console.log('new')");

    const gzip = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends a script or a stylesheet without the headers only a document heeds, a page and an SVG with them", async () => {
    const kept = ["x-content-type-options", "cross-origin-resource-policy", "strict-transport-security"];
    for (const url of ["/assets/index-new222.js", "/assets/index-kept444.css"]) {
      for (const encoding of ["br", "identity"]) {
        const response = await app.inject({ url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode, url).toBe(200);
        for (const name of DOCUMENT_ONLY_HEADERS)
          expect(response.headers[name], `${url} ${name}`).toBeUndefined();
        for (const name of kept) expect(response.headers[name], `${url} ${name}`).toBeDefined();
      }
    }
    for (const url of ["/feed", "/assets/logo-new333.svg"]) {
      const response = await app.inject({ url });
      expect(response.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      for (const name of kept) expect(response.headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it("answers a HEAD for a new file as its GET, without the body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/assets/index-new222.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toBe("");
  });

  it("answers a file the new build no longer has with the JSON 404", async () => {
    const response = await app.inject({ url: "/assets/index-old111.js" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found: GET /assets/index-old111.js" });
  });

  it("finds nothing outside the build, no dotfile and nothing but a file's plain name", async () => {
    for (const url of [
      "/assets/../secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "/.env",
      "/assets/.%2e/.env",
      "/assets/nested/deep.js",
      "/assets/nested%2fdeep.js",
      "/assets/index-new222.js%00.txt",
      `/assets/${"a".repeat(300)}.js`,
    ]) {
      const response = await app.inject({ url });
      expect(response.body, url).not.toMatch(/not yours|SECRET=1|console\.log/);
      // A file's path is a JSON 404; any other path is a page of the app (/.env), never the file.
      if (response.statusCode === 200) expect(response.body, url).toContain("<div id=root>");
      else expect(response.json(), url).toEqual({ message: expect.stringContaining("Not found") });
    }
  });

  it("does not serve a new file to a method other than GET or HEAD", async () => {
    const response = await app.inject({ method: "POST", url: "/assets/index-new222.js" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Not found: POST /assets/index-new222.js" });
  });

  it("gives a page whose address is not valid URL encoding the app (its 404 page), not the API's JSON", async () => {
    for (const url of ["/profile/%ED%A0%80", "/profile/%FF", "/post/%ED%A0%80", "/%C0%AF"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(response.body, url).toContain("/assets/index-new222.js");
    }
    // The API, a form's POST and a file keep the router's refusal.
    for (const [method, url] of [
      ["GET", "/api/posts/%FF"],
      ["POST", "/profile/%FF"],
      ["GET", "/assets/%FF.js"],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ message: "That address is not valid." });
    }
  });
});
