import { BanIcon, MoreIcon } from "../../../components/icons";
import { DangerMenuItem } from "../../../components/menu-item";
import { useMenuButton } from "../../../lib/use-menu-button";

interface ProfileMenuProps {
  username: string;
  onBlock: () => void;
  className: string;
}

/** The ⋯ beside another member's Follow and Share Profile: Block. */
export function ProfileMenu({ username, onBlock, className }: ProfileMenuProps) {
  const { open, close, toggle, menuId, rootRef, triggerRef, itemRef, onMenuKeyDown } = useMenuButton();
  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        ref={triggerRef}
        type="button"
        aria-label="Profile options"
        title={`Options for @${username}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) close(true);
        }}
        className={className}
      >
        <MoreIcon className="size-5" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Profile options"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="motion-safe:animate-fade-in absolute top-full right-0 z-20 mt-1 w-48 overflow-hidden rounded-xl border border-zinc-200 bg-white py-1 shadow-xl shadow-zinc-900/10"
        >
          <DangerMenuItem itemRef={itemRef(0)} close={close} onSelect={onBlock}>
            <BanIcon className="size-4" />
            Block
          </DangerMenuItem>
        </div>
      )}
    </div>
  );
}
