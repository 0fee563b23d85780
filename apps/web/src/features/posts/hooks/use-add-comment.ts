import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commentOnPost } from "../api/posts.api";
import { isPostUnavailable } from "../api/posts.queries";
import { addCachedComment, forgetUnavailablePost } from "../cache/post-cache";

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentOnPost(postId, text),
    onSuccess: ({ comment, commentsCount }) => addCachedComment(queryClient, postId, comment, commentsCount),
    onError: (error) => {
      if (isPostUnavailable(error)) forgetUnavailablePost(queryClient, postId);
    },
  });
}
