import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { profileKeys } from "../../profile/api/profile-keys";
import { postKeys } from "../api/post-keys";
import { deletePost } from "../api/posts.api";
import { removeCachedPost } from "../cache/post-cache";

/** Owner-only delete (spec §6); the caller asks first (DeletePostDialog) and decides where to go after. */
export function useDeletePost(onDeleted?: (postId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    // Named, so that the live echo of this delete, which can come before the answer, leaves the post to it.
    mutationKey: postKeys.deleting(),
    mutationFn: (postId: string) => deletePost(postId),
    onSuccess: (_, postId) => {
      onDeleted?.(postId);
      removeCachedPost(queryClient, postId);
      // The profile's post count is the server's to tell.
      void queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
      toast.success("Post deleted");
    },
    onError: () => {
      toast.error("Failed to delete post");
    },
  });
}
