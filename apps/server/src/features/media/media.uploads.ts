import type { MediaHosts } from "@flik/shared";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { mediaUploads } from "../../db/schema.js";
import type { Caller } from "../../platform/caller.js";
import { forbidden, invalidField } from "../../platform/errors.js";
import { canShareMedia, NOT_YOUR_MEDIA } from "./media.policy.js";

export type MediaUploads = ReturnType<typeof createMediaUploads>;

/** Why an address of this host that names no upload is refused: the words of the shared media URL rule. */
export const NOT_AN_UPLOAD = "Media must be the URL of an uploaded file";

/**
 * Who uploaded each kept file (schema `media_uploads`), recorded as the upload is answered and asked by
 * every service that takes a media URL (posts, stories, highlights, avatars) through media.policy.
 */
export function createMediaUploads(deps: {
  db: Db;
  mediaIdOf: (url: string) => string | null;
  hosts: Pick<MediaHosts, "ownBases">;
  /** Why the file `url` names is not one this host keeps (media.service), or null when it is. */
  whyNotKept: (url: string) => Promise<string | null>;
}) {
  const { db, mediaIdOf, hosts, whyNotKept } = deps;

  /**
   * A `/media/` address of this host, relative or under one of its origins (not another host's file),
   * however its origin is written (`HTTPS://FLIK.EXAMPLE:443` is `https://flik.example`).
   */
  const isOwnAddress = (url: string) => {
    const written = URL.canParse(url) ? new URL(url).href : url;
    return (
      written.startsWith("/media/") || hosts.ownBases.some((base) => written.startsWith(`${base}/media/`))
    );
  };

  /**
   * Nothing after the file's path but a media fragment (`#t=0.1`). A query or another fragment names no
   * other file, but would be stored and shown as written, and could mislead a reader of the address
   * (spec §2 tells a flick by "/video/" in it: `…/image/x.jpg#/video/`).
   */
  const namesTheFileAlone = (url: string) => /^[^?#]*(#t=[\w.,:]*)?$/.test(url);

  /** Who uploaded each of the files `ids` name (one query); a file of no known upload is left out. */
  async function uploadersOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ mediaId: mediaUploads.mediaId, uploaderId: mediaUploads.uploaderId })
      .from(mediaUploads)
      .where(inArray(mediaUploads.mediaId, ids));
    return new Map(rows.map((row) => [row.mediaId, row.uploaderId]));
  }

  return {
    /** The member uploaded the file `url` names. */
    async record(uploaderId: string, url: string): Promise<void> {
      const mediaId = mediaIdOf(url);
      if (mediaId) await db.insert(mediaUploads).values({ mediaId, uploaderId }).onConflictDoNothing();
    },

    /**
     * What every service that takes a media URL (posts, stories, highlights, avatars) asks of it: an
     * address of this host must name a file kept here, else 400 on `field` as the schema refuses a URL
     * that is no upload's (made up, a file since removed, an upload's id under another kind or
     * extension, or a video whose transcoding failed, in its words: it could never be shown, and a post
     * or story reaches every follower at once); a file another member uploaded is refused with 403. A
     * file kept before uploads were recorded (migration 0026) has no uploader and is not judged
     * (media.policy). Other hosts' files (`MEDIA_ORIGINS`) are theirs to answer for and pass. One
     * query, and for this host's address a look in the storage.
     */
    async checkUploaded(caller: Caller, field: string, url: string): Promise<void> {
      const id = mediaIdOf(url);
      const uploaderId = id === null ? undefined : (await uploadersOf([id])).get(id);
      if (!canShareMedia(caller.userId, uploaderId)) throw forbidden(NOT_YOUR_MEDIA);
      if (!isOwnAddress(url)) return;
      // The id alone is not the file: an upload's id under the other kind or extension names nothing.
      const refusal = namesTheFileAlone(url) ? await whyNotKept(url) : NOT_AN_UPLOAD;
      if (refusal) throw invalidField(field, refusal);
    },
  };
}
