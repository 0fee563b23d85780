import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsDir, serverRoot } from "../platform/paths.js";
import { createPglite } from "./pglite-options.js";

/**
 * A new embedded database starts from a dump of an empty, migrated one made at build time: creating a
 * PostgreSQL cluster inside WebAssembly takes several seconds, unpacking a made one a fraction of that.
 * The file is named by a hash of the migrations, so a template of other migrations is never used.
 */
export function pgliteTemplateFile(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrationsDir)
    .filter((file) => file.endsWith(".sql"))
    .sort())
    hash.update(name).update(readFileSync(join(migrationsDir, name)));
  return join(serverRoot, "dist", `pglite-template-${hash.digest("hex").slice(0, 12)}.tar.gz`);
}

/** The template for a new data folder, when the build made one for these migrations. */
export function readPgliteTemplate(): Blob | undefined {
  const file = pgliteTemplateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Makes the template (`npm run build` runs this after bundling). */
export async function writePgliteTemplate(): Promise<string> {
  const client = createPglite();
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    const dump = await client.dumpDataDir("gzip");
    const file = pgliteTemplateFile();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}
