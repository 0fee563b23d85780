import {
  canShareAnotherStory,
  isPhotoOrVideoFile,
  NOT_A_PHOTO_OR_VIDEO,
  STORY_LIMIT_REACHED,
} from "@flik/shared";
import { refusedMediaFormat } from "@flik/shared/media-formats";
import type { QueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import type { Id } from "react-toastify/unstyled";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { createStory } from "../api/stories.api";
import { addCachedStory, ownLiveStoriesCount } from "../cache/stories-cache";
import {
  setStoryUploadPercent,
  startSendingStoryFile,
  storyFileSent,
  storyUploadPercent,
} from "../state/story-upload";
import {
  STORY_SHARED,
  STORY_SHARED_TOAST,
  STORY_UPLOAD_CANCELLED,
  STORY_UPLOAD_FAILED,
} from "./use-upload-story";

/** The upload's code loads with the first story shared, not with the feed (issue 14's first load). */
const loadUploads = () => import("../../../lib/media-upload");
type Uploads = Awaited<ReturnType<typeof loadUploads>>;

/** Why it failed, when the host or the server said (the file too large, of the wrong type). */
function reasonOf(error: unknown, uploads: Uploads | undefined): string | undefined {
  if (uploads && error instanceof uploads.UploadError) return error.message;
  if (error instanceof ApiError) return error.serverMessage;
  return undefined;
}

/** The failure toast shown last: a second failure takes its place rather than stacking under it. */
let shownFailure: Id | undefined;

/** Spec §8's text, word for word, and under it the reason when there is one. */
function showFailure(reason: string | undefined): void {
  const content = reason
    ? createElement(
        "div",
        null,
        createElement("p", { className: "font-semibold" }, STORY_UPLOAD_FAILED),
        createElement("p", null, reason),
      )
    : STORY_UPLOAD_FAILED;
  if (shownFailure !== undefined) toast.dismiss(shownFailure);
  shownFailure = toast.error(content);
}

/**
 * Sends a picked file as a story (spec §2): to the media host with progress (the image or video
 * endpoint by its type), then POST /stories with its URL; the new story joins the strip at once.
 */
export async function uploadStory(file: File, queryClient: QueryClient): Promise<void> {
  // One at a time (asked again: a second pick may have come while this code loaded).
  if (storyUploadPercent() !== null) return;
  // Spec §5: story upload accepts images or videos.
  // Of a format the host takes (not an SVG or an AVI): said now, in the host's words, not after the upload.
  const refused = isPhotoOrVideoFile(file) ? refusedMediaFormat(file) : NOT_A_PHOTO_OR_VIDEO;
  if (refused) {
    showFailure(refused);
    return;
  }
  // At the limit the server refuses the story: said now, not after the whole file went up for nothing.
  const live = ownLiveStoriesCount(queryClient);
  if (live !== null && !canShareAnotherStory(live)) {
    showFailure(STORY_LIMIT_REACHED);
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
    toast.success(STORY_SHARED, { toastId: STORY_SHARED_TOAST });
  } catch (error) {
    if (signal.aborted) toast.info(STORY_UPLOAD_CANCELLED);
    else showFailure(reasonOf(error, uploads));
  } finally {
    storyFileSent();
    setStoryUploadPercent(null);
  }
}
