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
 * Takes the controls inside every item but the current one out of the Tab order (they stay focusable
 * by pointer and by screen readers), and keeps it so while items render new controls (a comment
 * arriving, a menu opening). Returns the stop function.
 */
export function keepOnlyCurrentTabbable<K>(
  items: ReadonlyMap<K, HTMLElement>,
  currentKey: K | null,
): () => void {
  const observers: MutationObserver[] = [];
  for (const [key, item] of items) {
    const apply = () => setTabbable(item, key === currentKey);
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(item, { childList: true, subtree: true });
    observers.push(observer);
  }
  return () => {
    for (const observer of observers) observer.disconnect();
  };
}
