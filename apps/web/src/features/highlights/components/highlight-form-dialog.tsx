import {
  HIGHLIGHT_NAME_MAX_LENGTH,
  type Highlight,
  hasVisibleText,
  isPhotoOrVideoFile,
  mediaTypeOfFile,
  NOT_A_PHOTO_OR_VIDEO,
  type Story,
  textLength,
} from "@flik/shared";
import { ACCEPT_HOSTED_MEDIA, refusedMediaFormat } from "@flik/shared/media-formats";
import { type FormEvent, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { ImageIcon } from "../../../components/icons";
import { UploadIcon } from "../../../components/later-icons";
import { TextField } from "../../../components/text-field";
import { UploadProgress } from "../../../components/upload-progress";
import { errorMessage } from "../../../lib/api-client";
import { limitedText } from "../../../lib/limited-text";
import {
  isAbortError,
  looksLikeVideo,
  NOT_A_VIDEO,
  NOT_AN_IMAGE,
  refusalBeforeUpload,
} from "../../../lib/media-upload";
import { useObjectUrl } from "../../../lib/use-object-url";
import { StoryArchiveGrid } from "../../stories/components/story-archive-grid";
import { useSaveHighlight } from "../hooks/use-save-highlight";
import { HighlightMedia } from "./highlight-media";
import {
  type HighlightSource,
  HighlightSourceTabs,
  sourcePanelId,
  sourceTabId,
} from "./highlight-source-tabs";

interface HighlightFormDialogProps {
  username: string;
  /** Edit mode when given; add mode otherwise (spec §4). */
  highlight?: Highlight;
  /** A story of the archive to start from (the archive's Add to highlight). */
  initialStory?: Story;
  onClose: () => void;
  /** After a save; closing by default. */
  onSaved?: () => void;
}

/** The chosen media: a new file to upload, or a story of the archive already on the host. */
type Choice = { file: File } | { story: Story } | null;

/**
 * Spec §2: name, an image or video with its preview, Save and Cancel. The media may also be one of the
 * member's stories, live or expired (their archive, an extension).
 */
export function HighlightFormDialog({
  username,
  highlight,
  initialStory,
  onClose,
  onSaved = onClose,
}: HighlightFormDialogProps) {
  const editing = !!highlight;
  const [name, setName] = useState(highlight?.name ?? "");
  const [choice, setChoice] = useState<Choice>(initialStory ? { story: initialStory } : null);
  const [source, setSource] = useState<HighlightSource>(initialStory ? "stories" : "upload");
  const [failure, setFailure] = useState<string | null>(null);
  const { phase, save, cancelUpload } = useSaveHighlight(username, highlight);
  const file = choice && "file" in choice ? choice.file : null;
  const story = choice && "story" in choice ? choice.story : null;
  const previewUrl = useObjectUrl(file);
  const baseId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  // The file picked last, with what it gives way to if refused: the last choice known to pass when it
  // was picked (a story, or a file whose checks came back clear), never a file picked before it whose
  // checks had not come yet. A later pick (or a story) is judged on its own.
  const picked = useRef<{ file: File; fallback: Choice } | null>(null);
  const passed = useRef<Choice>(choice);
  const busy = phase.step !== "idle";
  // While the file is sent, Cancel (and Escape) abandons the upload along with the form: one way out,
  // not a second Cancel beside a disabled one. Once the highlight is being saved, it is too late.
  const uploading = phase.step === "uploading";
  const close = uploading
    ? () => {
        cancelUpload();
        onClose();
      }
    : onClose;

  const preview =
    file && previewUrl
      ? { src: previewUrl, type: mediaTypeOfFile(file) }
      : story
        ? { src: story.mediaUrl, type: story.mediaType }
        : highlight
          ? { src: highlight.src, type: highlight.type }
          : null;

  /** The file picked last is refused, and the choice before it comes back. */
  function refusePicked(file: File, reason: string) {
    const pick = picked.current;
    if (pick?.file !== file) return;
    picked.current = null;
    passed.current = pick.fallback;
    setFailure(reason);
    setChoice(pick.fallback);
  }

  /**
   * Empty, too large or too long for the host: said once the file is chosen, as a story's picker says it,
   * not at Save; the media chosen before it is kept.
   */
  function checkForHost(file: File) {
    picked.current = { file, fallback: passed.current };
    refusalBeforeUpload(file)
      .then((refusal) => {
        if (refusal) refusePicked(file, refusal);
        else if (picked.current?.file === file) passed.current = { file };
      })
      // Unchecked, the file is judged again at Save, and by the host.
      .catch((checkError: unknown) => console.error("The chosen file could not be checked", checkError));
  }

  /**
   * The preview of the picked file would not load: a picture the browser cannot open is refused now, as
   * New post refuses it, not after its upload; a video too, unless its bytes are a video's (one this
   * browser cannot decode, an iPhone's HEVC, the host transcodes).
   */
  function previewFailed() {
    if (!file) return;
    const failed = file;
    if (mediaTypeOfFile(failed) === "image") return refusePicked(failed, NOT_AN_IMAGE);
    looksLikeVideo(failed)
      .then((video) => {
        if (!video) refusePicked(failed, NOT_A_VIDEO);
      })
      // Unread, the file is judged by the host at Save.
      .catch((readError: unknown) => console.error("The chosen file could not be read", readError));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    // Spec §5, in this order: the name, then (when adding) the file.
    if (!hasVisibleText(trimmed)) {
      window.alert("Highlight name is required");
      nameRef.current?.focus();
      return;
    }
    if (!editing && !choice) {
      window.alert("Please upload an image or video for this highlight");
      return;
    }
    setFailure(null);
    try {
      await save({
        name: trimmed,
        file,
        media: story ? { type: story.mediaType, src: story.mediaUrl } : null,
      });
      onSaved();
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
      onClose={close}
      dismissible={phase.step !== "saving"}
      initialFocus={nameRef}
    >
      {/* The preview's ring reaches 4 px past it: its margin keeps the ring inside the scrolling body. */}
      <form noValidate onSubmit={submit} className="space-y-5">
        <div className="flex items-end gap-4">
          {preview ? (
            <div
              role="img"
              aria-label="Preview of the highlight"
              className="m-1 size-[4.5rem] shrink-0 overflow-hidden rounded-full bg-zinc-100 ring-2 ring-zinc-200 ring-offset-2"
            >
              <HighlightMedia
                src={preview.src}
                type={preview.type}
                alt=""
                className="size-full object-cover"
                // Only the picked file's own preview judges it, not the media shown before it.
                onUnloadable={file && previewUrl ? previewFailed : undefined}
              />
            </div>
          ) : (
            <div className="m-1 flex size-[4.5rem] shrink-0 items-center justify-center rounded-full bg-zinc-100 ring-2 ring-zinc-200 ring-offset-2">
              <ImageIcon className="size-7 text-zinc-400" />
            </div>
          )}
          <div className="min-w-0 flex-1">
            <TextField
              ref={nameRef}
              label="Highlight name"
              {...limitedText(name, HIGHLIGHT_NAME_MAX_LENGTH, setName)}
              placeholder="Summer, Friends, Travel…"
              // The box takes no more at the limit: the count says why, as the bio's does.
              hint={`${textLength(name)}/${HIGHLIGHT_NAME_MAX_LENGTH}`}
              autoComplete="off"
              disabled={busy}
            />
          </div>
        </div>

        <div className="space-y-3">
          <HighlightSourceTabs baseId={baseId} selected={source} onSelect={setSource} disabled={busy} />
          <div id={sourcePanelId(baseId)} role="tabpanel" aria-labelledby={sourceTabId(baseId, source)}>
            {source === "upload" ? (
              <FilePicker
                file={file}
                hasMedia={!!preview}
                hint={
                  story
                    ? "Using the story you chose. Choose a file to use it instead."
                    : editing
                      ? "Keeps the current media unless you choose another."
                      : "An image or a video."
                }
                disabled={busy}
                onChoose={(chosen) => {
                  // Said when it is picked, as a story's picker says it, not after an upload refused: a
                  // file of no format the host takes (an SVG, an AVI) in the host's words.
                  const refused = isPhotoOrVideoFile(chosen)
                    ? refusedMediaFormat(chosen)
                    : NOT_A_PHOTO_OR_VIDEO;
                  if (refused) return setFailure(refused);
                  setFailure(null);
                  setChoice({ file: chosen });
                  checkForHost(chosen);
                }}
              />
            ) : (
              <StoryArchiveGrid
                selectedId={story?._id ?? null}
                onSelect={(chosen) => {
                  picked.current = null;
                  passed.current = { story: chosen };
                  setFailure(null);
                  setChoice({ story: chosen });
                }}
                disabled={busy}
                emptyAction={
                  <button
                    type="button"
                    onClick={() => setSource("upload")}
                    className={`${buttonStyles.secondary} mt-5 px-4 py-2`}
                  >
                    <UploadIcon className="size-4" />
                    Upload a file instead
                  </button>
                }
              />
            )}
          </div>
        </div>

        {phase.step === "uploading" && (
          <UploadProgress
            percent={phase.percent}
            processing={phase.processing}
            label={file?.name ?? "Highlight"}
          />
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        )}

        <div className="grid grid-cols-2 gap-3">
          <button
            type="button"
            onClick={close}
            disabled={phase.step === "saving"}
            className={buttonStyles.secondary}
          >
            Cancel
          </button>
          {/* Not `disabled` while busy: the focus stays on it, in the dialog, until the save is done. */}
          <button
            type="submit"
            aria-disabled={busy || undefined}
            className={`${buttonStyles.primary} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          >
            {uploading ? "Uploading..." : busy ? "Saving..." : "Save"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

interface FilePickerProps {
  file: File | null;
  /** Some media is already chosen (or kept): the button offers a change. */
  hasMedia: boolean;
  hint: string;
  disabled: boolean;
  onChoose: (file: File) => void;
}

function FilePicker({ file, hasMedia, hint, disabled, onChoose }: FilePickerProps) {
  const fileId = useId();
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-zinc-200 px-4 py-6 text-center">
      <input
        id={fileId}
        type="file"
        accept={ACCEPT_HOSTED_MEDIA}
        aria-label="Photo or video"
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          if (chosen) onChoose(chosen);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={fileId}
        className={`${buttonStyles.secondary} cursor-pointer px-4 py-2 peer-focus-visible:ring-4 peer-focus-visible:ring-fuchsia-500/30 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        <UploadIcon className="size-4" />
        {hasMedia ? "Change file" : "Choose photo or video"}
      </label>
      {/* A long file name is cut; the hint wraps, as it is read whole on a phone. */}
      <p className={`max-w-full text-center text-xs text-zinc-500 ${file ? "truncate" : "text-balance"}`}>
        {file ? file.name : hint}
      </p>
    </div>
  );
}
