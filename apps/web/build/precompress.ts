import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Logger, Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; images, fonts and video are compressed already. */
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".webmanifest",
]);

/**
 * Writes `file.br` and `file.gz` beside every text file of `dir` (recursively), at the formats' best
 * settings: done once at build time, so the server (@fastify/static's `preCompressed`) sends them
 * without compressing anything per request. A variant that would not be smaller is not written.
 */
export async function precompressFolder(dir: string): Promise<{ file: string; br?: number; gz?: number }[]> {
  const files = (await readdir(dir, { recursive: true })).filter((name) =>
    COMPRESSIBLE.has(extname(name).toLowerCase()),
  );
  return Promise.all(
    files.map(async (name) => {
      const path = join(dir, name);
      if (!(await stat(path)).isFile()) return { file: name };
      const source = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const written: { file: string; br?: number; gz?: number } = { file: name };
      if (br.length < source.length) {
        await writeFile(`${path}.br`, br);
        written.br = br.length;
      }
      if (gz.length < source.length) {
        await writeFile(`${path}.gz`, gz);
        written.gz = gz.length;
      }
      return written;
    }),
  );
}

/** Vite plugin: precompresses the build's output once it is written. */
export function precompress(): Plugin {
  let outDir = "dist";
  let logger: Logger | undefined;
  return {
    name: "flik-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const written = await precompressFolder(outDir);
      const variants = written.filter((entry) => entry.br !== undefined || entry.gz !== undefined).length;
      logger?.info(`precompressed ${variants} files (.br and .gz)`);
    },
  };
}
