import type { ReactNode, Ref } from "react";

interface MenuItemProps {
  itemRef: Ref<HTMLButtonElement>;
  close: (refocus: boolean) => void;
  onSelect: () => void;
  children: ReactNode;
}

const tones = {
  plain: "text-zinc-800 hover:bg-zinc-50 focus-visible:bg-zinc-100",
  danger: "text-red-700 hover:bg-red-50 focus-visible:bg-red-50",
};

/**
 * An item of a ⋯ menu (Rename group); the menu's keyboard behaviour comes from `useMenuButton`, whose
 * `itemRef` and `close` the menu passes in. Choosing it closes the menu, the focus back on its button.
 */
export function MenuItem({
  itemRef,
  close,
  onSelect,
  children,
  tone = "plain",
}: MenuItemProps & { tone?: keyof typeof tones }) {
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
      className={`flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-semibold transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-fuchsia-600 ${tones[tone]}`}
    >
      {children}
    </button>
  );
}

/** A destructive item of a ⋯ menu (Block, Delete chat) in the red of its kind. */
export function DangerMenuItem(props: MenuItemProps) {
  return <MenuItem {...props} tone="danger" />;
}
