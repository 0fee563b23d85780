import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getUserId } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { followKeys } from "../api/follow-keys";
import { removeFollower } from "../api/follows.api";
import { applyFollowerChange, withoutFollowListMember } from "../cache/follow-cache";

export const REMOVE_FOLLOWER_FAILED = "Couldn't remove this follower. Please try again.";

/**
 * Remove follower on the member's own followers list: the row goes at once (optimistic), the count
 * follows the server's answer; on a failure the list is read again (the row comes back) and the member
 * is told.
 */
export function useRemoveFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followerId: string) => removeFollower(followerId),
    onMutate: async (followerId) => {
      const myId = getUserId() ?? "";
      const key = followKeys.list("followers", myId);
      await queryClient.cancelQueries({ queryKey: key });
      withoutFollowListMember(queryClient, key, followerId);
      return { key };
    },
    onSuccess: ({ followersCount }, followerId) => {
      const myId = getUserId();
      if (myId) applyFollowerChange(queryClient, myId, { followerId, isFollowed: false, followersCount });
    },
    onError: (error, _followerId, context) => {
      console.error("Removing a follower failed", error);
      // Read again rather than put back a copy: another removal since would come back with the copy.
      if (context) void queryClient.invalidateQueries({ queryKey: context.key });
      toast.error(REMOVE_FOLLOWER_FAILED);
    },
  });
}
