import type { QueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { isPostUnavailable } from "../api/posts.queries";
import { forgetUnavailablePost, POST_UNAVAILABLE_TEXT } from "../cache/post-cache";

/** How a screen learns that a call about a post found it gone: a flick's screens say it their own way. */
export type PostFoundGone = (queryClient: QueryClient, postId: string, error: unknown) => boolean;

/**
 * Whether a call about a post found it gone for the member since it was shown (a 404: deleted, or its
 * author went private or blocked them). Then it is said once (spec §10) and the post leaves every list;
 * a screen showing it asks again, to show that it is unavailable.
 */
export const postFoundGone: PostFoundGone = (queryClient, postId, error) => {
  if (!isPostUnavailable(error)) return false;
  toast.error(POST_UNAVAILABLE_TEXT, { toastId: `post-unavailable-${postId}` });
  forgetUnavailablePost(queryClient, postId);
  return true;
};
