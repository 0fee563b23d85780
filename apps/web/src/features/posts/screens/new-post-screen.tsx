import { type MediaSize, mediaTypeOfFile } from "@flik/shared";
import { type FormEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from "react";
import { useBlocker, useLocation } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { FlicksIcon, ImageIcon } from "../../../components/icons";
import { UploadProgress } from "../../../components/upload-progress";
import { useAskBeforeUnload } from "../../../lib/ask-before-unload";
import { getToken } from "../../../lib/storage";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type ComposerTab, ComposerTabs, panelId } from "../components/composer/composer-tabs";
import { MediaPicker } from "../components/composer/media-picker";
import { CaptionField, LocationField, TagsField } from "../components/composer/post-text-fields";
import { type PublishPhase, usePublishPost } from "../hooks/use-publish-post";

type PublishStep = PublishPhase["step"];

const PANEL_NAMES: Record<ComposerTab, string> = {
  post: "Post details",
  tags: "Tag details",
  flick: "Flick details",
};

/** Said of a photo for a flick, picked in the Flick tab or brought to it from the Post tab (spec §10). */
const FLICK_NEEDS_VIDEO = "A flick must be a video. Choose a video file.";

/** What a link to /post/new may ask of it (the router's state, so the address stays the spec's). */
export interface NewPostState {
  tab?: "post" | "flick";
}

/** /post/new: a photo or video post, or a flick, with caption, location and tags (spec §2). */
export function NewPostScreen() {
  useDocumentTitle("New post");
  const baseId = useId();
  // "Share a flick" (the empty flicks screen) opens the Flick tab; the address stays /post/new.
  const opensAs: "post" | "flick" =
    (useLocation().state as NewPostState | null)?.tab === "flick" ? "flick" : "post";
  const [tab, setTab] = useState<ComposerTab>(opensAs);
  // The Tags tab edits the same draft; what gets published is the last of Post or Flick chosen.
  const [kind, setKind] = useState<"post" | "flick">(opensAs);
  const [file, setFile] = useState<File | null>(null);
  const [measured, setMeasured] = useState<{ file: File; size: MediaSize } | null>(null);
  const [caption, setCaption] = useState("");
  const [location, setLocation] = useState("");
  const [tags, setTags] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const { phase, publish, cancelUpload, isUploading, holdBack, release, goingAway } = usePublishPost();
  const busy = phase.step !== "editing";
  const progressRef = useRef<HTMLDivElement>(null);
  const shareRef = useRef<HTMLButtonElement>(null);
  useFocusThroughPublish(phase.step, progressRef, shareRef);
  const hasDraft = file !== null || [caption, location, tags].some((text) => text.trim() !== "");
  // Leaving drops the draft and stops its upload; asked first, as Instagram asks before a draft is
  // discarded. Never on a logout's way to /login (the token is gone by then): a session that ended
  // can't share anything, and the upload stops as the screen goes.
  const leaving = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const uploading = isUploading();
    // Once the post is being created, it is shared whatever the member does (and opened, unless they left).
    const ask = getToken() !== null && (uploading || (phase.step === "editing" && hasDraft));
    // An upload that ends while the member answers must not share what they may discard.
    if (ask && uploading) holdBack();
    if (!ask) goingAway();
    return ask;
  });
  // Leaving the page itself (reload, close, a Back to another document) the router cannot ask about.
  useAskBeforeUnload(phase.step === "uploading");
  const isFlick = kind === "flick";
  const flickWithoutVideo = isFlick && file !== null && mediaTypeOfFile(file) !== "video";

  function selectTab(next: ComposerTab) {
    setTab(next);
    if (next !== "tags") setKind(next);
    setFileError(null);
  }

  function chooseFile(next: File | null) {
    setFile(next);
    setFileError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      window.alert("Please select a file");
      return;
    }
    if (flickWithoutVideo) {
      setTab("flick");
      setFileError(FLICK_NEEDS_VIDEO);
      return;
    }
    const size = measured?.file === file ? measured.size : undefined;
    void publish({ file, size, caption, location, tags, isReel: isFlick });
  }

  const textFields = (
    <div className="space-y-5">
      <CaptionField value={caption} onChange={setCaption} />
      <LocationField value={location} onChange={setLocation} />
      <TagsField value={tags} onChange={setTags} />
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-zinc-900">New post</h1>
      <p className="mt-1 text-sm text-zinc-600">Share a photo or video, or a short flick.</p>

      <form
        onSubmit={handleSubmit}
        aria-busy={busy}
        className="mt-6 rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-sm sm:p-6"
      >
        <fieldset disabled={busy} className="min-w-0 space-y-6 transition-opacity disabled:opacity-70">
          <legend className="sr-only">Your post</legend>
          <ComposerTabs baseId={baseId} selected={tab} onSelect={selectTab} />

          {/* Named apart from its tab, so the Tags panel is never taken for the Tags field. */}
          <div role="tabpanel" id={panelId(baseId, tab)} aria-label={PANEL_NAMES[tab]}>
            {tab === "tags" ? (
              <div className="space-y-5">
                <DraftSummary file={file} isFlick={isFlick} />
                <TagsField value={tags} onChange={setTags} />
                <LocationField value={location} onChange={setLocation} />
              </div>
            ) : (
              <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2">
                {tab === "flick" ? (
                  <MediaPicker
                    key="flick"
                    file={file}
                    onChange={chooseFile}
                    videoOnly
                    wrongKind={FLICK_NEEDS_VIDEO}
                    label="Video"
                    title="Choose a video"
                    hint="Flicks are short vertical videos: choose a video file (MP4, MOV or WebM)."
                    error={fileError ?? (flickWithoutVideo ? FLICK_NEEDS_VIDEO : null)}
                    onMeasured={(picked, size) => setMeasured({ file: picked, size })}
                  />
                ) : (
                  <MediaPicker
                    key="post"
                    file={file}
                    onChange={chooseFile}
                    wrongKind="Choose an image or a video file."
                    label="Photo or video"
                    title="Choose a photo or video"
                    hint="JPEG, PNG, GIF or WebP photos, MP4, MOV or WebM videos."
                    error={fileError}
                    onMeasured={(picked, size) => setMeasured({ file: picked, size })}
                  />
                )}
                {textFields}
              </div>
            )}
          </div>
        </fieldset>

        <div className="mt-6 border-t border-zinc-100 pt-5">
          {phase.step === "uploading" ? (
            <UploadProgress
              progressRef={progressRef}
              percent={phase.percent}
              processing={phase.processing}
              label={file?.name ?? "Uploading"}
              onCancel={cancelUpload}
            />
          ) : (
            <button
              ref={shareRef}
              type="submit"
              disabled={busy}
              className={`${buttonStyles.primary} w-full sm:ml-auto sm:flex sm:w-auto sm:min-w-40`}
            >
              {phase.step === "creating" ? "Sharing..." : "Share"}
            </button>
          )}
        </div>
      </form>
      {leaving.state === "blocked" && (
        <ConfirmDialog
          title="Discard post?"
          confirmLabel="Discard"
          onConfirm={() => {
            release(false);
            leaving.proceed();
          }}
          onCancel={() => {
            release(true);
            leaving.reset();
          }}
        >
          {phase.step === "uploading"
            ? "If you leave now, the upload stops and this post won't be shared."
            : "If you leave now, this draft won't be kept."}
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * The form is disabled while its post is sent, which takes the focus from Share (or from the field Enter
 * was pressed in): the upload's progress takes it (read out; its Cancel is the next Tab stop, never
 * where a second Enter would land), and Share again when the draft comes back (cancelled or failed),
 * unless the member has put the focus somewhere since.
 */
function useFocusThroughPublish(
  step: PublishStep,
  progressRef: RefObject<HTMLDivElement | null>,
  shareRef: RefObject<HTMLButtonElement | null>,
) {
  const previous = useRef(step);
  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = step;
    if (from === step) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || focused.matches(":disabled");
    if (!lost) return;
    if (step === "uploading") progressRef.current?.focus();
    else if (step === "editing") shareRef.current?.focus();
  }, [step, progressRef, shareRef]);
}

function DraftSummary({ file, isFlick }: { file: File | null; isFlick: boolean }) {
  const Icon = isFlick ? FlicksIcon : ImageIcon;
  return (
    <div className="flex items-center gap-3 rounded-xl bg-zinc-50 px-4 py-3 text-sm">
      <Icon className="size-5 shrink-0 text-fuchsia-600" />
      <p className="min-w-0 truncate text-zinc-700" title={file?.name}>
        {isFlick ? "Flick" : "Post"}:{" "}
        <span className="font-medium text-zinc-900">{file ? file.name : "no file chosen yet"}</span>
      </p>
    </div>
  );
}
