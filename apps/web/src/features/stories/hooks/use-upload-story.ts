import { isPhotoOrVideoFile, NOT_A_PHOTO_OR_VIDEO } from "@flik/shared";
import { refusedMediaFormat } from "@flik/shared/media-formats";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { createStory } from "../api/stories.api";
import { addCachedStory } from "../cache/stories-cache";
import {
  cancelStoryUpload,
  setStoryUploadPercent,
  startSendingStoryFile,
  storyFileSent,
  storyUploadPercent,
  useStoryUploadCancellable,
  useStoryUploadPercent,
} from "../state/story-upload";

export const STORY_UPLOAD_FAILED = "Failed to upload story";
export const STORY_SHARED = "Your story is shared";
export const STORY_UPLOAD_CANCELLED = "Story upload cancelled";

/** The upload's code loads with the first story shared, not with the feed (issue 14's first load). */
const loadUploads = () => import("../../../lib/media-upload");
type Uploads = Awaited<ReturnType<typeof loadUploads>>;

/** Why it failed, when the host or the server said (the file too large, of the wrong type). */
function reasonOf(error: unknown, uploads: Uploads | undefined): string | undefined {
  if (uploads && error instanceof uploads.UploadError) return error.message;
  if (error instanceof ApiError) return error.serverMessage;
  return undefined;
}

/** Spec §8's text, then the reason when there is one. */
function showFailure(reason: string | undefined): void {
  toast.error(reason ? `${STORY_UPLOAD_FAILED}: ${reason}` : STORY_UPLOAD_FAILED);
}

/**
 * The header's story upload (spec §2): the file goes to the media host with progress (the image or
 * video endpoint by its type), then POST /stories with its URL; the new story joins the strip at once.
 * While the file is on its way (sent, or a video being processed), `cancel` stops it.
 */
export function useUploadStory() {
  const queryClient = useQueryClient();
  const percent = useStoryUploadPercent();
  const cancellable = useStoryUploadCancellable();

  const upload = useCallback(
    async (file: File | undefined) => {
      // One at a time: a second pick while one is on its way would race it for the ring.
      if (!file || storyUploadPercent() !== null) return;
      // Spec §5: story upload accepts images or videos.
      // Of a format the host takes (not an SVG or an AVI): said now, in the host's words, not after the upload.
      const refused = isPhotoOrVideoFile(file) ? refusedMediaFormat(file) : NOT_A_PHOTO_OR_VIDEO;
      if (refused) {
        showFailure(refused);
        return;
      }
      setStoryUploadPercent(0);
      const signal = startSendingStoryFile();
      let uploads: Uploads | undefined;
      try {
        uploads = await loadUploads();
        const refusal = await uploads.refusalBeforeUpload(file);
        if (refusal) {
          showFailure(refusal);
          return;
        }
        const { secure_url } = await uploads.uploadMedia(file, { onProgress: setStoryUploadPercent, signal });
        // A cancel as the file arrived still stops the story.
        if (signal.aborted) throw new DOMException("Upload cancelled", "AbortError");
        storyFileSent();
        const story = await createStory({ url: secure_url });
        addCachedStory(queryClient, story);
        toast.success(STORY_SHARED);
      } catch (error) {
        if (signal.aborted) toast.info(STORY_UPLOAD_CANCELLED);
        else showFailure(reasonOf(error, uploads));
      } finally {
        storyFileSent();
        setStoryUploadPercent(null);
      }
    },
    [queryClient],
  );

  return { percent, upload, cancel: cancellable ? cancelStoryUpload : undefined };
}
