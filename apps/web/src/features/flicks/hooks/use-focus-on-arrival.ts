import { useEffect, useEffectEvent, useLayoutEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { focusIsLost } from "../../../lib/use-focus-when-closed";

/**
 * What a share link's screen (/reel/{id}) tells /flicks when it leaves for it with the focus in hand
 * (its reel was deleted there): the flick the focus goes on to, or null for the feed itself.
 */
export interface FlicksArrivalState {
  focusFlick: string | null;
}

function arrivalOf(state: unknown): FlicksArrivalState | null {
  if (typeof state !== "object" || state === null || !("focusFlick" in state)) return null;
  const { focusFlick } = state;
  return typeof focusFlick === "string" || focusFlick === null ? { focusFlick } : null;
}

interface FocusOnArrivalOptions {
  /** What takes the focus for the flick `id`, when it is drawn. */
  itemOf: (id: string) => HTMLElement | null | undefined;
  /** The first flick drawn, for one no longer there. */
  first: () => HTMLElement | null | undefined;
  /** What takes it when no flick is drawn (the feed still loading, or empty). */
  whenEmpty: () => HTMLElement | null | undefined;
}

/**
 * /flicks is another screen than /reel/{id}: going from one to the other draws everything anew, and the
 * focus the link's screen held would fall to the page, from whose top a keyboard member starts again.
 * Arrived with a `FlicksArrivalState`, the feed takes it over in the commit that draws it: the flick
 * named (scrolled to), else the first one, else the feed. Handed on once: the entry then loses the
 * state, so a reload or a Back to it does not move the focus again.
 */
export function useFocusOnArrival({ itemOf, first, whenEmpty }: FocusOnArrivalOptions): void {
  const location = useLocation();
  const navigate = useNavigate();
  // As the feed was first drawn: the entry loses the state a moment later.
  const [arrival] = useState(() => arrivalOf(location.state));
  const handOver = useEffectEvent((focusFlick: string | null) => {
    if (!focusIsLost()) return;
    const target = (focusFlick === null ? undefined : itemOf(focusFlick)) ?? first() ?? whenEmpty();
    target?.closest("[data-flick-id]")?.scrollIntoView?.({ block: "start" });
    target?.focus({ preventScroll: true });
  });

  // A layout effect: the focus moves within the commit that draws the feed, never seen on the page.
  useLayoutEffect(() => {
    if (arrival) handOver(arrival.focusFlick);
  }, [arrival]);

  useEffect(() => {
    if (arrivalOf(location.state))
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { replace: true, state: null },
      );
  }, [location, navigate]);
}
