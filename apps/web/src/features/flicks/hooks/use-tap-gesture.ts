import { FLICK_DOUBLE_TAP_MS } from "@flik/shared";
import { useCallback, useEffect, useRef } from "react";

interface TapHandlers {
  onSingleTap: () => void;
  onDoubleTap: () => void;
}

/**
 * Tells one tap from two (spec §4): a tap within FLICK_DOUBLE_TAP_MS of the previous one is a double
 * tap, so a single tap acts only once that window has passed without a second; otherwise a double tap
 * would toggle the sound too. Taps that keep coming quickly stay double taps (each shows the heart).
 */
export function useTapGesture({ onSingleTap, onDoubleTap }: TapHandlers): () => void {
  const lastTapAt = useRef<number | null>(null);
  const pendingSingle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlers = useRef({ onSingleTap, onDoubleTap });
  useEffect(() => {
    handlers.current = { onSingleTap, onDoubleTap };
  });
  useEffect(
    () => () => {
      if (pendingSingle.current) clearTimeout(pendingSingle.current);
    },
    [],
  );

  return useCallback(() => {
    const now = Date.now();
    const previous = lastTapAt.current;
    lastTapAt.current = now;
    if (previous !== null && now - previous < FLICK_DOUBLE_TAP_MS) {
      if (pendingSingle.current) clearTimeout(pendingSingle.current);
      pendingSingle.current = null;
      handlers.current.onDoubleTap();
      return;
    }
    pendingSingle.current = setTimeout(() => {
      pendingSingle.current = null;
      handlers.current.onSingleTap();
    }, FLICK_DOUBLE_TAP_MS);
  }, []);
}
