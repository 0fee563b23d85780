import { useState } from "react";
import { BanIcon, MoreIcon, PencilIcon, TrashIcon } from "../../../components/icons";
import { LogOutIcon } from "../../../components/later-icons";
import { DangerMenuItem, MenuItem } from "../../../components/menu-item";
import { useMenuButton } from "../../../lib/use-menu-button";

interface ChatOptionsMenuProps {
  /** The button's name: "More options" on a row, "Chat options" over the open conversation. */
  label: string;
  /** The chat's title element, so the button is announced with the chat it belongs to. */
  describedBy?: string;
  onDelete: () => void;
  /** Rename the group (groups only; the open conversation's menu only). */
  onRename?: () => void;
  /** Leave the group (groups only). */
  onLeave?: () => void;
  /** Block the other member of a one-to-one chat (the open conversation's menu only). */
  onBlock?: () => void;
  /** The list's roving focus decides whether a row's button is a Tab stop. */
  tabIndex?: number;
  className?: string;
}

/** The room the menu wants below its button before it opens upwards instead. */
const MENU_ROOM_PX = 120;

/**
 * A ⋯ button whose menu holds Delete chat (and Block, in a one-to-one chat; Leave group, in a group):
 * each is one deliberate step away, then confirmed. Rename group, which takes nothing away, comes first
 * and in the menu's plain colour.
 */
export function ChatOptionsMenu({
  label,
  describedBy,
  onDelete,
  onRename,
  onLeave,
  onBlock,
  tabIndex,
  className = "",
}: ChatOptionsMenuProps) {
  const { open, close, toggle, menuId, rootRef, triggerRef, itemRef, onMenuKeyDown } = useMenuButton();
  const [upwards, setUpwards] = useState(false);
  // Arrow keys move through the items in order: each one's index counts those offered before it.
  const blockIndex = onRename ? 1 : 0;
  const leaveIndex = blockIndex + (onBlock ? 1 : 0);
  const deleteIndex = leaveIndex + (onLeave ? 1 : 0);

  function onToggle() {
    const bottom = triggerRef.current?.getBoundingClientRect().bottom ?? 0;
    setUpwards(bottom > window.innerHeight - MENU_ROOM_PX);
    toggle();
  }

  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={label}
        aria-describedby={describedBy}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={tabIndex}
        onClick={onToggle}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) close(true);
        }}
        className="flex size-9 items-center justify-center rounded-full text-zinc-500 transition hover:bg-zinc-200/70 hover:text-zinc-900 aria-expanded:bg-zinc-200/70 aria-expanded:text-zinc-900"
      >
        <MoreIcon className="size-5" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={`motion-safe:animate-fade-in absolute right-0 z-30 w-max min-w-44 overflow-hidden rounded-xl border border-zinc-200 bg-white py-1 shadow-xl shadow-zinc-900/10 ${
            upwards ? "bottom-full mb-1" : "top-full mt-1"
          }`}
        >
          {onRename && (
            <MenuItem itemRef={itemRef(0)} close={close} onSelect={onRename}>
              <PencilIcon className="size-4" />
              Rename group
            </MenuItem>
          )}
          {onBlock && (
            <DangerMenuItem itemRef={itemRef(blockIndex)} close={close} onSelect={onBlock}>
              <BanIcon className="size-4" />
              Block
            </DangerMenuItem>
          )}
          {onLeave && (
            <DangerMenuItem itemRef={itemRef(leaveIndex)} close={close} onSelect={onLeave}>
              <LogOutIcon className="size-4" />
              Leave group
            </DangerMenuItem>
          )}
          <DangerMenuItem itemRef={itemRef(deleteIndex)} close={close} onSelect={onDelete}>
            <TrashIcon className="size-4" />
            Delete chat
          </DangerMenuItem>
        </div>
      )}
    </div>
  );
}
