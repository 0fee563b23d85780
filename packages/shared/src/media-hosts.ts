import { highlightBodyFor } from "./highlights.js";
import { MEDIA_HOST_MESSAGE, type MediaUrlSchema, mediaUrlSchema, postBodies } from "./posts.js";
import { createStoryBodyFor } from "./stories.js";
import { updateProfileBodyFor } from "./users.js";

/**
 * Where a post's, story's, highlight's or avatar's media may come from (issue 20): the built-in host's
 * files, and the delivery origins of an external media host (spec §1), or any host.
 */
export interface MediaHosts {
  /**
   * What the built-in host's URLs start with besides nothing (`/media/...`): the app's public URL and
   * `MEDIA_PUBLIC_BASE`'s CDN, without a trailing slash.
   */
  ownBases: readonly string[];
  /** Origins (`https://res.cloudinary.com`) of an external media host; "any" takes every http(s) host. */
  others: "any" | readonly string[];
}

/**
 * Whether `url` (already an uploaded file's URL by `mediaUrlSchema`) points at one of `hosts`. Origins
 * are compared as a browser resolves them, so `https://cdn.ok.example@evil.example/` is evil's.
 */
export function isFromMediaHost(url: string, hosts: MediaHosts): boolean {
  if (url.startsWith("/media/")) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  if (hosts.others === "any") return true;
  if (parsed.username || parsed.password) return false;
  const resolved = parsed.href;
  return (
    hosts.ownBases.some((base) => resolved.startsWith(`${base}/media/`)) ||
    hosts.others.includes(parsed.origin)
  );
}

/** `mediaUrlSchema` narrowed to `hosts`: the one rule every media URL a member sends is held to. */
export function mediaUrlSchemaFor(hosts: MediaHosts): MediaUrlSchema {
  return mediaUrlSchema.refine((url) => isFromMediaHost(url, hosts), MEDIA_HOST_MESSAGE);
}

/** The request bodies that carry media, with their URLs held to `hosts` (the server's, from its settings). */
export function mediaBodies(hosts: MediaHosts) {
  const mediaUrl = mediaUrlSchemaFor(hosts);
  return {
    ...postBodies(mediaUrl),
    createStoryBody: createStoryBodyFor(mediaUrl),
    highlightBody: highlightBodyFor(mediaUrl),
    updateProfileBody: updateProfileBodyFor(mediaUrl),
  };
}
export type MediaBodies = ReturnType<typeof mediaBodies>;
