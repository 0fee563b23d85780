import { type FocusEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type TabStops, trackTabStops } from "./tab-stops";
import { useFocusSurvivesRemoval } from "./use-focus-survives-removal";

export interface RovingFocusOptions<K extends string> {
  /** The items' keys, in the order they show. */
  keys: readonly K[];
  /** The item holding the list's tab stop when the caller decides it (a tablist's selected tab). */
  current?: K;
  /**
   * The item holding the tab stop until the member moves it, and again whenever it changes (the open
   * chat in the chat list): Tab into the list lands on it, as on a listbox's selected option.
   */
  start?: K;
  /** Told when a key press moves to another item (a tablist selects it). */
  onMove?: (key: K) => void;
  /** Left and right arrows (a tab row) or up and down (a feed). */
  orientation?: "horizontal" | "vertical";
  /** After the last item comes the first again (tablists); a feed stops at its ends. */
  wrap?: boolean;
  /** j and k move down and up too, as in mail and feed readers. */
  letterKeys?: boolean;
  /**
   * Controls inside the items other than the current one leave the Tab order, so the whole list is one
   * Tab stop: Tab goes from the current item into its own controls, then out of the list.
   */
  singleTabStop?: boolean;
  /** Scroll a newly focused item to the top (posts in a feed) instead of just into view. */
  alignToTop?: boolean;
  /** Takes the focus when the item holding it leaves and none is left (the screen's heading). */
  focusWhenEmpty?: () => HTMLElement | null;
}

type Step = number | "first" | "last";

/** What a key asks for in a list of this orientation; modified keys belong to the browser. */
function stepFor(
  event: KeyboardEvent,
  orientation: "horizontal" | "vertical",
  letterKeys: boolean,
): Step | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const [back, forward] =
    orientation === "horizontal" ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
  if (event.key === forward || (letterKeys && event.key === "j")) return 1;
  if (event.key === back || (letterKeys && event.key === "k")) return -1;
  if (event.key === "Home") return "first";
  if (event.key === "End") return "last";
  return null;
}

function targetIndex(step: Step, index: number, length: number, wrap: boolean): number {
  if (step === "first") return 0;
  if (step === "last") return length - 1;
  const next = index + step;
  return wrap ? (next + length) % length : Math.min(Math.max(next, 0), length - 1);
}

/**
 * A roving tabindex (WAI-ARIA composite): one Tab stop for a list of items; arrows, Home and End (and
 * j/k where asked) move focus between them. Spread `listProps` on the element around the items and
 * `itemProps(key)` on each item. Keys act only while an item itself has focus, so typing in a field
 * inside an item never moves.
 */
export function useRovingFocus<K extends string>({
  keys,
  current,
  start,
  onMove,
  orientation = "vertical",
  wrap = false,
  letterKeys = false,
  singleTabStop = false,
  alignToTop = false,
  focusWhenEmpty,
}: RovingFocusOptions<K>) {
  const elements = useRef(new Map<K, HTMLElement>());
  const [focused, setFocused] = useState<K | null>(null);
  // A new start (another chat opened, from anywhere) takes the tab stop back from the item last focused.
  const [startSeen, setStartSeen] = useState(start);
  if (start !== startSeen) {
    setStartSeen(start);
    setFocused(null);
  }
  const wanted = current ?? focused ?? start ?? null;
  // The item that was current may have left the list (a deleted post): the first one takes over.
  const currentKey = wanted !== null && keys.includes(wanted) ? wanted : (keys[0] ?? null);

  function keyOf(element: EventTarget | null): K | null {
    for (const [key, item] of elements.current) if (item === element) return key;
    return null;
  }

  function focusItem(key: K) {
    const element = elements.current.get(key);
    if (!element) return;
    element.focus({ preventScroll: alignToTop });
    if (alignToTop) element.scrollIntoView?.({ block: "start" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const from = keyOf(event.target);
    if (from === null) return;
    const step = stepFor(event, orientation, letterKeys);
    if (step === null) return;
    const index = keys.indexOf(from);
    const next = keys[targetIndex(step, index, keys.length, wrap)];
    // At either end of a feed the key keeps its usual meaning (scrolling on to load more).
    if (next === undefined || next === from) return;
    event.preventDefault();
    setFocused(next);
    onMove?.(next);
    focusItem(next);
  }

  /** Focus landing anywhere in an item (a click on its Like, a screen reader's cursor) makes it current. */
  function onFocus(event: FocusEvent<HTMLElement>) {
    for (const [key, item] of elements.current) {
      if (item.contains(event.target as Node)) {
        survivor.holds(key);
        if (key !== focused) setFocused(key);
        return;
      }
    }
  }

  // The item holding the focus may leave the list: the next one takes the focus, and the Tab stop.
  const survivor = useFocusSurvivesRemoval({
    keys,
    itemOf: (key) => elements.current.get(key),
    whenEmpty: focusWhenEmpty,
    onHandedOn: setFocused,
  });

  // One ref callback per key, kept: a new one each render would detach and attach every item again,
  // and an item a memoised component draws would render again for nothing.
  const refs = useRef(new Map<K, (element: HTMLElement | null) => void>());
  const stops = useRef<TabStops<K> | null>(null);
  const currentSeen = useRef(currentKey);
  if (singleTabStop && stops.current === null) stops.current = trackTabStops<K>();
  const itemRef = (key: K) => {
    let ref = refs.current.get(key);
    if (!ref) {
      ref = (element: HTMLElement | null) => {
        if (element) {
          elements.current.set(key, element);
          stops.current?.add(key, element, key === currentSeen.current);
        } else {
          // Kept: React detaches and attaches refs without an unmount (StrictMode, a hidden Activity).
          elements.current.delete(key);
          stops.current?.remove(key);
        }
      };
      refs.current.set(key, ref);
    }
    return ref;
  };

  // Only the items whose turn changed are walked: a long feed's every page costs its own posts, not all.
  useLayoutEffect(() => {
    const before = currentSeen.current;
    currentSeen.current = currentKey;
    if (before !== currentKey) stops.current?.setCurrent(before, currentKey);
  }, [currentKey]);
  // The callbacks of items gone from the list go too.
  useEffect(() => {
    const present = new Set<K>(keys);
    for (const key of refs.current.keys()) if (!present.has(key)) refs.current.delete(key);
  }, [keys]);
  useEffect(() => {
    stops.current?.resume();
    return () => stops.current?.stop();
  }, []);

  return {
    currentKey,
    listProps: { onKeyDown, onFocus },
    itemProps: (key: K) => ({ ref: itemRef(key), tabIndex: key === currentKey ? 0 : -1 }),
    itemRef,
    onKeyDown,
  };
}
