import { useRovingFocus } from "./use-roving-focus";

/**
 * Keyboard use of a WAI-ARIA tablist: one tab stop; arrows, Home and End move to a tab and select it.
 * Returns the tablist's key handler and a ref setter for each tab button.
 */
export function useRovingTabs<Id extends string>(
  tabs: readonly { id: Id }[],
  selected: Id,
  onSelect: (id: Id) => void,
) {
  const { onKeyDown, itemRef } = useRovingFocus({
    keys: tabs.map((tab) => tab.id),
    current: selected,
    onMove: onSelect,
    orientation: "horizontal",
    wrap: true,
  });
  return { onKeyDown, tabRef: itemRef };
}
