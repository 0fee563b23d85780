import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { userKeys } from "../../auth/api/user-keys";
import { profileKeys } from "../../profile/api/profile-keys";
import { applyOwnProfile } from "../../profile/cache/profile-cache";
import { unblockMember } from "../api/blocks.api";

/** Spec §8, Blocked accounts. */
export const UNBLOCK_TEXTS = {
  unblocked: (name: string) => `Unblocked ${name}`,
  failed: "Failed to unblock user",
} as const;

/**
 * PUT /user/unblock, from Settings or the blocked member's profile: the answer becomes the member's
 * account everywhere, and profiles are asked again (the unblocked member's shows once more).
 */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: { _id: string; username: string }) => unblockMember(member._id),
    onSuccess: async (answer, member) => {
      toast.success(UNBLOCK_TEXTS.unblocked(member.username));
      // The profile first, then the account: a profile screen shows the member once it has them,
      // never "not found" between the two.
      await queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
      if (answer?.user) applyOwnProfile(queryClient, answer.user);
    },
    onError: async (error, member) => {
      // Not blocked any more (unblocked in another tab while this one was away): what was asked is
      // done, and this screen shows what the server has once it reads the account again.
      if (error instanceof ApiError && error.status === 404) {
        await queryClient.invalidateQueries({ queryKey: profileKeys.pages() });
        await queryClient.invalidateQueries({ queryKey: userKeys.me(), exact: true });
        toast.success(UNBLOCK_TEXTS.unblocked(member.username));
        return;
      }
      console.error("Unblocking failed", error);
      toast.error(UNBLOCK_TEXTS.failed);
    },
  });
}
