import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commentOnFlick } from "../api/flicks.api";
import { addCachedFlickComment } from "../cache/flick-cache";
import { markPostsStale } from "./mark-posts-stale";

/** A failure is only logged (spec §8); the form keeps the text so nothing typed is lost. */
export function useAddFlickComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentOnFlick(id, text),
    onSuccess: ({ comment, commentsCount }) => {
      addCachedFlickComment(queryClient, id, comment, commentsCount);
      markPostsStale(queryClient);
    },
    onError: (error) => console.error("Commenting on the reel failed", error),
  });
}
