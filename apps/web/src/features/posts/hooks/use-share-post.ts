import type { Post } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { copyLink, shareLink } from "../../../lib/clipboard";
import { postLinkPath } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { sharePost } from "../api/posts.api";
import { patchPost } from "../cache/post-cache";
import { postFoundGone } from "./post-found-gone";

export const LINK_COPIED = "Post link copied to clipboard";

/** The share-link shape of spec §2, absolute so it works outside the app. */
export function postShareUrl(postId: string): string {
  return new URL(postLinkPath(postId), window.location.origin).href;
}

/** Copies the post's link; where the clipboard is refused, shows the link to copy by hand. */
export async function copyPostLink(postId: string): Promise<boolean> {
  const copied = await copyLink(postShareUrl(postId), "post");
  if (copied) toast.success(LINK_COPIED);
  return copied;
}

/**
 * The share sheet where the device has one, else the clipboard; a completed share is counted, and a post
 * found gone by it is said so (not "copied").
 */
export function useSharePost(): (post: Post) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (post: Post) =>
      shareLink({
        url: postShareUrl(post._id),
        title: `Post by @${post.user.username} on Flik`,
        what: "post",
        count: async () => {
          const { sharesCount } = await sharePost(post._id);
          patchPost(queryClient, post._id, (cached) => ({ ...cached, sharesCount, shares: sharesCount }));
        },
        foundGone: (error) => postFoundGone(queryClient, post._id, error),
        sayCopied: () => toast.success(LINK_COPIED),
      }),
    [queryClient],
  );
}
