import { highlightBodyFor, highlightUpdateBodyFor } from "./highlights.js";
import { MEDIA_HOST_MESSAGE, type MediaUrlSchema, mediaUrlSchema, postBodies } from "./posts.js";
import { createStoryBodyFor } from "./stories.js";
import { updateProfileBodyFor } from "./users.js";

/**
 * Where a post's, story's, highlight's or avatar's media may come from (issue 20): the built-in host's
 * files, and an external media host's (spec §1), or any host.
 */
export interface MediaHosts {
  /**
   * What the built-in host's URLs start with besides nothing (`/media/...`): the app's public URL and
   * `MEDIA_PUBLIC_BASE`'s CDN, as the URL parser writes them, without a trailing slash.
   */
  ownBases: readonly string[];
  /**
   * Prefixes of an external host's URLs, each ending in "/": an origin (`https://res.cloudinary.com/`)
   * or one account's folder on it (`https://res.cloudinary.com/flik/`); "any" takes every http(s) host.
   */
  others: "any" | readonly string[];
}

/** The URL prefixes media may start with, besides this host's relative `/media/`; "any" for any host. */
export function mediaPrefixesOf(hosts: MediaHosts): "any" | string[] {
  if (hosts.others === "any") return "any";
  return [...hosts.ownBases.map((base) => `${base}/media/`), ...hosts.others];
}

// An encoded slash, backslash or dot, which a server or CDN may decode after the prefix was checked
// (`/flik/..%2fother/`); no uploaded file's URL has one.
const ENCODED_PATH_TRICK = /%(2f|5c|2e)/i;

/**
 * A built-in media address's path as written names one file: nothing the URL parser would resolve
 * (`..`, `.`, `%2e%2e`), no empty segment (`/media/image//x.jpg`); a kept file's address has none.
 */
function namesItsFile(written: string, resolved: string): boolean {
  return (written.split(/[?#]/, 1)[0] ?? "") === resolved && !resolved.includes("//");
}

/**
 * Whether `url` (already an uploaded file's URL by `mediaUrlSchema`) points at one of `hosts`. URLs are
 * compared as a browser resolves them, so `https://cdn.ok.example@evil.example/` is evil's, and
 * `/media/../api/user` is not media.
 */
export function isFromMediaHost(url: string, hosts: MediaHosts): boolean {
  if (url.startsWith("/")) {
    const path = new URL(url, "http://flik.invalid").pathname;
    return path.startsWith("/media/") && namesItsFile(url, path) && !ENCODED_PATH_TRICK.test(path);
  }
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  const prefixes = mediaPrefixesOf(hosts);
  if (prefixes === "any") return true;
  if (parsed.username || parsed.password || ENCODED_PATH_TRICK.test(parsed.pathname)) return false;
  // The built-in host's files under its own origins are held to their relative addresses' rule.
  const own = hosts.ownBases.some((base) => parsed.href.startsWith(`${base}/media/`));
  if (own && !namesItsFile(url.replace(/^https?:\/\/[^/?#]*/i, ""), parsed.pathname)) return false;
  return prefixes.some((prefix) => parsed.href.startsWith(prefix));
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
    highlightUpdateBody: highlightUpdateBodyFor(mediaUrl),
    updateProfileBody: updateProfileBodyFor(mediaUrl),
  };
}
export type MediaBodies = ReturnType<typeof mediaBodies>;
