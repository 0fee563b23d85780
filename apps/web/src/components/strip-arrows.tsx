import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { REDUCED_MOTION_QUERY } from "../lib/use-media-query";
import { ChevronLeftIcon, ChevronRightIcon } from "./later-icons";

export interface StripArrowsProps {
  scroller: RefObject<HTMLElement | null>;
  noun: string;
  /** Where their centres sit, from the strip's top. */
  top: string;
}

interface HiddenEnds {
  before: boolean;
  after: boolean;
}

function hiddenEndsOf(element: HTMLElement): HiddenEnds {
  const { scrollLeft, scrollWidth, clientWidth } = element;
  // A pixel's slack: a zoomed page scrolls in fractions and may stop just short of either end.
  return { before: scrollLeft > 1, after: scrollLeft + clientWidth < scrollWidth - 1 };
}

/** Whether there is more of the strip out of sight before and after what it shows. */
function useHiddenEnds(scroller: RefObject<HTMLElement | null>): HiddenEnds {
  const [ends, setEnds] = useState<HiddenEnds>({ before: false, after: false });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const next = hiddenEndsOf(element);
    setEnds((shown) => (shown.before === next.before && shown.after === next.after ? shown : next));
  }, [scroller]);
  // After each render of the strip: tiles come and go with its data, and no event says so.
  useLayoutEffect(measure);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    resized?.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
      resized?.disconnect();
    };
  }, [scroller, measure]);
  return ends;
}

/** Most of a strip's width: the tile cut off at the edge comes whole, with those after it. */
function page(element: HTMLElement | null, direction: 1 | -1): void {
  const still = window.matchMedia?.(REDUCED_MOTION_QUERY).matches;
  element?.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: still ? "auto" : "smooth" });
}

// Only for a mouse or trackpad (a finger swipes), and where there is more that way. Out of the Tab order,
// and never taking the focus: each tile focused from the keyboard is brought into view already, and an
// arrow gone at the strip's end would drop the focus to the page.
const arrowClass =
  "absolute z-10 hidden size-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-zinc-900 shadow-md ring-1 ring-zinc-900/10 transition hover:bg-white any-pointer-fine:flex";

/** The strip's round Previous and Next arrows, at its ends over the tiles. */
export function StripArrows({ scroller, noun, top }: StripArrowsProps) {
  const { before, after } = useHiddenEnds(scroller);
  const arrow = (direction: 1 | -1) => (
    <button
      type="button"
      tabIndex={-1}
      aria-label={`${direction < 0 ? "Previous" : "Next"} ${noun}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => page(scroller.current, direction)}
      className={`${arrowClass} ${top} ${direction < 0 ? "left-1" : "right-1"}`}
    >
      {direction < 0 ? <ChevronLeftIcon className="size-5" /> : <ChevronRightIcon className="size-5" />}
    </button>
  );
  return (
    <>
      {before && arrow(-1)}
      {after && arrow(1)}
    </>
  );
}
