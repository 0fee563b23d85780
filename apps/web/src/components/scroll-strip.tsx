import { type ComponentType, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import type { StripArrowsProps } from "./strip-arrows";

/** Both strips scroll alike: a swipe on phones (no scrollbar), a thin scrollbar on larger screens. */
const scrollerClass = "overflow-x-auto [scrollbar-width:none] sm:[scrollbar-width:thin]";

interface ScrollStripProps {
  /** What the strip holds, for its arrows' names ("Previous highlights", "Next highlights"). */
  noun: string;
  /** The scroller's own layout: its padding, snapping, alignment. */
  className: string;
  /** The arrows' centre line: the middle of the tiles' pictures. */
  arrowsTop: string;
  children: ReactNode;
}

/**
 * A horizontal strip of tiles (the feed's stories, a profile's highlights). Where more is hidden than a
 * mouse can reach (no swipe, a hidden or thin scrollbar), round arrows at its ends page through it, as on
 * Instagram.
 */
export function ScrollStrip({ noun, className, arrowsTop, children }: ScrollStripProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const Arrows = useArrowsOnceOverflowing(scroller);
  return (
    // Isolated: the arrows' level lifts them over the tiles, not over the page's header.
    <div className="relative isolate">
      <div ref={scroller} className={`${scrollerClass} ${className}`}>
        {children}
      </div>
      {Arrows && <Arrows scroller={scroller} noun={noun} top={arrowsTop} />}
    </div>
  );
}

/**
 * The arrows' code, fetched the first time the strip holds more than it shows: the feed's first load,
 * whose script is budgeted, carries only this check, and a strip that fits never needs them.
 */
function useArrowsOnceOverflowing(scroller: RefObject<HTMLElement | null>) {
  const [Arrows, setArrows] = useState<ComponentType<StripArrowsProps> | null>(null);
  // After every render (tiles come with the strip's data) and whenever the strip's width changes (the
  // window's, or its column's when the page's scrollbar comes).
  useEffect(() => {
    if (Arrows) return;
    const check = () => {
      const element = scroller.current;
      if (!element || element.scrollWidth - element.clientWidth <= 1) return;
      // Not downloaded (offline): the strip still scrolls by swipe, wheel and Tab; a later check tries again.
      import("./strip-arrows").then(
        ({ StripArrows }) => setArrows(() => StripArrows),
        () => {},
      );
    };
    check();
    const element = scroller.current;
    if (typeof ResizeObserver === "undefined" || !element) {
      window.addEventListener("resize", check);
      return () => window.removeEventListener("resize", check);
    }
    const resized = new ResizeObserver(check);
    resized.observe(element);
    return () => resized.disconnect();
  });
  return Arrows;
}
