import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addCachedComment } from "../../posts/cache/post-cache";
import { commentOnFlick } from "../api/flicks.api";
import { addCachedFlickComment } from "../cache/flick-cache";

/** A failure is only logged (spec §8); the form keeps the text so nothing typed is lost. */
export function useAddFlickComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentOnFlick(id, text),
    onSuccess: ({ comment, commentsCount }) => {
      addCachedFlickComment(queryClient, id, comment, commentsCount);
      // A flick is a post: the feed, post screen and profile show the comment too.
      addCachedComment(queryClient, id, comment, commentsCount);
    },
    onError: (error) => console.error("Commenting on the reel failed", error),
  });
}
