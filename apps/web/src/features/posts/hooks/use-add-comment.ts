import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { commentOnPost } from "../api/posts.api";
import { isPostUnavailable } from "../api/posts.queries";
import { addCachedComment, forgetUnavailablePost, POST_UNAVAILABLE_TEXT } from "../cache/post-cache";

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentOnPost(postId, text),
    onSuccess: ({ comment, commentsCount }) => addCachedComment(queryClient, postId, comment, commentsCount),
    onError: (error) => {
      if (!isPostUnavailable(error)) return;
      // Said in a toast, as a like says it: the post's card (and this form with it) leaves the feed.
      toast.error(POST_UNAVAILABLE_TEXT, { toastId: `post-unavailable-${postId}` });
      forgetUnavailablePost(queryClient, postId);
    },
  });
}
