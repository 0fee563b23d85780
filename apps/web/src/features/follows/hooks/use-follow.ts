import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "react-toastify/unstyled";
import { errorMessage } from "../../../lib/api-client";
import { syncIntent } from "../../../lib/intent-store";
import { getToken } from "../../../lib/storage";
import { followUser, unfollowUser } from "../api/follows.api";
import { applyFollowAnswer, cachedFollowState } from "../cache/follow-cache";
import {
  applyFollowIntent,
  type FollowState,
  getFollowIntents,
  useFollowIntent,
} from "../cache/follow-intents";

function syncFollow(queryClient: QueryClient, memberId: string, lastKnown: boolean): Promise<void> {
  return syncIntent({
    store: getFollowIntents(queryClient),
    key: memberId,
    lastKnown,
    cached: () => cachedFollowState(queryClient, memberId),
    send: async (wanted) => {
      const answer = wanted ? await followUser(memberId) : await unfollowUser(memberId);
      applyFollowAnswer(queryClient, memberId, answer);
      return answer.isFollowed;
    },
    onError: (error, followed) =>
      toast.error(
        errorMessage(
          error,
          followed ? "Couldn't unfollow. Please try again." : "Couldn't follow. Please try again.",
        ),
        { toastId: `follow-error-${memberId}` },
      ),
  });
}

/**
 * Follow or unfollow a member, shown at once wherever they appear (profile, feed, posts).
 * `isFollowed` is the server's state as the caller has it, not the optimistic one.
 */
export function useToggleFollow(): (memberId: string, isFollowed: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (memberId: string, isFollowed: boolean) => {
      // Spec §5: following needs a signed-in member.
      if (!getToken()) {
        window.alert("Login required");
        return;
      }
      const intents = getFollowIntents(queryClient);
      const shown = intents.get(memberId) ?? isFollowed;
      intents.set(memberId, !shown);
      void syncFollow(queryClient, memberId, isFollowed);
    },
    [queryClient],
  );
}

/**
 * The one follow intent every screen uses: the member's follow state and follower count as the viewer
 * should see them (pending taps applied), and the toggle. `server` is the cache's (server's) copy.
 */
export function useFollow(memberId: string, server: FollowState): FollowState & { toggle: () => void } {
  const intent = useFollowIntent(memberId);
  const toggle = useToggleFollow();
  const { isFollowed, followersCount } = applyFollowIntent(server, intent);
  return { isFollowed, followersCount, toggle: () => toggle(memberId, server.isFollowed) };
}
