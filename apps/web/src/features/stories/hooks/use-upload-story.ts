import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "../../../lib/toast";
import {
  cancelStoryUpload,
  storyUploadPercent,
  useStoryUploadCancellable,
  useStoryUploadPercent,
} from "../state/story-upload";

export const STORY_UPLOAD_FAILED = "Failed to upload story";
export const STORY_SHARED = "Your story is shared";
/** Its toast, which the story viewer takes down as it opens: over the viewer it hides Close and Pause. */
export const STORY_SHARED_TOAST = "story-shared";
export const STORY_UPLOAD_CANCELLED = "Story upload cancelled";

/** Sending a story's file loads with the first one picked, not with the feed (issue 14's first load). */
const loadUpload = () => import("./upload-story-file");

/**
 * The header's story upload (spec §2): the file goes to the media host with progress, then becomes a
 * story that joins the strip at once (`upload-story-file`). While the file is on its way (sent, or a
 * video being processed), `cancel` stops it.
 */
export function useUploadStory() {
  const queryClient = useQueryClient();
  const percent = useStoryUploadPercent();
  const cancellable = useStoryUploadCancellable();

  const upload = useCallback(
    async (file: File | undefined) => {
      // One at a time: a second pick while one is on its way would race it for the ring.
      if (!file || storyUploadPercent() !== null) return;
      const sending = await loadUpload().catch(() => null);
      // Its code could not be fetched (the connection went): said as any failed upload is.
      if (!sending) return void toast.error(STORY_UPLOAD_FAILED);
      await sending.uploadStory(file, queryClient);
    },
    [queryClient],
  );

  return { percent, upload, cancel: cancellable ? cancelStoryUpload : undefined };
}
