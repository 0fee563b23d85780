import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { syncIntent } from "../../../lib/intent-store";
import { getToken } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { profileKeys } from "../../profile/api/profile-keys";
import { followUser, unfollowUser } from "../api/follows.api";
import { applyFollowAnswer, cachedFollowRelation, knownPrivacy } from "../cache/follow-cache";
import {
  applyFollowIntent,
  type FollowState,
  type FollowStatus,
  followStatus,
  getFollowIntents,
  isFollowActive,
  useFollowIntent,
} from "../cache/follow-intents";

function failureText(queryClient: QueryClient, memberId: string, wasActive: boolean): string {
  if (!wasActive) return "Couldn't follow. Please try again.";
  return cachedFollowRelation(queryClient, memberId)?.isRequested
    ? "Couldn't withdraw the follow request. Please try again."
    : "Couldn't unfollow. Please try again.";
}

function syncFollow(queryClient: QueryClient, memberId: string, lastKnown: boolean): Promise<void> {
  return syncIntent({
    store: getFollowIntents(queryClient),
    key: memberId,
    lastKnown,
    cached: () => {
      const relation = cachedFollowRelation(queryClient, memberId);
      return relation && isFollowActive(relation);
    },
    send: async (wanted) => {
      // Unfollow also withdraws a pending request.
      const answer = wanted ? await followUser(memberId) : await unfollowUser(memberId);
      applyFollowAnswer(queryClient, memberId, answer);
      return isFollowActive(answer);
    },
    onError: (error, server) => {
      toast.error(errorMessage(error, failureText(queryClient, memberId, server)), {
        toastId: `follow-error-${memberId}`,
      });
      // Refused for what the member now is to the viewer (a block, an account gone): the profile
      // shown is stale, so it is asked again and shows what is true now.
      if (error instanceof ApiError && (error.status === 403 || error.status === 404))
        void queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
    },
  });
}

/**
 * Follow, ask to follow (a private member), unfollow or withdraw a request, shown at once wherever the
 * member appears (profile, feed, posts, follow lists). `active` is the server's state as the caller has
 * it (following or requested), not the optimistic one.
 */
export function useToggleFollow(): (memberId: string, active: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (memberId: string, active: boolean) => {
      // Spec §5: following needs a signed-in member.
      if (!getToken()) {
        window.alert("Login required");
        return;
      }
      const intents = getFollowIntents(queryClient);
      const shown = intents.get(memberId) ?? active;
      intents.set(memberId, !shown);
      void syncFollow(queryClient, memberId, active);
    },
    [queryClient],
  );
}

/**
 * The one follow intent every screen uses: the member's follow state and follower count as the viewer
 * should see them (pending taps applied), whether they are private (a follow becomes a request, an
 * unfollow is asked first), and the toggle. `server` is the cache's (server's) copy; `isPrivate` is
 * what the caller read with the member, when it did.
 */
export function useFollow(
  memberId: string,
  server: FollowState,
  isPrivate?: boolean,
): FollowState & { status: FollowStatus; isPrivate: boolean; toggle: () => void } {
  const queryClient = useQueryClient();
  const intent = useFollowIntent(memberId);
  const toggle = useToggleFollow();
  const privacy = knownPrivacy(queryClient, memberId, isPrivate);
  const shown = applyFollowIntent(server, intent, intent !== undefined && privacy);
  return {
    ...shown,
    status: followStatus(shown),
    isPrivate: privacy,
    toggle: () => toggle(memberId, isFollowActive(server)),
  };
}
