import {
  DEFAULT_MEDIA_UPLOAD_PRESET,
  EMPTY_FILE,
  keptVideoId,
  type MediaLimits,
  type MediaUploadResult,
  mediaTypeOfFile,
  refusalByLimits,
  type VideoProcessingStatus,
} from "@flik/shared";
import { NOT_A_VIDEO, NOT_AN_IMAGE, UNREADABLE_VIDEO } from "@flik/shared/media-formats";
import { API_BASE } from "./api-client";
import { mayBeResized, resizedForUpload } from "./image-resize";
import { mp4HasVideoTrack } from "./mp4-tracks";
import { getToken } from "./storage";

export const MEDIA_UPLOAD_BASE: string = import.meta.env.VITE_MEDIA_UPLOAD_BASE || `${API_BASE}/media`;
export const MEDIA_UPLOAD_PRESET: string =
  import.meta.env.VITE_MEDIA_UPLOAD_PRESET || DEFAULT_MEDIA_UPLOAD_PRESET;

export const UPLOAD_NETWORK_ERROR = "Upload failed. Check your connection and try again.";

/** The boxes an MP4 or QuickTime file starts with (`ftyp`, or an older QuickTime's first atom). */
const QUICKTIME_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);

/**
 * Whether a file starts as an MP4, a MOV or a WebM does: one the browser cannot show (HEVC without its
 * decoder) may still be a video the host transcodes, where bytes of anything else never will be.
 */
export async function looksLikeVideo(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const ebml = head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  return ebml || startsAsQuickTime(head);
}

function startsAsQuickTime(head: Uint8Array): boolean {
  return QUICKTIME_BOXES.has(String.fromCharCode(...head.slice(4, 8)));
}

/**
 * An MP4 or MOV whose boxes say it holds no picture (a sound recording saved as .mp4) is refused as the
 * host would refuse it, before the upload; any other video is judged by the host.
 */
async function refusalOfPicturelessVideo(file: Blob): Promise<string | null> {
  if (!startsAsQuickTime(new Uint8Array(await file.slice(0, 8).arrayBuffer()))) return null;
  return (await mp4HasVideoTrack(file)) === false ? UNREADABLE_VIDEO : null;
}

/** The media host's words, said as a file is picked: a picture the browser cannot open, a video of no format it takes. */
export { EMPTY_FILE, NOT_A_VIDEO, NOT_AN_IMAGE, UNREADABLE_VIDEO };

const UPLOAD_FAILED = "Upload failed. Please try again.";

/** What the host said when it refused, by status, for hosts that send no message of their own. */
const FALLBACK_BY_STATUS: Record<number, string> = {
  401: "Your session has expired. Log in again to upload.",
  413: "This file is too large to upload.",
  415: "This file type isn't supported. Choose an image or a video.",
};

export interface UploadOptions {
  /**
   * Called with whole percents, 0–100, of the whole work: for a video the built-in host transcodes, the
   * upload is the first half and the transcoding the second.
   */
  onProgress?: (percent: number) => void;
  /** Called once the file is sent and the host is transcoding it (a video on the built-in host). */
  onProcessing?: () => void;
  /**
   * Called with the host's answer once the file is on it, before its transcoding ends: kept, a failed
   * wait for the transcoding is tried again with `whenProcessed`, without sending the file again.
   */
  onSent?: (result: MediaUploadResult) => void;
  signal?: AbortSignal;
  base?: string;
  preset?: string;
}

const withoutTrailingSlash = (base: string) => base.replace(/\/+$/, "");

/** A read of the built-in host's own: JSON, as the signed-in member. */
function ownHostHeaders(): Record<string, string> {
  const token = getToken();
  return { Accept: "application/json", ...(token && { Authorization: `Bearer ${token}` }) };
}

/** The image or video endpoint of the host, by the file's type (spec §1). */
export function uploadEndpoint(file: { type: string }, base = MEDIA_UPLOAD_BASE): string {
  return `${withoutTrailingSlash(base)}/${mediaTypeOfFile(file)}/upload`;
}

/** Only our own host gets the member's token; a third-party host (Cloudinary) takes an unsigned preset. */
export function isSameOriginBase(base: string): boolean {
  if (base.startsWith("/") && !base.startsWith("//")) return true;
  try {
    return new URL(base).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export class UploadError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The built-in host answers `{message}`, Cloudinary `{error: {message}}`. */
function refusalMessage(body: unknown, status: number): string {
  if (body && typeof body === "object") {
    const { message, error } = body as { message?: unknown; error?: { message?: unknown } };
    if (typeof message === "string" && message) return message;
    if (typeof error?.message === "string" && error.message) return error.message;
  }
  return FALLBACK_BY_STATUS[status] ?? UPLOAD_FAILED;
}

function isUploadResult(body: unknown): body is MediaUploadResult {
  return !!body && typeof (body as MediaUploadResult).secure_url === "string";
}

function isMediaLimits(body: unknown): body is MediaLimits {
  const limits = body as MediaLimits | null;
  return (
    typeof limits?.image?.maxBytes === "number" &&
    typeof limits.video?.maxBytes === "number" &&
    typeof limits.video.maxSeconds === "number"
  );
}

async function readLimits(base: string): Promise<MediaLimits | null> {
  try {
    const response = await fetch(`${withoutTrailingSlash(base)}/limits`, { headers: ownHostHeaders() });
    const body: unknown = response.ok ? await response.json() : null;
    return isMediaLimits(body) ? body : null;
  } catch {
    return null;
  }
}

let limitsRead: Promise<MediaLimits | null> | undefined;

/**
 * The built-in host's limits (`GET <base>/limits`), read once a page; null for another host, or when
 * they could not be read (then asked again next time): the host judges the file in any case.
 */
export function mediaLimits(base = MEDIA_UPLOAD_BASE): Promise<MediaLimits | null> {
  if (!isSameOriginBase(base)) return Promise.resolve(null);
  limitsRead ??= readLimits(base).then((limits) => {
    if (!limits) limitsRead = undefined;
    return limits;
  });
  return limitsRead;
}

/** For tests: the next `mediaLimits` asks the host again. */
export function forgetMediaLimits(): void {
  limitsRead = undefined;
}

/** Past this, a video's length counts as unknown: a browser that neither reads nor refuses it. */
const LENGTH_READ_LIMIT_MS = 10_000;

/**
 * How long a chosen video plays, in seconds, as this browser reads it from the file's header; null
 * when it cannot tell (a format it does not read, or no media support at all, as in tests).
 */
export function videoSeconds(file: Blob): Promise<number | null> {
  const video = document.createElement("video");
  if (!video.canPlayType("video/mp4")) return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    };
    const timer = setTimeout(() => done(null), LENGTH_READ_LIMIT_MS);
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/**
 * Why the host would refuse this file (empty, a video with no picture, too large, a video too long), known
 * before a byte is sent; null when it would take it or it cannot be told here. A photo over the size is
 * judged as it would leave: drawn smaller first when it is larger than the host serves
 * (`resizedForUpload`), else as it is.
 */
export async function refusalBeforeUpload(file: File, base = MEDIA_UPLOAD_BASE): Promise<string | null> {
  if (file.size === 0) return EMPTY_FILE;
  const kind = mediaTypeOfFile(file);
  if (kind === "video") {
    const pictureless = await refusalOfPicturelessVideo(file);
    if (pictureless) return pictureless;
  }
  const limits = await mediaLimits(base);
  if (!limits) return null;
  const tooLarge = refusalByLimits(limits, kind, file.size);
  if (kind === "image") {
    // Only a photo already over the size is drawn here (once: the upload sends that drawing).
    if (!tooLarge || !mayBeResized(file)) return tooLarge;
    return refusalByLimits(limits, kind, (await resizedForUpload(file)).size);
  }
  if (tooLarge) return tooLarge;
  return refusalByLimits(limits, kind, file.size, await videoSeconds(file));
}

/**
 * Uploads one file to the media host (design.md, "Media upload protocol"), an image larger than the host
 * serves made smaller first (`resizedForUpload`). XMLHttpRequest rather than fetch, because only it
 * reports upload progress.
 */
export function uploadMedia(file: File, options: UploadOptions = {}): Promise<MediaUploadResult> {
  const { onProgress, base = MEDIA_UPLOAD_BASE } = options;
  // Only the built-in host transcodes (issue 20); another answers a video ready to play.
  const transcoded = mediaTypeOfFile(file) === "video" && isSameOriginBase(base);
  const sending: UploadOptions = transcoded
    ? { ...options, onProgress: (percent) => onProgress?.(Math.floor(percent / 2)) }
    : options;
  let sent: Promise<MediaUploadResult>;
  if (mayBeResized(file)) {
    onProgress?.(0);
    sent = resizedForUpload(file).then((resized) => send(resized, sending));
  } else {
    sent = send(file, sending);
  }
  if (!transcoded) return sent;
  return sent.then((result) => {
    options.onSent?.(result);
    return whenProcessed(result, options);
  });
}

/** How often the built-in host is asked how far a video's transcoding is. */
export const PROCESSING_POLL_MS = 1000;
/**
 * The waits before asking again when a question found no network (a phone between cells, a few seconds
 * offline): the file is on the host, transcoding, so one lost answer loses nothing. After the last, the
 * member is told, and Share asks again without sending the file (`whenProcessed`).
 */
export const PROCESSING_RETRY_MS = [1000, 2000, 4000, 8000, 15_000] as const;

/**
 * Waits for the host to finish transcoding the video sent (`GET <base>/video/<id>`), telling the second
 * half of the progress; answers the upload's result once the video plays everywhere (at once for a
 * result that is not transcoding).
 */
export async function whenProcessed(
  result: MediaUploadResult,
  options: UploadOptions = {},
): Promise<MediaUploadResult> {
  const { onProgress, onProcessing, signal, base = MEDIA_UPLOAD_BASE } = options;
  const id = keptVideoId(result.secure_url);
  if (result.status !== "processing" || !id) {
    onProgress?.(100);
    return result;
  }
  onProcessing?.();
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw new DOMException("Upload cancelled", "AbortError");
    let status: VideoProcessingStatus;
    try {
      const response = await fetch(`${withoutTrailingSlash(base)}/video/${id}`, {
        headers: ownHostHeaders(),
        signal,
      });
      if (!response.ok)
        throw new UploadError(
          refusalMessage(await response.json().catch(() => null), response.status),
          response.status,
        );
      status = (await response.json()) as VideoProcessingStatus;
    } catch (error) {
      if (isAbortError(error) || error instanceof UploadError) throw error;
      const wait = PROCESSING_RETRY_MS[failures++];
      if (wait === undefined) throw new UploadError(UPLOAD_NETWORK_ERROR, 0);
      await pause(wait, signal);
      continue;
    }
    failures = 0;
    if (status.status === "failed") throw new UploadError(status.message, 422);
    if (status.status === "ready") {
      onProgress?.(100);
      return {
        ...result,
        status: "ready",
        width: status.width,
        height: status.height,
        duration: status.duration,
      };
    }
    onProgress?.(50 + Math.floor(Math.min(99, status.percent) / 2));
    await pause(PROCESSING_POLL_MS, signal);
  }
}

/** Waits `ms`, or less when `signal` aborts (a cancel is not held until the next poll). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

function send(file: File, options: UploadOptions): Promise<MediaUploadResult> {
  const { onProgress, signal, base = MEDIA_UPLOAD_BASE, preset = MEDIA_UPLOAD_PRESET } = options;

  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException("Upload cancelled", "AbortError");
    if (signal?.aborted) {
      reject(aborted());
      return;
    }

    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const finish = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.open("POST", uploadEndpoint(file, base));
    xhr.setRequestHeader("Accept", "application/json");
    const token = getToken();
    if (token && isSameOriginBase(base)) xhr.setRequestHeader("Authorization", `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      // The host still checks and stores the file after the last byte, so 100 waits for its answer.
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      finish();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isUploadResult(body)) {
        onProgress?.(100);
        resolve(body);
      } else {
        reject(new UploadError(refusalMessage(body, xhr.status), xhr.status));
      }
    };
    xhr.onerror = () => {
      finish();
      reject(new UploadError(UPLOAD_NETWORK_ERROR, 0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      finish();
      reject(aborted());
    };
    signal?.addEventListener("abort", onAbortSignal);

    const form = new FormData();
    form.append("file", file);
    form.append("upload_preset", preset);
    onProgress?.(0);
    xhr.send(form);
  });
}
