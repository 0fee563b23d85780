import { type RefObject, useEffect } from "react";

export const canObserveIntersections = typeof IntersectionObserver !== "undefined";

/** Calls `onEnter` whenever the element scrolls within `rootMargin` of the viewport. */
export function useOnInView(
  ref: RefObject<Element | null>,
  onEnter: () => void,
  { enabled = true, rootMargin = "600px 0px" }: { enabled?: boolean; rootMargin?: string } = {},
): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || !canObserveIntersections) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onEnter();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onEnter, enabled, rootMargin]);
}
