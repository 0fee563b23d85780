import { BanIcon, FlagIcon, MoreIcon, TrashIcon } from "../../../components/icons";
import { useMenuButton } from "../../../lib/use-menu-button";
import { actionButton } from "./overlay-button";

interface FlickMenuProps {
  isOwner: boolean;
  onDelete: () => void;
  onReport: () => void;
  /** Block the flick's author: offered on others' flicks only. */
  onBlock?: () => void;
}

/** The ⋯ menu (spec §2): Delete for the flick's owner, Report (and Block) for everyone else (spec §6). */
export function FlickMenu({ isOwner, onDelete, onReport, onBlock }: FlickMenuProps) {
  const { open, close, toggle, menuId, rootRef, triggerRef, itemRef, onMenuKeyDown } = useMenuButton();
  const items = isOwner
    ? [{ label: "Delete", Icon: TrashIcon, onSelect: onDelete, className: "text-red-700" }]
    : [
        { label: "Report", Icon: FlagIcon, onSelect: onReport, className: "text-zinc-800" },
        ...(onBlock ? [{ label: "Block", Icon: BanIcon, onSelect: onBlock, className: "text-red-700" }] : []),
      ];

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
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
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={itemRef(index)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              className={`flex w-full items-center gap-3 px-4 py-3 text-left text-sm font-semibold transition hover:bg-zinc-50 focus-visible:bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-fuchsia-600 ${item.className}`}
            >
              <item.Icon className="size-5" />
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
