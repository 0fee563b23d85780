import type { QueryClient } from "@tanstack/react-query";
import { postKeys } from "../api/post-keys";

/**
 * Whether this tab is deleting the post (or the flick it is) right now: the live echo of its delete,
 * which comes before the answer, leaves the post to the screen that asked, which hands the focus on
 * before it goes.
 */
export function isDeletingHere(queryClient: QueryClient, postId: string): boolean {
  return (
    queryClient.isMutating({
      mutationKey: postKeys.deleting(),
      predicate: (mutation) => mutation.state.variables === postId,
    }) > 0
  );
}
