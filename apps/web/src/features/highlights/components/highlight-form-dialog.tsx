import {
  ACCEPT_IMAGES_AND_VIDEOS,
  HIGHLIGHT_NAME_MAX_LENGTH,
  type Highlight,
  mediaTypeOfFile,
} from "@flik/shared";
import { type FormEvent, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { ImageIcon, UploadIcon } from "../../../components/icons";
import { TextField } from "../../../components/text-field";
import { UploadProgress } from "../../../components/upload-progress";
import { errorMessage } from "../../../lib/api-client";
import { isAbortError } from "../../../lib/media-upload";
import { useObjectUrl } from "../../../lib/use-object-url";
import { useSaveHighlight } from "../hooks/use-save-highlight";
import { HighlightMedia } from "./highlight-media";

interface HighlightFormDialogProps {
  username: string;
  /** Edit mode when given; add mode otherwise (spec §4). */
  highlight?: Highlight;
  onClose: () => void;
}

/** Spec §2: name, an image or video with its preview, Save and Cancel. */
export function HighlightFormDialog({ username, highlight, onClose }: HighlightFormDialogProps) {
  const editing = !!highlight;
  const [name, setName] = useState(highlight?.name ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { phase, save, cancelUpload } = useSaveHighlight(username, highlight);
  const previewUrl = useObjectUrl(file);
  const fileId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const busy = phase.step !== "idle";

  const preview =
    file && previewUrl
      ? { src: previewUrl, type: mediaTypeOfFile(file) }
      : highlight
        ? { src: highlight.src, type: highlight.type }
        : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    // Spec §5, in this order: the name, then (when adding) the file.
    if (!trimmed) {
      window.alert("Highlight name is required");
      nameRef.current?.focus();
      return;
    }
    if (!editing && !file) {
      window.alert("Please upload an image or video for this highlight");
      return;
    }
    setFailure(null);
    try {
      await save({ name: trimmed, file });
      onClose();
    } catch (error) {
      if (isAbortError(error)) return;
      console.error("Saving the highlight failed", error);
      setFailure(
        errorMessage(
          error,
          error instanceof Error ? error.message : "Couldn't save the highlight. Please try again.",
        ),
      );
    }
  }

  return (
    <Dialog
      title={editing ? "Edit Highlight" : "Add Highlight"}
      onClose={onClose}
      dismissible={!busy}
      initialFocus={nameRef}
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <TextField
          ref={nameRef}
          label="Highlight name"
          value={name}
          maxLength={HIGHLIGHT_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          placeholder="Summer, Friends, Travel…"
          autoComplete="off"
          disabled={busy}
        />

        <div className="flex items-center gap-4">
          {preview ? (
            <div
              role="img"
              aria-label="Preview of the highlight"
              className="size-24 shrink-0 overflow-hidden rounded-full bg-zinc-100 ring-2 ring-zinc-200 ring-offset-2"
            >
              <HighlightMedia
                src={preview.src}
                type={preview.type}
                alt=""
                className="size-full object-cover"
              />
            </div>
          ) : (
            <div className="flex size-24 shrink-0 items-center justify-center rounded-full bg-zinc-100 ring-2 ring-zinc-200 ring-offset-2">
              <ImageIcon className="size-8 text-zinc-400" />
            </div>
          )}
          <div className="min-w-0 space-y-1.5">
            <input
              id={fileId}
              type="file"
              accept={ACCEPT_IMAGES_AND_VIDEOS}
              aria-label="Photo or video"
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = "";
                if (chosen) setFile(chosen);
              }}
              className="peer sr-only"
            />
            <label
              htmlFor={fileId}
              className={`${buttonStyles.secondary} cursor-pointer px-4 py-2 peer-focus-visible:ring-4 peer-focus-visible:ring-fuchsia-500/30 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
            >
              <UploadIcon className="size-4" />
              {preview ? "Change file" : "Choose photo or video"}
            </label>
            <p className="truncate text-xs text-zinc-500">
              {file
                ? file.name
                : editing
                  ? "Keeps the current media unless you choose another."
                  : "An image or a video."}
            </p>
          </div>
        </div>

        {phase.step === "uploading" && (
          <UploadProgress percent={phase.percent} label={file?.name ?? "Highlight"} onCancel={cancelUpload} />
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        )}

        <div className="grid grid-cols-2 gap-3">
          <button type="button" onClick={onClose} disabled={busy} className={buttonStyles.secondary}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonStyles.primary}>
            {busy ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
