import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { toast } from "react-toastify/unstyled";
import { errorMessage } from "../../../lib/api-client";
import { getToken } from "../../../lib/storage";
import { getPostShadow } from "../../posts/cache/post-shadow";
import { followUser, unfollowUser } from "../api/follows.api";
import { applyFollowAnswer, cachedFollowState } from "../cache/follow-cache";

/**
 * Sends follow/unfollow until the server agrees with the viewer's latest intent, one request at a
 * time (a burst of taps costs at most two). A failure drops the intent: the server's state shows
 * again, which is the rollback.
 */
async function syncFollow(queryClient: QueryClient, userId: string, lastKnown: boolean): Promise<void> {
  const shadow = getPostShadow(queryClient);
  const key = `follow:${userId}`;
  if (!shadow.beginSync(key)) return;
  let serverFollowed = lastKnown;
  try {
    for (;;) {
      serverFollowed = cachedFollowState(queryClient, userId) ?? serverFollowed;
      const wanted = shadow.followIntent(userId);
      if (wanted === undefined || wanted === serverFollowed) break;
      const answer = wanted ? await followUser(userId) : await unfollowUser(userId);
      serverFollowed = answer.isFollowed;
      applyFollowAnswer(queryClient, userId, answer);
    }
  } catch (error) {
    toast.error(
      errorMessage(
        error,
        serverFollowed ? "Couldn't unfollow. Please try again." : "Couldn't follow. Please try again.",
      ),
      { toastId: `follow-error-${userId}` },
    );
  } finally {
    shadow.endSync(key);
    shadow.releaseFollowIntent(userId);
  }
}

/**
 * Follow or unfollow a member, shown at once wherever they appear (profile, feed, posts).
 * `isFollowed` is the server's state as the caller has it, not the optimistic one.
 */
export function useToggleFollowMember(): (userId: string, isFollowed: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (userId: string, isFollowed: boolean) => {
      // Spec §5: following needs a signed-in member.
      if (!getToken()) {
        window.alert("Login required");
        return;
      }
      const shadow = getPostShadow(queryClient);
      const shown = shadow.followIntent(userId) ?? isFollowed;
      shadow.setFollowIntent(userId, !shown);
      void syncFollow(queryClient, userId, isFollowed);
    },
    [queryClient],
  );
}

/** The viewer's pending follow intent for this member, if any. */
export function useFollowIntent(userId: string): boolean | undefined {
  const shadow = getPostShadow(useQueryClient());
  return useSyncExternalStore(
    shadow.subscribe,
    useCallback(() => shadow.followIntent(userId), [shadow, userId]),
  );
}
