import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { deleteHighlight } from "../api/highlights.api";
import { removeCachedHighlight } from "../api/highlights.queries";

/** Asked in the app's own dialog ("Delete highlight?"), as a story's deletion is. */
export const CONFIRM_DELETE_HIGHLIGHT = "Are you sure you want to delete this highlight?";

/** A 404 to its owner means the highlight was deleted already (another tab): what the delete wanted. */
function deletedAlready(error: unknown): void {
  if (!(error instanceof ApiError && error.status === 404)) throw error;
}

/** Owner-only (spec §6); the caller confirms first. */
export function useDeleteHighlight(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteHighlight(id).catch(deletedAlready),
    onSuccess: (_, id) => removeCachedHighlight(queryClient, username, id),
    onError: (error) => {
      console.error("Deleting the highlight failed", error);
      toast.error("Couldn't delete the highlight. Please try again.");
    },
  });
}
