import { type KeyboardEvent, useRef } from "react";

/**
 * Keyboard use of a WAI-ARIA tablist: one tab stop; arrows, Home and End move to a tab and select it.
 * Returns the tablist's key handler and a ref setter for each tab button.
 */
export function useRovingTabs<Id extends string>(
  tabs: readonly { id: Id }[],
  selected: Id,
  onSelect: (id: Id) => void,
) {
  const refs = useRef<Partial<Record<Id, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    refs.current[next.id]?.focus();
  }

  const tabRef = (id: Id) => (button: HTMLButtonElement | null) => {
    refs.current[id] = button;
  };

  return { onKeyDown, tabRef };
}
