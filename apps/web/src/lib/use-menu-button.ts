import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

/**
 * A menu button's behaviour (WAI-ARIA menu button): opening focuses the first item; arrows, Home and
 * End move between items; Escape closes and returns focus to the button; Tab or a click outside closes.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current.find(Boolean)?.focus();
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

  function onMenuKeyDown(event: KeyboardEvent<HTMLElement>) {
    const buttons = itemRefs.current.filter((button): button is HTMLButtonElement => !!button);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const targets: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key in targets) {
      // Keys the menu uses must not also scroll what is behind it (the flicks feed).
      event.preventDefault();
      event.stopPropagation();
      const next = targets[event.key] ?? 0;
      buttons[(next + buttons.length) % buttons.length]?.focus();
    } else if (event.key === "Tab") {
      close(false);
    }
  }

  return {
    open,
    close,
    toggle: () => setOpen((value) => !value),
    menuId,
    rootRef,
    triggerRef,
    /** The ref of the item at `index`, for arrow-key moves. */
    itemRef: (index: number) => (button: HTMLButtonElement | null) => {
      itemRefs.current[index] = button;
    },
    onMenuKeyDown,
  };
}
