import type { ReactNode } from "react";
import { BanIcon, FlagIcon, LinkIcon, MoreIcon, PencilIcon, TrashIcon } from "../../../components/icons";
import { toast } from "../../../lib/toast";
import { useMenuButton } from "../../../lib/use-menu-button";

interface PostMenuProps {
  isOwner: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onCopyLink: () => void;
  /** Block the post's author: offered on others' posts only. */
  onBlock?: () => void;
}

interface Item {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * The "Post options" menu button: owner → Edit, Delete; everyone → Copy link; others' posts → Report and
 * Block. Report, as the flicks screen's (spec §2, §6), only says "Reported!" and makes no call.
 */
export function PostMenu({ isOwner, onEdit, onDelete, onCopyLink, onBlock }: PostMenuProps) {
  const { open, close, toggle, menuId, rootRef, triggerRef, itemRef, onMenuKeyDown } = useMenuButton();

  const items: Item[] = [
    ...(isOwner
      ? [
          { label: "Edit", icon: <PencilIcon className="size-4" />, onSelect: onEdit },
          { label: "Delete", icon: <TrashIcon className="size-4" />, onSelect: onDelete, danger: true },
        ]
      : []),
    { label: "Copy link", icon: <LinkIcon className="size-4" />, onSelect: onCopyLink },
    ...(isOwner
      ? []
      : [
          { label: "Report", icon: <FlagIcon className="size-4" />, onSelect: () => toast.info("Reported!") },
        ]),
    ...(!isOwner && onBlock
      ? [{ label: "Block", icon: <BanIcon className="size-4" />, onSelect: onBlock, danger: true }]
      : []),
  ];

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) close(true);
        }}
        className="flex size-10 items-center justify-center rounded-full text-zinc-700 transition hover:bg-zinc-100 hover:text-zinc-950"
      >
        <MoreIcon className="size-5" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Post options"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-20 mt-1 w-48 overflow-hidden rounded-xl border border-zinc-200 bg-white py-1 shadow-xl shadow-zinc-900/10"
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
              className={`flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium transition hover:bg-zinc-50 focus-visible:bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-fuchsia-600 ${
                item.danger ? "text-red-700" : "text-zinc-800"
              }`}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
