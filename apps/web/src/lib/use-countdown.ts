import { useCallback, useEffect, useState } from "react";

/**
 * Seconds left before something may be done again (the resend-code countdowns of spec §9). Counted from
 * a deadline, so a throttled background tab still shows the right number when it wakes.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  const reset = useCallback(() => {
    setDeadline(null);
    setSecondsLeft(0);
  }, []);

  return { secondsLeft, running: secondsLeft > 0, start, reset };
}
