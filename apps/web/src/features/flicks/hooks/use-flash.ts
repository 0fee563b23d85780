import { useCallback, useEffect, useRef, useState } from "react";

/** A value shown for `durationMs` after each `flash`, e.g. the mute indicator; a new flash restarts it. */
export function useFlash<T>(durationMs: number): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const flash = useCallback(
    (next: T) => {
      if (timer.current) clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        setValue(null);
      }, durationMs);
    },
    [durationMs],
  );
  return [value, flash];
}
