import type { UpdatePostBody } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { updatePost } from "../api/posts.api";
import { patchPost } from "../cache/post-cache";

/** Owner-only edit (spec §6). Only the edited fields are taken, so cached comments and counts stay. */
export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostBody) => updatePost(postId, body),
    onSuccess: ({ caption, location, tags, image, mediaType, video, isReel, updatedAt }) => {
      patchPost(queryClient, postId, (post) => ({
        ...post,
        caption,
        location,
        tags,
        image,
        mediaType,
        video,
        isReel,
        updatedAt,
      }));
      toast.success("Post updated!");
    },
    onError: () => {
      toast.error("Error updating post");
    },
  });
}
