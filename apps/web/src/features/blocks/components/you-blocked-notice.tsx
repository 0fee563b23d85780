import { type ReactNode, useLayoutEffect, useRef } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { BanIcon } from "../../../components/icons";
import { focusIsLost } from "../../../lib/use-focus-when-closed";
import { useUnblockMember } from "../hooks/use-unblock-member";

interface YouBlockedNoticeProps {
  member: { _id: string; username: string };
  /** What the block means here. */
  children: ReactNode;
  /** Just before the unblock is sent (a screen that shows the member again may need to know). */
  onUnblock?: () => void;
  /** More ways on beside Unblock (a link back). */
  more?: ReactNode;
  className: string;
}

/**
 * As Instagram shows what belongs to a member one blocked (their profile, a post of theirs left open):
 * who, what the block means, and Unblock. Just blocked from a menu that went with the focus, Unblock
 * takes it: it is what is left to do.
 */
export function YouBlockedNotice({ member, children, onUnblock, more, className }: YouBlockedNoticeProps) {
  const unblock = useUnblockMember();
  const unblockButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusIsLost()) unblockButton.current?.focus();
  }, []);
  return (
    <section className={`flex flex-col items-center text-center ${className}`}>
      <span className="flex size-16 items-center justify-center rounded-full bg-zinc-100 text-zinc-600">
        <BanIcon className="size-8" />
      </span>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-zinc-900">You blocked @{member.username}</h1>
      <p className="mt-2 max-w-xs text-sm text-zinc-600">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          ref={unblockButton}
          type="button"
          onClick={() => {
            onUnblock?.();
            unblock.mutate(member);
          }}
          disabled={unblock.isPending}
          className={buttonStyles.primary}
        >
          {unblock.isPending ? "Unblocking..." : "Unblock"}
        </button>
        {more}
      </div>
    </section>
  );
}
