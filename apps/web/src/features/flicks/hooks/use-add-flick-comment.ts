import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addCachedComment } from "../../posts/cache/post-cache";
import { commentOnFlick } from "../api/flicks.api";
import { addCachedFlickComment } from "../cache/flick-cache";
import { flickFoundGone } from "./flick-found-gone";

/**
 * A flick found gone is said in a toast (the panel, and this form with it, closes); any other failure is
 * the form's to say, keeping the text so nothing typed is lost.
 */
export function useAddFlickComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => commentOnFlick(id, text),
    onSuccess: ({ comment, commentsCount }) => {
      addCachedFlickComment(queryClient, id, comment, commentsCount);
      // A flick is a post: the feed, post screen and profile show the comment too.
      addCachedComment(queryClient, id, comment, commentsCount);
    },
    onError: (error) => void flickFoundGone(queryClient, id, error),
  });
}
