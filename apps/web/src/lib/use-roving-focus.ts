import { type KeyboardEvent, useRef, useState } from "react";

/**
 * Roving focus over a list's items (WAI-ARIA's roving tabindex): the list is one Tab stop, the item
 * last focused (else `preferredId`, else the first); ArrowDown and ArrowUp move between items, Home and
 * End go to the ends. Keys pressed on anything inside an item other than the item itself (its menu
 * button, a field) are left alone.
 */
export function useRovingFocus<T extends HTMLElement>(ids: readonly string[], preferredId?: string | null) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const elements = useRef(new Map<string, T>());
  const pick = (id: string | null | undefined) => (id && ids.includes(id) ? id : undefined);
  const currentId = pick(focusedId) ?? pick(preferredId) ?? ids[0];

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = ids.findIndex((id) => elements.current.get(id) === event.target);
    if (index < 0) return;
    const targets: Record<string, number> = {
      ArrowDown: Math.min(index + 1, ids.length - 1),
      ArrowUp: Math.max(index - 1, 0),
      Home: 0,
      End: ids.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    // The keys move focus instead of scrolling the list.
    event.preventDefault();
    const id = ids[target];
    if (id === undefined) return;
    setFocusedId(id);
    elements.current.get(id)?.focus();
  }

  return {
    onKeyDown,
    /** Spread on the element that takes focus for item `id`. */
    itemProps: (id: string) => ({
      ref: (element: T | null) => {
        if (element) elements.current.set(id, element);
        else elements.current.delete(id);
      },
      tabIndex: id === currentId ? 0 : -1,
      onFocus: () => setFocusedId(id),
    }),
    /** Whether item `id` is the list's Tab stop. */
    isCurrent: (id: string) => id === currentId,
  };
}
