/** What the browser's Tab key can land on (before any tabindex says otherwise). */
const FOCUSABLE =
  'a[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [contenteditable="true"], [tabindex]';
/** Holds a control's own tabindex (empty when it had none) while it is out of the Tab order. */
const SAVED = "data-roving-tabindex";

function setTabbable(item: HTMLElement, tabbable: boolean) {
  for (const control of item.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (!tabbable && !control.hasAttribute(SAVED)) {
      control.setAttribute(SAVED, control.getAttribute("tabindex") ?? "");
      control.setAttribute("tabindex", "-1");
    } else if (tabbable && control.hasAttribute(SAVED)) {
      const own = control.getAttribute(SAVED);
      if (own) control.setAttribute("tabindex", own);
      else control.removeAttribute("tabindex");
      control.removeAttribute(SAVED);
    }
  }
}

/**
 * Keeps the controls inside every item but the current one out of the Tab order (they stay focusable by
 * pointer and by screen readers), and so while items render new controls (a comment arriving, a menu
 * opening). Each item is walked when it comes and when it becomes or stops being the current one, never
 * all of them at once: a feed of hundreds of posts costs only what changed.
 */
export interface TabStops<K> {
  add(key: K, item: HTMLElement, current: boolean): void;
  remove(key: K): void;
  setCurrent(before: K | null, now: K | null): void;
  /** Watches the items again (an effect set up again, as React's StrictMode does). */
  resume(): void;
  stop(): void;
}

export function trackTabStops<K>(): TabStops<K> {
  const tracked = new Map<K, { item: HTMLElement; current: boolean; observer: MutationObserver }>();
  const apply = (key: K) => {
    const entry = tracked.get(key);
    if (entry) setTabbable(entry.item, entry.current);
  };
  return {
    add(key, item, current) {
      tracked.get(key)?.observer.disconnect();
      const observer = new MutationObserver(() => apply(key));
      tracked.set(key, { item, current, observer });
      apply(key);
      observer.observe(item, { childList: true, subtree: true });
    },
    remove(key) {
      tracked.get(key)?.observer.disconnect();
      tracked.delete(key);
    },
    setCurrent(before, now) {
      for (const [key, current] of [
        [before, false],
        [now, true],
      ] as const) {
        const entry = key === null ? undefined : tracked.get(key);
        if (!entry || key === null) continue;
        entry.current = current;
        apply(key);
      }
    },
    resume() {
      for (const [key, { item, observer }] of tracked) {
        apply(key);
        observer.observe(item, { childList: true, subtree: true });
      }
    },
    stop() {
      for (const { observer } of tracked.values()) observer.disconnect();
    },
  };
}
