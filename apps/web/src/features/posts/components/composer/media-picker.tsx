import { fileTypeOf, type MediaSize, mediaTypeOfFile } from "@flik/shared";
import { ACCEPT_HOSTED_MEDIA, ACCEPT_HOSTED_VIDEOS, refusedMediaFormat } from "@flik/shared/media-formats";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { FlicksIcon } from "../../../../components/icons";
import { CloseIcon, UploadIcon } from "../../../../components/later-icons";
import {
  EMPTY_FILE,
  looksLikeVideo,
  NOT_A_VIDEO,
  NOT_AN_IMAGE,
  refusalBeforeUpload,
} from "../../../../lib/media-upload";
import { useObjectUrl } from "../../../../lib/use-object-url";

interface MediaPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** Videos only (a flick), else photos and videos; either way only the formats the media host takes. */
  videoOnly?: boolean;
  /** Said of a file of another kind: a photo for a flick, a PDF for a post. */
  wrongKind: string;
  /** The input's accessible name, e.g. "Photo or video". */
  label: string;
  title: string;
  hint: string;
  error?: string | null;
  /** The chosen file's size in pixels, once its preview has read it (kept with the post). */
  onMeasured?: (file: File, size: MediaSize) => void;
}

/** A big drop zone that is also the file picker, then a preview of the chosen file. */
export function MediaPicker({
  file,
  onChange,
  videoOnly = false,
  wrongKind,
  label,
  title,
  hint,
  error,
  onMeasured,
}: MediaPickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const previewUrl = useObjectUrl(file);
  const shownError = refused ?? error;
  // The preview URL of a video this browser cannot decode (an iPhone's HEVC in Firefox or on Linux),
  // which would show black.
  const [noPreviewOf, setNoPreviewOf] = useState<string | null>(null);
  const chosen = useRef(file);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    chosen.current = file;
  }, [file]);

  // A file refused as it is picked takes the place of the one before: its reason is never shown under
  // a file it is not about.
  function refuse(reason: string) {
    setRefused(reason);
    onChange(null);
  }

  function pick(next: File | null | undefined) {
    if (!next) return;
    if (next.size === 0) {
      refuse(EMPTY_FILE);
      return;
    }
    const kind = fileTypeOf(next).split("/")[0];
    if (kind !== "video" && (videoOnly || kind !== "image")) {
      refuse(wrongKind);
      return;
    }
    // A format the host refuses (an SVG, a BMP, an AVIF), said now in its words, not after the upload.
    const format = refusedMediaFormat(next);
    if (format) {
      refuse(format);
      return;
    }
    setRefused(null);
    chosen.current = next;
    onChange(next);
    // Too large or too long for the host: said now, not after the upload.
    refusalBeforeUpload(next)
      .then((refusal) => {
        if (!refusal || chosen.current !== next) return;
        refuse(refusal);
      })
      // Unchecked, the file is sent as it is, and the host judges it.
      .catch((checkError: unknown) => console.error("The chosen file could not be checked", checkError));
  }

  // A video the browser cannot show: said so, and sent as it is when it is one (the host transcodes it);
  // bytes of anything else are refused now, not after the whole upload.
  function noPreview(video: File, url: string) {
    setNoPreviewOf(url);
    looksLikeVideo(video)
      .then((isVideo) => {
        // Another file chosen meanwhile is judged on its own.
        if (isVideo || chosen.current !== video) return;
        refuse(NOT_A_VIDEO);
      })
      // Unread, the file is sent as it is, and the host judges it.
      .catch((readError: unknown) => console.error("The chosen video could not be read", readError));
  }

  // The browser reads the size as it shows the preview (upright, as the file's orientation says).
  function measured(width: number, height: number) {
    if (file && width > 0 && height > 0) onMeasured?.(file, { width, height });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0]);
  }

  return (
    <div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input inside is the keyboard way */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className="group relative"
      >
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={videoOnly ? ACCEPT_HOSTED_VIDEOS : ACCEPT_HOSTED_MEDIA}
          aria-label={label}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={shownError ? true : undefined}
          // Enter opens the chooser too, as on the button it looks like (Chrome opens it on Space alone).
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.click();
          }}
          onChange={(event) => {
            pick(event.target.files?.[0]);
            // Lets the same file be chosen again after it was removed.
            event.target.value = "";
          }}
          className="peer sr-only"
        />
        {file && previewUrl ? (
          <div className="relative aspect-square overflow-hidden rounded-2xl bg-zinc-950 peer-focus-visible:ring-4 peer-focus-visible:ring-fuchsia-500/40">
            {noPreviewOf === previewUrl ? (
              <NoVideoPreview />
            ) : mediaTypeOfFile(file) === "video" ? (
              <video
                key={previewUrl}
                src={previewUrl}
                aria-label="Preview of the chosen video"
                muted
                playsInline
                loop
                controls
                onLoadedMetadata={(event) =>
                  measured(event.currentTarget.videoWidth, event.currentTarget.videoHeight)
                }
                // Safari may learn the size after the metadata; by the first frame a decodable video has it.
                onResize={(event) =>
                  measured(event.currentTarget.videoWidth, event.currentTarget.videoHeight)
                }
                onLoadedData={(event) => {
                  if (event.currentTarget.videoWidth === 0) noPreview(file, previewUrl);
                }}
                onError={() => noPreview(file, previewUrl)}
                className="size-full object-contain"
              />
            ) : (
              <img
                src={previewUrl}
                alt="Preview of the chosen file"
                onLoad={(event) =>
                  measured(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)
                }
                // A file the browser cannot open as a picture is refused now, not after Share.
                onError={() => refuse(NOT_AN_IMAGE)}
                className="size-full object-contain"
              />
            )}
            <div className="absolute top-3 right-3 flex gap-2">
              <label
                htmlFor={inputId}
                className="cursor-pointer rounded-full bg-white/90 px-3.5 py-1.5 text-sm font-semibold text-zinc-900 shadow backdrop-blur hover:bg-white"
              >
                Change
              </label>
              <button
                type="button"
                aria-label="Remove file"
                onClick={() => {
                  onChange(null);
                  // The button goes with the file: the picker, in its place, keeps the keyboard's place.
                  input.current?.focus();
                }}
                className="flex size-8 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow backdrop-blur hover:bg-white"
              >
                <CloseIcon className="size-4" />
              </button>
            </div>
          </div>
        ) : (
          <label
            htmlFor={inputId}
            className={`flex aspect-square cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 text-center transition peer-focus-visible:border-fuchsia-600 peer-focus-visible:ring-4 peer-focus-visible:ring-fuchsia-500/40 ${
              dragging
                ? "border-fuchsia-500 bg-fuchsia-50"
                : "border-zinc-300 bg-zinc-50 hover:border-fuchsia-400 hover:bg-fuchsia-50/50"
            }`}
          >
            <span className="bg-brand flex size-14 items-center justify-center rounded-2xl text-white shadow-lg shadow-fuchsia-600/25">
              {videoOnly ? <FlicksIcon className="size-7" /> : <UploadIcon className="size-7" />}
            </span>
            <span className="text-base font-semibold text-zinc-900">{title}</span>
            <span className="text-sm text-zinc-500">or drag and drop it here</span>
          </label>
        )}
      </div>
      <p id={hintId} className="mt-2 flex min-w-0 gap-1 text-xs text-zinc-500">
        {file ? (
          <>
            {/* A camera's name is short, a saved page's can be hundreds of letters without a space. */}
            <span className="min-w-0 truncate" title={file.name}>
              {file.name}
            </span>
            {/* A flex box draws no space between its items; the one here is read out (and gap-1 draws one). */}{" "}
            <span className="shrink-0">· {formatBytes(file.size)}</span>
          </>
        ) : (
          hint
        )}
      </p>
      {shownError && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {shownError}
        </p>
      )}
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** In place of a video the browser cannot show: it is sent as it is, and plays once processed. */
function NoVideoPreview() {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 px-8 text-center text-white">
      <FlicksIcon className="size-10 text-zinc-300" />
      <p className="font-semibold">No preview in this browser</p>
      <p className="text-sm text-zinc-300">The video will play once it's processed.</p>
    </div>
  );
}
