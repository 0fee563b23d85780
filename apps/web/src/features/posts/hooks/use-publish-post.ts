import type { MediaSize, MediaUploadResult } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  isAbortError,
  refusalBeforeUpload,
  UPLOAD_NETWORK_ERROR,
  UploadError,
  uploadMedia,
  whenProcessed,
} from "../../../lib/media-upload";
import { postPath } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { profileKeys } from "../../profile/api/profile-keys";
import { postKeys } from "../api/post-keys";
import { createPost } from "../api/posts.api";
import { prependToFeed } from "../cache/post-cache";

export interface PostDraft {
  file: File;
  /** The file's size as the browser measured it, when it did. */
  size?: MediaSize | undefined;
  caption: string;
  location: string;
  tags: string;
  isReel: boolean;
}

export type PublishPhase =
  | { step: "editing" }
  | { step: "uploading"; percent: number; processing?: boolean }
  | { step: "creating" };

/** The size the host answered (Cloudinary answers it for videos too), else the browser's measure. */
function sizeOf(result: MediaUploadResult, measured: MediaSize | undefined): MediaSize | undefined {
  return result.width && result.height ? { width: result.width, height: result.height } : measured;
}

/** Upload the file (with progress, cancellable), then create the post and open it. */
export function usePublishPost() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<PublishPhase>({ step: "editing" });
  const upload = useRef<AbortController | null>(null);
  // A file already on the host is not sent again: when only the create call failed, or only the wait for
  // its video's transcoding (`ready` false), which Share takes up again where it stopped.
  const uploaded = useRef<{ file: File; result: MediaUploadResult; ready: boolean } | null>(null);

  // Left while the post was being created: it is shared all the same, but the member stays where they went.
  const left = useRef(false);
  // While the member is asked whether to leave, an upload that ends waits for the answer before the
  // post is made: Discard must not share it.
  const hold = useRef<{ answer: Promise<boolean>; give: (share: boolean) => void } | null>(null);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
      upload.current?.abort();
    };
  }, []);

  const publish = useCallback(
    async ({ file, size: measured, ...fields }: PostDraft) => {
      const kept = uploaded.current?.file === file ? uploaded.current : null;
      let result = kept?.ready ? kept.result : null;
      if (!result) {
        const controller = new AbortController();
        upload.current = controller;
        setPhase({ step: "uploading", percent: 0 });
        const options = {
          signal: controller.signal,
          onProgress: (percent: number) =>
            setPhase((current) => ({
              step: "uploading",
              percent,
              processing: current.step === "uploading" && current.processing,
            })),
          onProcessing: () => setPhase({ step: "uploading", percent: 50, processing: true }),
        };
        try {
          if (kept) {
            result = await whenProcessed(kept.result, options);
          } else {
            // As the picker says when the file is chosen; asked again here, as Share may come first.
            const refusal = await refusalBeforeUpload(file);
            if (refusal) throw new UploadError(refusal, 413);
            result = await uploadMedia(file, {
              ...options,
              onSent: (sent) => {
                uploaded.current = { file, result: sent, ready: false };
              },
            });
          }
          uploaded.current = { file, result, ready: true };
        } catch (error) {
          // The host has no video to show of it (its transcoding failed, or it is gone): sent again.
          if (error instanceof UploadError && (error.status === 404 || error.status === 422))
            uploaded.current = null;
          setPhase({ step: "editing" });
          if (!isAbortError(error))
            toast.error(error instanceof Error ? error.message : UPLOAD_NETWORK_ERROR);
          return;
        } finally {
          upload.current = null;
        }
      }
      if (hold.current && !(await hold.current.answer)) {
        setPhase({ step: "editing" });
        return;
      }

      setPhase({ step: "creating" });
      try {
        const post = await createPost({ ...fields, image: result.secure_url, ...sizeOf(result, measured) });
        queryClient.setQueryData(postKeys.detail(post._id), post);
        prependToFeed(queryClient, post);
        // The author's profile grid and post count come from the server; let them load afresh.
        void queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
        toast.success("Post created!");
        // In New post's place: Back goes to where the member was before it, never to an empty composer.
        if (!left.current) navigate(postPath(post.user.username, post._id), { replace: true });
      } catch {
        setPhase({ step: "editing" });
        toast.error("Error creating post");
      }
    },
    [queryClient, navigate],
  );

  const cancelUpload = useCallback(() => upload.current?.abort(), []);
  /** The member is being asked to discard the post: nothing is shared until `release` answers. */
  const holdBack = useCallback(() => {
    if (hold.current) return;
    let give: (share: boolean) => void = () => {};
    const answer = new Promise<boolean>((resolve) => (give = resolve));
    hold.current = { answer, give };
  }, []);
  /** The answer: share it after all (stayed), or not (discarded: the upload stops too). */
  const release = useCallback((share: boolean) => {
    if (!share) upload.current?.abort();
    hold.current?.give(share);
    hold.current = null;
  }, []);
  // Read when it is asked, not from the last render: the upload may have ended since.
  const isUploading = useCallback(() => upload.current !== null, []);
  /**
   * The member is going elsewhere, unasked: a post being created is not opened over where they went.
   * Said as the navigation starts, since the screen it leaves may stay mounted a while after (the
   * router renders the next one in a transition) and the post's answer may come in between.
   */
  const goingAway = useCallback(() => {
    left.current = true;
  }, []);

  return { phase, publish, cancelUpload, isUploading, holdBack, release, goingAway };
}
