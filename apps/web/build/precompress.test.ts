import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressFolder } from "./precompress";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function builtFolder(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), "flik-precompress-"));
  folders.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

describe("precompressFolder", () => {
  it("writes a brotli and a gzip file beside every script, style and page, each decoding to the file", async () => {
    const script = "export const greeting = 'hello';\n".repeat(200);
    const dir = builtFolder({
      "index.html": `<!doctype html><title>Flik</title>${"<div></div>".repeat(50)}`,
      "assets/index-abc.js": script,
      "assets/index-abc.css": "body { margin: 0; }\n".repeat(100),
      "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${"<rect/>".repeat(40)}</svg>`,
    });
    await precompressFolder(dir);
    for (const name of ["index.html", "assets/index-abc.js", "assets/index-abc.css", "favicon.svg"]) {
      const original = readFileSync(join(dir, name));
      const brotli = readFileSync(join(dir, `${name}.br`));
      const gzip = readFileSync(join(dir, `${name}.gz`));
      expect(brotli.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(brotli).equals(original)).toBe(true);
      expect(gunzipSync(gzip).equals(original)).toBe(true);
    }
  });

  it("leaves images alone, and writes no variant that would not be smaller", async () => {
    const dir = builtFolder({
      "assets/photo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      "assets/tiny.js": "x",
    });
    await precompressFolder(dir);
    expect(existsSync(join(dir, "assets/photo.png.br"))).toBe(false);
    expect(existsSync(join(dir, "assets/tiny.js.br"))).toBe(false);
    expect(existsSync(join(dir, "assets/tiny.js.gz"))).toBe(false);
  });
});
