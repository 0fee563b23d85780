import type { Flick } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { requestLike, shownLike, toastLikeFailed } from "../../posts/cache/post-likes";
import { likeFlick } from "../api/flicks.api";
import { findCachedFlick, patchFlick } from "../cache/flick-cache";
import { flickFoundGone } from "./flick-found-gone";

/**
 * Sets the like (true) or takes it back (false), shown at once on the flick and on the post it is;
 * a no-op when it already is so. A failure shows the server's state again and says so, as a post's does.
 */
export function useLikeFlick(): (flick: Flick, liked: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (flick: Flick, liked: boolean) => {
      const id = flick._id;
      const server = findCachedFlick(queryClient, id) ?? flick;
      if (shownLike(queryClient, id, server.isLiked) === liked) return;
      requestLike(queryClient, id, liked, {
        lastKnown: server.isLiked,
        cached: () => findCachedFlick(queryClient, id)?.isLiked,
        send: async (wanted) => {
          const { isLiked, likesCount, reactionByUser } = await likeFlick(id, wanted);
          patchFlick(queryClient, id, (cached) => ({ ...cached, isLiked, likesCount, reactionByUser }));
          return { isLiked, likesCount };
        },
        onError: (error) => {
          if (flickFoundGone(queryClient, id, error)) return;
          toastLikeFailed(id);
        },
      });
    },
    [queryClient],
  );
}
