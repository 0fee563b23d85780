import {
  canAddHighlight,
  HIGHLIGHTS_LIMIT_REACHED,
  type Highlight,
  type MediaType,
  mediaTypeOfFile,
} from "@flik/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { refusalBeforeUpload, UploadError, uploadMedia } from "../../../lib/media-upload";
import { highlightKeys } from "../api/highlight-keys";
import { createHighlight, updateHighlight } from "../api/highlights.api";
import { cachedHighlightsCount, saveCachedHighlight } from "../api/highlights.queries";

export type SavePhase =
  | { step: "idle" }
  | { step: "uploading"; percent: number; processing?: boolean }
  | { step: "saving" };

export interface HighlightDraft {
  name: string;
  /** A new picture or video; edits without one (or a story) keep the current media. */
  file: File | null;
  /** Media already on the host: a story chosen from the member's archive, used as it is. */
  media?: { type: MediaType; src: string } | null;
}

/** Uploads the file (with progress, cancellable), if any, then creates or updates the highlight. */
export function useSaveHighlight(username: string, existing?: Highlight) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SavePhase>({ step: "idle" });
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const save = useCallback(
    async ({ name, file, media: chosen = null }: HighlightDraft): Promise<Highlight> => {
      // Kept until the highlight is sent: a Cancel that lands after the file is up, before "Saving..."
      // shows, must still stop it.
      const controller = new AbortController();
      upload.current = controller;
      try {
        // At the limit the server refuses a new one: said now, not after its file went up for nothing.
        if (!existing && !(await mayAddHighlight(queryClient, username)))
          throw new Error(HIGHLIGHTS_LIMIT_REACHED);
        let media = chosen;
        if (file) {
          setPhase({ step: "uploading", percent: 0 });
          // Too large or too long for the host: said before a byte is sent.
          const refusal = await refusalBeforeUpload(file);
          if (refusal) throw new UploadError(refusal, 413);
          const { secure_url } = await uploadMedia(file, {
            signal: controller.signal,
            onProgress: (percent) =>
              setPhase((current) => ({
                step: "uploading",
                percent,
                processing: current.step === "uploading" && current.processing,
              })),
            onProcessing: () =>
              setPhase((current) => ({ ...current, step: "uploading", percent: 50, processing: true })),
          });
          // Spec §5: video when the file's type begins with video, otherwise image.
          media = { type: mediaTypeOfFile(file), src: secure_url };
        }
        controller.signal.throwIfAborted();
        upload.current = null;
        setPhase({ step: "saving" });
        // A highlight only renamed keeps its media: it is not sent again.
        const highlight = existing
          ? await updateHighlight(existing._id, { name, ...media })
          : await createHighlight({ name, ...mediaOrRefusal(media) });
        saveCachedHighlight(queryClient, username, highlight);
        return highlight;
      } finally {
        upload.current = null;
        setPhase({ step: "idle" });
      }
    },
    [queryClient, username, existing],
  );

  const cancelUpload = useCallback(() => upload.current?.abort(), []);

  return { phase, save, cancelUpload };
}

/**
 * Whether the member may keep another highlight, by their strip as read (it comes whole); a strip at the
 * limit is read again first, as one may have been deleted in another tab. Unread, the server judges.
 */
async function mayAddHighlight(queryClient: QueryClient, username: string): Promise<boolean> {
  const kept = cachedHighlightsCount(queryClient, username);
  if (kept === null || canAddHighlight(kept)) return true;
  await queryClient.refetchQueries({ queryKey: highlightKeys.byUser(username), exact: true });
  return canAddHighlight(cachedHighlightsCount(queryClient, username) ?? 0);
}

function mediaOrRefusal(media: HighlightDraft["media"]) {
  if (!media) throw new Error("Please upload an image or video for this highlight");
  return media;
}
