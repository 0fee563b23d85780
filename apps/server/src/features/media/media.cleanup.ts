import { and, asc, inArray, lte, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import { highlights, mediaCleanup, mediaUploads, posts, stories, users } from "../../db/schema.js";
import type { JobQueue, Jobs } from "../../platform/jobs.js";
import type { KeptFile, MediaService } from "./media.service.js";

/** How long an upload may wait to be posted (a composer left open, a story being made) before it goes. */
export const UNUSED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;
/** Files checked per statement; a backlog (a member with thousands of posts deleted) goes in steps. */
const CHECKED_PER_STEP = 200;
/** When a file the storage refused to remove is tried again. */
const RETRY_REFUSED_MS = 60 * 60 * 1000;
/** Files removed at once from the storage. */
const REMOVED_AT_ONCE = 8;

/**
 * The media cleanup (issue 20): every minute, the kept files whose check is due (`media_cleanup`) and
 * that no post, story, highlight or avatar names are removed with their variants, posters and sources.
 * A deleted post's file is gone within the minute; an upload never posted, a day after it was made.
 * Work files a crash left in the local work folder go a day after they were last written.
 * Idempotent: a file already gone is no error, and a run that failed half way leaves its rows to the
 * next.
 */
export const mediaCleanupQueue: JobQueue<Record<string, never>> = {
  name: "media-cleanup",
  policy: "stately",
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  cron: "* * * * *",
};

/** Adds a file just kept, to be removed if nothing names it by `dueAt`. */
export async function awaitUse(db: Db, url: string, dueAt: Date) {
  await db.insert(mediaCleanup).values({ url, dueAt }).onConflictDoNothing();
}

/**
 * Of these URLs, those a post, story, highlight or avatar names: for each column, a semi-join of the
 * URLs with its hash index (one probe a URL, stopping at the first row), the four answers united.
 */
async function namedOf(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = sql`(values ${sql.join(
    urls.map((url) => sql`(${url})`),
    sql`, `,
  )}) as u(url)`;
  const namedBy = (table: PgTable, column: PgColumn, also = sql``) =>
    sql`select u.url from ${list} where exists (select 1 from ${table} where ${column} = u.url ${also})`;
  const rows = await db.select({ url: sql<string>`named.url` }).from(sql`(
    ${namedBy(posts, posts.image)}
    union ${namedBy(stories, stories.mediaUrl)}
    union ${namedBy(highlights, highlights.src)}
    union ${namedBy(users, users.avatar, sql`and ${users.avatar} <> ''`)}
  ) as named`);
  return new Set(rows.map((row) => row.url));
}

export function registerMediaCleanup(deps: {
  db: Db;
  jobs: Jobs;
  media: MediaService;
  log: FastifyBaseLogger;
}) {
  const { db, media, log } = deps;

  /** Removes the files, a few at once; answers the URLs of those the storage refused. */
  async function removeAll(files: { url: string; file: KeptFile }[]): Promise<string[]> {
    const refused: string[] = [];
    for (let start = 0; start < files.length; start += REMOVED_AT_ONCE) {
      await Promise.all(
        files.slice(start, start + REMOVED_AT_ONCE).map(({ url, file }) =>
          media.remove(file).catch((error: unknown) => {
            log.warn({ err: error, url }, "a media file could not be removed; tried again later");
            refused.push(url);
          }),
        ),
      );
    }
    return refused;
  }

  deps.jobs.define(mediaCleanupQueue, async (_data, { now }) => {
    let removed = 0;
    for (;;) {
      const due = await db
        .select({ url: mediaCleanup.url })
        .from(mediaCleanup)
        .where(lte(mediaCleanup.dueAt, now))
        .orderBy(asc(mediaCleanup.dueAt))
        .limit(CHECKED_PER_STEP);
      if (due.length === 0) break;
      const urls = due.map((row) => row.url);
      const files = urls.flatMap((url) => {
        const file = media.keptFileOf(url);
        return file ? [{ url, file }] : [];
      });
      // A file is still in use when any of its URLs (its host's origins) is named.
      const named = await namedOf(db, [...new Set(files.flatMap(({ file }) => media.urlsOf(file)))]);
      const unused = files.filter(({ file }) => !media.urlsOf(file).some((url) => named.has(url)));
      const refused = await removeAll(unused);
      removed += unused.length - refused.length;
      // Who uploaded a file goes with it (media.uploads).
      const gone = unused.filter(({ url }) => !refused.includes(url)).map(({ file }) => file.id);
      if (gone.length > 0) await db.delete(mediaUploads).where(inArray(mediaUploads.mediaId, gone));
      // A file the storage refused waits an hour, so it never holds up those due after it.
      if (refused.length > 0) {
        await db
          .update(mediaCleanup)
          .set({ dueAt: new Date(now.getTime() + RETRY_REFUSED_MS) })
          .where(and(inArray(mediaCleanup.url, refused), lte(mediaCleanup.dueAt, now)));
      }
      // A row made due again later (the same URL let go of once more) stays for its own turn.
      await db.delete(mediaCleanup).where(and(inArray(mediaCleanup.url, urls), lte(mediaCleanup.dueAt, now)));
      if (due.length < CHECKED_PER_STEP) break;
    }
    const workFiles = await media.sweepWorkFiles(new Date(now.getTime() - UNUSED_UPLOAD_KEPT_MS));
    if (removed > 0 || workFiles > 0) log.info({ removed, workFiles }, "unused media files removed");
  });
}
