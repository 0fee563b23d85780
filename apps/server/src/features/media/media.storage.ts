import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";

/**
 * Where the media host keeps its files (issue 20): one interface, two implementations, the data folder
 * (default) and an S3-compatible bucket (`media.storage-s3.ts`). Keys are paths under the media root:
 * `image/<name>` and `video/<name>` are served at `/media/<key>`; `video-sources/<name>` (a video as
 * it was sent, and how its transcoding goes) never is.
 *
 * Work on a file (decoding, transcoding) happens on the local disk, in `incoming/`; a finished file is
 * then `put` under its key whole, so a reader sees the old object or the new one, never a part.
 */
export interface MediaStorage {
  readonly kind: "folder" | "s3";
  /** Stores the local file `path` as `key` and removes `path` (a rename in the folder). */
  putFile(key: string, path: string, options: StoredObjectOptions): Promise<void>;
  putBytes(key: string, bytes: Buffer, options: StoredObjectOptions): Promise<void>;
  /** Stores the object `from` under the key `to` as well (the folder links it; a bucket copies it). */
  copy(from: string, to: string, options: StoredObjectOptions): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A whole small object (a record, an image's header); null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /**
   * Runs `work` with a local path holding the object: the file itself in the folder, a copy fetched
   * from a bucket (removed after). Null, without running `work`, when there is no such object.
   */
  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T | null>;
  /** Removes these objects; keys that are not there are no error. */
  remove(keys: readonly string[]): Promise<void>;
}

export interface StoredObjectOptions {
  contentType: string;
  /** How long browsers and CDNs may keep it; the folder's server decides it when it serves. */
  cacheControl?: string;
}

/** Cached for a year and never asked again: every kept file's name is new, and its bytes never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** A video served as it was sent, to be replaced at the same URL once transcoded. */
export const REVALIDATE = "no-cache";

/** A local file, readable, and its size: what a bucket upload streams. */
export async function localFile(path: string): Promise<{ body: Readable; size: number }> {
  const { size } = await stat(path);
  return { body: createReadStream(path), size };
}

/** The data folder: `$DATA_DIR/media/<key>`. */
export function createFolderStorage(root: string): MediaStorage & { pathOf(key: string): string } {
  const pathOf = (key: string) => join(root, key);
  const exists = (key: string) =>
    access(pathOf(key)).then(
      () => true,
      () => false,
    );
  const ensureFolder = (key: string) => mkdir(dirname(pathOf(key)), { recursive: true });

  return {
    kind: "folder",
    pathOf,
    async putFile(key, path) {
      await ensureFolder(key);
      await rename(path, pathOf(key)).catch(async (error: NodeJS.ErrnoException) => {
        // Another device (a data folder on its own disk): copy, then swap in by rename.
        if (error.code !== "EXDEV") throw error;
        const partial = `${pathOf(key)}.${randomUUID()}.partial`;
        await copyFile(path, partial);
        await rename(partial, pathOf(key));
        await rm(path, { force: true });
      });
    },
    async putBytes(key, bytes) {
      await ensureFolder(key);
      const partial = `${pathOf(key)}.${randomUUID()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, pathOf(key));
    },
    async copy(from, to) {
      await ensureFolder(to);
      await link(pathOf(from), pathOf(to)).catch(() => copyFile(pathOf(from), pathOf(to)));
    },
    exists,
    read: (key) => readFile(pathOf(key)).catch(() => null),
    async withLocalFile(key, work) {
      if (!(await exists(key))) return null;
      return work(pathOf(key));
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
