import { useLayoutEffect, useRef } from "react";

interface FocusSurvivesRemovalOptions<K> {
  /** The items' keys, in the order they show. */
  keys: readonly K[];
  /** What takes the focus for the item `key` (the item itself, or its article). */
  itemOf: (key: K) => HTMLElement | null | undefined;
  /** What takes the focus when no item is left (the screen's heading, the list). */
  whenEmpty?: () => HTMLElement | null | undefined;
  /** Told which item took the focus over (a roving list makes it the current one). */
  onHandedOn?: (key: K) => void;
}

/**
 * A list whose items can leave while one holds the focus (deleted live by its author, its author blocked
 * from its menu, found gone): the focus would fall to the page, from whose top a keyboard member starts
 * again. The item after it takes it instead, else the one before, else `whenEmpty`. Call `holds(key)`
 * whenever the focus lands in an item; a focus that went elsewhere since is left where it is.
 */
export function useFocusSurvivesRemoval<K>({
  keys,
  itemOf,
  whenEmpty,
  onHandedOn,
}: FocusSurvivesRemovalOptions<K>) {
  const holder = useRef<K | null>(null);
  const keysBefore = useRef(keys);
  const latest = useRef({ itemOf, whenEmpty, onHandedOn });
  // Before the hand-over below, which reads them: this render's callbacks, never an earlier one's.
  useLayoutEffect(() => {
    latest.current = { itemOf, whenEmpty, onHandedOn };
  });

  useLayoutEffect(() => {
    const before = keysBefore.current;
    keysBefore.current = keys;
    const left = holder.current;
    if (left === null || keys.includes(left)) return;
    holder.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const at = before.indexOf(left);
    const next =
      before.slice(at + 1).find((key) => keys.includes(key)) ??
      before.slice(0, Math.max(at, 0)).findLast((key) => keys.includes(key));
    const { itemOf, whenEmpty, onHandedOn } = latest.current;
    if (next !== undefined) onHandedOn?.(next);
    (next === undefined ? whenEmpty?.() : itemOf(next))?.focus({ preventScroll: true });
  }, [keys]);

  return {
    holds: (key: K) => {
      holder.current = key;
    },
  };
}
