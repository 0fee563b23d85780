/**
 * The formats the media host takes, as a picker offers them and says of the others, in the host's own
 * words. Imported as `@flik/shared/media-formats`, not from the index: only the screens that upload need
 * it, and what the index exports is in every signed-in page's first script (the web app's byte budget).
 */
import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, fileTypeOf } from "./media.js";

/** For the post composer's pickers: the photos and videos the media host takes, and no others. */
export const ACCEPT_HOSTED_VIDEOS = ACCEPTED_VIDEO_TYPES.join(",");
export const ACCEPT_HOSTED_MEDIA = `${ACCEPTED_IMAGE_TYPES.join(",")},${ACCEPT_HOSTED_VIDEOS}`;

/** The media host's words for a file that is no image or video it takes (the app says them when it is picked). */
export const NOT_AN_IMAGE = "This file is not a JPEG, PNG, GIF or WebP image.";
export const NOT_A_VIDEO = "This file is not an MP4, MOV or WebM video.";
/** The host's words for a video it cannot read, or one with no picture in it (a sound recording saved as .mp4). */
export const UNREADABLE_VIDEO = "This video could not be read. Please choose another file.";

/**
 * The media host's words for a photo or video of a format it does not take (an SVG, a BMP, an AVIF, an
 * AVI), told by the file's type (or name) before a byte is sent; null for one it takes, and for a file
 * whose type says neither (the caller says what it wants instead).
 */
export function refusedMediaFormat(file: { type: string; name?: string }): string | null {
  const type = fileTypeOf(file);
  const [kind] = type.split("/");
  if (kind === "image")
    return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type) ? null : NOT_AN_IMAGE;
  if (kind === "video")
    return (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(type) ? null : NOT_A_VIDEO;
  return null;
}
