import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commentOnPost } from "../api/posts.api";
import { addCachedComment } from "../cache/post-cache";
import { postFoundGone } from "./post-found-gone";

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentOnPost(postId, text),
    onSuccess: ({ comment, commentsCount }) => addCachedComment(queryClient, postId, comment, commentsCount),
    // A post gone is said in a toast, as a like says it: its card (and this form with it) leaves the feed.
    // Any other failure is the form's to say.
    onError: (error) => void postFoundGone(queryClient, postId, error),
  });
}
