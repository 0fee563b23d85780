import type { ChatParticipant } from "@flik/shared";
import { buttonStyles } from "../../../components/button-styles";
import { useUnblockMember } from "../../blocks/hooks/use-unblock-member";
import { CANT_MESSAGE_TEXT } from "../hooks/outbox-delivery";

/**
 * In place of the send box in a one-to-one chat with a member the viewer blocked: why nothing can be
 * sent, and the way back, as their profile offers it ("You blocked @name", Unblock). Unblocked, the send
 * box comes back by itself (the account no longer lists them).
 */
export function BlockedBar({ partner }: { partner: ChatParticipant }) {
  const unblock = useUnblockMember();
  return (
    <section
      aria-label="Blocked account"
      className="flex flex-col items-center gap-1 border-t border-zinc-200/80 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center"
    >
      <p className="text-sm font-semibold text-zinc-900">You blocked @{partner.username}</p>
      <p role="status" className="text-xs text-zinc-600">
        {CANT_MESSAGE_TEXT}
      </p>
      <button
        type="button"
        onClick={() => unblock.mutate(partner)}
        disabled={unblock.isPending}
        className={`${buttonStyles.secondary} mt-2 px-5 py-1.5`}
      >
        {unblock.isPending ? "Unblocking..." : "Unblock"}
      </button>
    </section>
  );
}
