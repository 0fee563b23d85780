// Apart from media.ts, which every screen loads: only the upload code (loaded when a file is chosen)
// and the server use these.
import type { MediaType } from "./media.js";

/**
 * `GET /api/media/limits` of the built-in host: how large a file and how long a video it takes, so that
 * the browser refuses one past them before sending a byte, in the host's own words.
 */
export interface MediaLimits {
  image: { maxBytes: number };
  video: { maxBytes: number; maxSeconds: number };
}

/**
 * A limit as the host's refusals say it, never above it (rounded down, so a file of the size shown is
 * within it): megabytes to a tenth from 1 MB ("1.5 MB", "100 MB"), whole kilobytes below.
 */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.floor(bytes / 1024))} KB`;
  return `${Math.floor((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** A length as minutes and seconds, `m:ss`. */
export function durationLabel(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;
}

/** The host's refusal of a file over its size (413). */
export function tooLargeMessage(kind: MediaType, maxBytes: number): string {
  return `This file is too large: ${kind}s can be up to ${sizeLabel(maxBytes)}.`;
}

/**
 * The host's refusal of a video over its length (400, field `file`), or null. Lengths count whole
 * seconds, as they are shown: a 3:00.4 video is within "up to 3:00" (and the browser's reading of a
 * length and the host's may differ in a fraction).
 */
export function videoTooLong(seconds: number, maxSeconds: number): string | null {
  if (Math.floor(seconds) <= maxSeconds) return null;
  return `This video is ${durationLabel(seconds)} long. Videos can be up to ${durationLabel(maxSeconds)}.`;
}

/**
 * Why the host would refuse a file of this type, size and (for a video, when known) length; null when
 * it is within the limits.
 */
export function refusalByLimits(
  limits: MediaLimits,
  kind: MediaType,
  bytes: number,
  seconds?: number | null,
): string | null {
  if (bytes > limits[kind].maxBytes) return tooLargeMessage(kind, limits[kind].maxBytes);
  return kind === "video" && seconds != null ? videoTooLong(seconds, limits.video.maxSeconds) : null;
}
