import { FLICK_AUTOPLAY_VISIBILITY } from "@flik/shared";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

export interface VisibleFlick {
  /** The flick last seen at least `threshold` in view; null until one is reported. */
  currentId: string | null;
  /** Whether that flick is still that much in view (it plays only then, spec §4). */
  inView: boolean;
}

/**
 * Watches the feed's items (each carries `data-flick-id`) inside the scroller `root` (the viewport when
 * it holds no element), and tells which one is at least `threshold` in view. Items register through the
 * returned ref callback, as they mount. The flicks screen and the home feed's videos both play by it.
 */
export function useVisibleFlick(
  root: RefObject<HTMLElement | null>,
  threshold: number = FLICK_AUTOPLAY_VISIBILITY,
) {
  const [visible, setVisible] = useState<VisibleFlick>({ currentId: null, inView: true });
  const items = useRef(new Set<Element>());
  const observer = useRef<IntersectionObserver | null>(null);
  const ratios = useRef(new Map<string, number>());

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const next = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.flickId;
          if (id) ratios.current.set(id, entry.isIntersecting ? entry.intersectionRatio : 0);
        }
        let best: string | null = null;
        for (const [id, ratio] of ratios.current) {
          if (ratio >= threshold) best = id;
        }
        setVisible((current) =>
          best
            ? current.currentId === best && current.inView
              ? current
              : { currentId: best, inView: true }
            : current.inView
              ? { ...current, inView: false }
              : current,
        );
      },
      { root: root.current, threshold: [0, threshold, 1] },
    );
    observer.current = next;
    for (const item of items.current) next.observe(item);
    return () => {
      next.disconnect();
      observer.current = null;
    };
  }, [root, threshold]);

  const register = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    items.current.add(element);
    observer.current?.observe(element);
    return () => {
      items.current.delete(element);
      observer.current?.unobserve(element);
      const id = element.dataset.flickId;
      if (id) ratios.current.delete(id);
    };
  }, []);

  return { ...visible, register };
}
