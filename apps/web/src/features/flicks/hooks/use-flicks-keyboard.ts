import { useLayoutEffect, useRef } from "react";

interface FlicksKeys {
  enabled: boolean;
  onNext: () => void;
  onPrevious: () => void;
  onFirst: () => void;
  onLast: () => void;
  onTogglePause: () => void;
  onToggleMute: () => void;
}

/** Where every key already means something (typing, a menu, a dialog): the feed leaves them alone. */
const OWNS_KEYS = "input, textarea, select, [contenteditable], [role='menu'], [role='dialog']";
/** Controls whose Space is their own (it presses them); the feed's other keys work from them too. */
const OWNS_SPACE = "button, a";

/**
 * ArrowDown/j/PageDown and ArrowUp/k/PageUp move between flicks (a page is one flick), Home and End to
 * the first and last one loaded, Space pauses or plays, m switches the sound. Home and End are taken
 * from the browser, whose own scroll of the feed left the focus on a flick now off screen.
 */
export function useFlicksKeyboard({ enabled, ...handlers }: FlicksKeys): void {
  const latest = useRef(handlers);
  // Layout effects, as the dialogs' and the story viewer's: the keys work from the commit that shows
  // the feed, so a key pressed at once (or by a test) is not lost to passive effects still pending.
  useLayoutEffect(() => {
    latest.current = handlers;
  });

  useLayoutEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest(OWNS_KEYS)) return;
      if (event.key === " " && event.target instanceof Element && event.target.closest(OWNS_SPACE)) return;
      const action = {
        ArrowDown: latest.current.onNext,
        j: latest.current.onNext,
        PageDown: latest.current.onNext,
        ArrowUp: latest.current.onPrevious,
        k: latest.current.onPrevious,
        PageUp: latest.current.onPrevious,
        Home: latest.current.onFirst,
        End: latest.current.onLast,
        " ": latest.current.onTogglePause,
        m: latest.current.onToggleMute,
      }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
