import { FLICK_TOAST_MS } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { postKeys } from "../../posts/api/post-keys";
import { removeCachedPost } from "../../posts/cache/post-cache";
import { deleteFlick } from "../api/flicks.api";
import { removeCachedFlick } from "../cache/flick-cache";

/** Said when the delete fails: a post's words (spec §8 has none for a reel, whose failure it only logs). */
export const FLICK_DELETE_FAILED = "Failed to delete post";

/**
 * Owner-only (spec §6); the caller confirms first. A failure is said as a post's is (spec §10), not only
 * logged (§8): the confirm closes and the reel stays, which alone would read as nothing happening.
 */
export function useDeleteFlick() {
  const queryClient = useQueryClient();
  return useMutation({
    // A flick is a post: the live echo of its delete leaves it to the screen that asked (isDeletingHere).
    mutationKey: postKeys.deleting(),
    mutationFn: (id: string) => deleteFlick(id),
    onSuccess: (_, id) => {
      removeCachedFlick(queryClient, id);
      removeCachedPost(queryClient, id);
      toast.success("Reel deleted", { autoClose: FLICK_TOAST_MS });
    },
    onError: (error) => {
      console.error("Deleting the reel failed", error);
      toast.error(FLICK_DELETE_FAILED);
    },
  });
}
