import { createContext, useContext, useLayoutEffect } from "react";

/**
 * Told by a screen's error element while it stands in the screen's place: the frame then keeps its
 * header and tabs whatever the route asks (a phone's open conversation would hide them), so a member
 * is never left on an error with no way elsewhere.
 */
export const ScreenFailureContext = createContext<(failed: boolean) => void>(() => {});

/** Marks the screen failed for as long as the calling element is shown. */
export function useScreenFailed() {
  const report = useContext(ScreenFailureContext);
  // Before the browser paints: the frame never shows itself without its header for a moment.
  useLayoutEffect(() => {
    report(true);
    return () => report(false);
  }, [report]);
}
