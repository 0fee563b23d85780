import type { User } from "@flik/shared";
import { useEffect, useRef } from "react";
import { Avatar } from "../../../components/avatar";
import { BanIcon } from "../../../components/icons";
import { UNBLOCK_TEXTS, useUnblockMember } from "../../blocks/hooks/use-unblock-member";
import { EditPanel } from "../components/edit-panel";

export const BLOCKED_TEXTS = { ...UNBLOCK_TEXTS, none: "No blocked accounts" } as const;

/**
 * Spec §2 Blocked accounts: the member's blocked list (GET /user's blockedUsers, newest first) with
 * avatar, username and full name, each with Unblock.
 */
export function BlockedPanel({ user, onClose }: { user: User; onClose: () => void }) {
  const unblock = useUnblockMember();
  const blocked = user.blockedUsers;
  // Where the member was in the list: an unblocked row goes with its button, so the focus moves to the
  // row now in its place (or the one before, or the empty list's words), never lost to the page.
  // (While it is asked, its button is disabled and the focus waits; a refusal gives it back.)
  const listRef = useRef<HTMLDivElement>(null);
  const unblocking = useRef<{ id: string; index: number } | null>(null);
  const pending = unblock.isPending;
  useEffect(() => {
    const asked = unblocking.current;
    const list = listRef.current;
    if (!asked || !list || pending) return;
    unblocking.current = null;
    if (list.contains(document.activeElement)) return;
    const buttons = list.querySelectorAll<HTMLElement>("li button");
    const stayed = blocked.findIndex((member) => member._id === asked.id);
    const at = stayed >= 0 ? stayed : Math.min(asked.index, buttons.length - 1);
    (buttons[at] ?? list).focus();
  }, [blocked, pending]);

  return (
    <EditPanel title="Blocked accounts" onClose={onClose}>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        {blocked.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-zinc-100 text-zinc-600">
              <BanIcon className="size-7" />
            </span>
            <p className="text-base font-semibold text-zinc-900">{BLOCKED_TEXTS.none}</p>
            <p className="max-w-xs text-sm text-zinc-600">When you block someone, they'll show up here.</p>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm text-zinc-600">
              You can unblock an account at any time. They won't be told.
            </p>
            <ul className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200">
              {blocked.map((member, index) => {
                const busy = unblock.isPending && unblock.variables?._id === member._id;
                return (
                  <li key={member._id} className="flex items-center gap-3 px-4 py-3">
                    <Avatar src={member.avatar} name={member.username} className="size-11 text-base ring-0" />
                    <p className="min-w-0 flex-1 leading-tight">
                      <span className="block truncate text-sm font-semibold text-zinc-900">
                        {member.username}
                      </span>{" "}
                      {member.fullName && (
                        <span className="block truncate text-sm text-zinc-500">{member.fullName}</span>
                      )}
                    </p>
                    <button
                      type="button"
                      onClick={() => {
                        unblocking.current = { id: member._id, index };
                        unblock.mutate(member);
                      }}
                      disabled={busy}
                      aria-label={`Unblock ${member.username}`}
                      className="rounded-lg border border-zinc-200 bg-white px-3.5 py-2 text-sm font-semibold text-zinc-800 transition hover:bg-zinc-50 disabled:opacity-60"
                    >
                      {busy ? "Unblocking..." : "Unblock"}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </EditPanel>
  );
}
