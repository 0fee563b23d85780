import type { ReactNode, Ref } from "react";

/**
 * A destructive item of a ⋯ menu (Block, Delete chat) in the red of its kind; the menu's keyboard
 * behaviour comes from `useMenuButton`, whose `itemRef` and `close` the menu passes in.
 */
export function DangerMenuItem({
  itemRef,
  close,
  onSelect,
  children,
}: {
  itemRef: Ref<HTMLButtonElement>;
  close: (refocus: boolean) => void;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={itemRef}
      type="button"
      role="menuitem"
      tabIndex={-1}
      onClick={() => {
        close(true);
        onSelect();
      }}
      className="flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-semibold text-red-700 transition hover:bg-red-50 focus-visible:bg-red-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-fuchsia-600"
    >
      {children}
    </button>
  );
}
