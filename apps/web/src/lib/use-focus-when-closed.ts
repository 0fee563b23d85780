import { useEffect, useEffectEvent, useRef } from "react";

/** Whether the focus is nowhere: the element that held it went away, and the browser gave it to the page. */
export function focusIsLost() {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * When something that held the focus closes (`open` turns false) and the focus went with it, gives it
 * to what `target` names then, so a keyboard member goes on from where they were rather than from the top of the page.
 * Where the focus landed somewhere on purpose (a dialog gave it back to its opener), it is left there.
 */
export function useFocusWhenClosed(open: boolean, target: () => HTMLElement | null | undefined) {
  const wasOpen = useRef(open);
  const focusTarget = useEffectEvent(() => target()?.focus({ preventScroll: true }));
  useEffect(() => {
    if (wasOpen.current && !open && focusIsLost()) focusTarget();
    wasOpen.current = open;
  }, [open]);
}
