import { useQueryClient } from "@tanstack/react-query";
import { getUserId } from "../../../lib/storage";
import { useSocketEvents } from "../../realtime/use-socket-events";
import {
  applyFollowAnswer,
  applyFollowerChange,
  applyPrivacyChange,
  dropPostsOfPrivateMember,
} from "../cache/follow-cache";

/**
 * Applies the server's postFollowed. A follow the member made or undid in another tab, or a request a
 * private member accepted, shows on every post, profile and list here as the answer would have; someone
 * following or unfollowing the member moves their own follower count. A request the member made in
 * another tab reads "Requested" (followRequestSent); one that closed unanswered (declined, or withdrawn
 * in another tab: followRequestClosed) reads "Follow" again. A member who went private or public shows
 * so everywhere (memberPrivacyChanged).
 */
export function useFollowLiveUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvents({
    postFollowed: ({ userId, followerId, isFollowed, followersCount, removed, isPrivate }) => {
      const myId = getUserId();
      if (followerId === myId) {
        // Removed by a private member: her posts leave every list at once (the server shows them no
        // more). An unfollow of one's own keeps the card, to follow again from it, until the next load.
        if (removed) dropPostsOfPrivateMember(queryClient, userId, isPrivate);
        applyFollowAnswer(queryClient, userId, { isFollowed, isRequested: false, followersCount });
      } else if (userId === myId) {
        applyFollowerChange(queryClient, myId, { followerId, isFollowed, followersCount });
      }
    },
    followRequestClosed: ({ userId, followersCount }) =>
      applyFollowAnswer(queryClient, userId, { isFollowed: false, isRequested: false, followersCount }),
    followRequestSent: ({ userId, followersCount }) =>
      applyFollowAnswer(queryClient, userId, { isFollowed: false, isRequested: true, followersCount }),
    memberPrivacyChanged: ({ userId, isPrivate }) => applyPrivacyChange(queryClient, userId, isPrivate),
  });
}

/** Mount once inside the signed-in area. */
export function FollowLiveUpdates() {
  useFollowLiveUpdates();
  return null;
}
