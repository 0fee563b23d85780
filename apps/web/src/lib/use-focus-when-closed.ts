import { useEffectEvent, useLayoutEffect, useRef } from "react";

/** Whether the focus is nowhere: the element that held it went away, and the browser gave it to the page. */
export function focusIsLost() {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * When something that held the focus closes (`open` turns false) and the focus went with it, gives it
 * to what `target` names then, so a keyboard member goes on from where they were rather than from the top of the page.
 * Where the focus landed somewhere on purpose (a dialog gave it back to its opener), it is left there.
 *
 * A layout effect: the focus moves within the commit that closes the thing, so there is no moment in
 * which it is on the page (a key pressed then, or a test looking then, would find it gone). A dialog
 * gives the focus back in its own layout cleanup, which runs before this, so it is still seen as on purpose.
 */
export function useFocusWhenClosed(open: boolean, target: () => HTMLElement | null | undefined) {
  const wasOpen = useRef(open);
  const focusTarget = useEffectEvent(() => target()?.focus({ preventScroll: true }));
  useLayoutEffect(() => {
    if (wasOpen.current && !open && focusIsLost()) focusTarget();
    wasOpen.current = open;
  }, [open]);
}
