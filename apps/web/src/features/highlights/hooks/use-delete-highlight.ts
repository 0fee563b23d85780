import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { deleteHighlight } from "../api/highlights.api";
import { removeCachedHighlight } from "../api/highlights.queries";

export function confirmDeleteHighlight(): boolean {
  return window.confirm("Delete this highlight?");
}

/** Owner-only (spec §6); the caller confirms first. */
export function useDeleteHighlight(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteHighlight(id),
    onSuccess: (_, id) => removeCachedHighlight(queryClient, username, id),
    onError: (error) => {
      console.error("Deleting the highlight failed", error);
      toast.error("Couldn't delete the highlight. Please try again.");
    },
  });
}
