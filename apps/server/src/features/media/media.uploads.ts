import { inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { mediaUploads } from "../../db/schema.js";
import type { Caller } from "../../platform/caller.js";
import { forbidden } from "../../platform/errors.js";
import { canShareMedia, NOT_YOUR_MEDIA } from "./media.policy.js";

export type MediaUploads = ReturnType<typeof createMediaUploads>;

/**
 * Who uploaded each kept file (schema `media_uploads`), recorded as the upload is answered and asked by
 * every service that takes a media URL (posts, stories, highlights, avatars) through media.policy.
 */
export function createMediaUploads(deps: { db: Db; mediaIdOf: (url: string) => string | null }) {
  const { db, mediaIdOf } = deps;
  return {
    /** The member uploaded the file `url` names. */
    async record(uploaderId: string, url: string): Promise<void> {
      const mediaId = mediaIdOf(url);
      if (mediaId) await db.insert(mediaUploads).values({ mediaId, uploaderId }).onConflictDoNothing();
    },

    /** Refuses with 403 when one of `urls` names a file another member uploaded; one query at most. */
    async checkShareable(caller: Caller, urls: (string | null | undefined)[]): Promise<void> {
      const ids = [...new Set(urls.map((url) => (url ? mediaIdOf(url) : null)).filter((id) => id !== null))];
      if (ids.length === 0) return;
      const rows = await db
        .select({ uploaderId: mediaUploads.uploaderId })
        .from(mediaUploads)
        .where(inArray(mediaUploads.mediaId, ids));
      if (rows.some((row) => !canShareMedia(caller.userId, row.uploaderId))) throw forbidden(NOT_YOUR_MEDIA);
    },
  };
}
