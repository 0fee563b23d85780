import { act } from "@testing-library/react";
import { onTestFinished, vi } from "vitest";

/** A strip's scroller, told by the horizontal scrolling that only strips have. */
const isScroller = (element: Element) => element.classList.contains("overflow-x-auto");

/**
 * Lays every strip out as a browser would at a desktop's width (jsdom lays nothing out): `width` of it
 * shown, `content` wide in all, scrolled to the start. `scrollBy` moves it at once, as the smooth
 * scroll ends, and says so with a scroll event.
 */
export function layOutStrips({ width, content }: { width: number; content: number }) {
  const scrolled = new WeakMap<Element, number>();
  vi.spyOn(Element.prototype, "clientWidth", "get").mockImplementation(function (this: Element) {
    return isScroller(this) ? width : 0;
  });
  vi.spyOn(Element.prototype, "scrollWidth", "get").mockImplementation(function (this: Element) {
    return isScroller(this) ? content : 0;
  });
  vi.spyOn(Element.prototype, "scrollLeft", "get").mockImplementation(function (this: Element) {
    return scrolled.get(this) ?? 0;
  });
  const scrollTo = (element: Element, left: number) => {
    scrolled.set(element, Math.min(Math.max(0, left), content - width));
    act(() => {
      element.dispatchEvent(new Event("scroll"));
    });
  };
  const scrollBy = vi.fn(function (this: Element, options: ScrollToOptions) {
    scrollTo(this, (scrolled.get(this) ?? 0) + (options.left ?? 0));
  });
  Object.defineProperty(Element.prototype, "scrollBy", {
    configurable: true,
    writable: true,
    value: scrollBy,
  });
  const restore = () => Reflect.deleteProperty(Element.prototype, "scrollBy");
  // Also when the test fails before its own restore: the tests after it get jsdom's Element back.
  onTestFinished(() => {
    restore();
  });
  return {
    scrollBy,
    /** The member scrolls it themselves (a swipe, Shift and the wheel). */
    scrollTo,
    restore,
  };
}

/** Loads the strip's arrows up front: their first, cold import can outlast a findBy's wait. */
export async function preloadStripArrows(): Promise<void> {
  await import("../components/strip-arrows");
}
