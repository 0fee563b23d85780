import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder. Found by walking up from this module because the same code runs from
 * `src/` (tests, dev) and from the one-file bundle in `dist/`.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "drizzle", "meta", "_journal.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Cannot find the server's migrations folder (drizzle/)");
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const migrationsDir = join(serverRoot, "drizzle");
export const defaultWebDist = join(serverRoot, "..", "web", "dist");
/** `./data` of the repository, whichever folder the server is started from. */
export const defaultDataDir = join(serverRoot, "..", "..", "data");
