import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { FlagIcon, MoreIcon, TrashIcon } from "../../../components/icons";
import { actionButton } from "./overlay-button";

interface FlickMenuProps {
  isOwner: boolean;
  onDelete: () => void;
  onReport: () => void;
}

/** The ⋯ menu (spec §2): Delete for the flick's owner, Report for everyone else (spec §6). */
export function FlickMenu({ isOwner, onDelete, onReport }: FlickMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);
  const item = isOwner
    ? { label: "Delete", Icon: TrashIcon, onSelect: onDelete, className: "text-red-600" }
    : { label: "Report", Icon: FlagIcon, onSelect: onReport, className: "text-zinc-800" };

  useEffect(() => {
    if (!open) return;
    itemRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) {
      // One item: every move lands on it, and the feed must not scroll meanwhile.
      event.preventDefault();
      event.stopPropagation();
      itemRef.current?.focus();
    } else if (event.key === "Tab") {
      close(false);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={actionButton}
      >
        <MoreIcon className="size-7" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="More options"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="motion-safe:animate-fade-in absolute right-full bottom-0 z-30 mr-2 w-44 overflow-hidden rounded-xl bg-white py-1 shadow-2xl shadow-black/40"
        >
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close(true);
              item.onSelect();
            }}
            className={`flex w-full items-center gap-3 px-4 py-3 text-left text-sm font-semibold transition hover:bg-zinc-50 focus-visible:bg-zinc-100 focus-visible:outline-none ${item.className}`}
          >
            <item.Icon className="size-5" />
            {item.label}
          </button>
        </div>
      )}
    </div>
  );
}
