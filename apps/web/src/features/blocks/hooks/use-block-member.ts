import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { blockMember } from "../api/blocks.api";
import { applyBlock, type BlockTarget } from "../cache/block-cache";

export const BLOCK_TEXTS = {
  blocked: (username: string) => `Blocked ${username}`,
  failed: "Failed to block user",
} as const;

/** POST /user/block; on success the blocked member's content leaves every screen. */
export function useBlockMember(onBlocked?: (target: BlockTarget) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: BlockTarget) => blockMember(target._id),
    onSuccess: (answer, target) => {
      // An answer without the account (an older server) still records the block.
      applyBlock(queryClient, target, answer?.user);
      toast.success(BLOCK_TEXTS.blocked(target.username), { toastId: `blocked-${target._id}` });
      onBlocked?.(target);
    },
    onError: (error) => {
      console.error("Blocking failed", error);
      toast.error(BLOCK_TEXTS.failed, { toastId: "block-error" });
    },
  });
}
