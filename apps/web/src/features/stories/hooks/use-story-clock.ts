import { STORY_PROGRESS_TICK_MS } from "@flik/shared";
import { useEffect, useRef, useState } from "react";

interface StoryClockOptions {
  /** Changes with every story shown (a replay of the same story too): the clock starts again. */
  playId: number;
  /** How long the story lasts; null while it is not known yet (a video's metadata, an image loading). */
  durationMs: number | null;
  paused: boolean;
  onDone: () => void;
}

/**
 * The time a story has been on screen, in ticks of STORY_PROGRESS_TICK_MS (spec §9), calling `onDone`
 * once it reaches the story's duration. Each tick adds the time that really passed, so a busy page that
 * runs the timer late does not stretch the story; the time paused (held, hidden tab) never counts.
 */
export function useStoryClock({ playId, durationMs, paused, onDone }: StoryClockOptions): number {
  const [elapsed, setElapsed] = useState(0);
  const elapsedRef = useRef(0);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: playId is the reason to start again
  useEffect(() => {
    elapsedRef.current = 0;
    setElapsed(0);
  }, [playId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new story gets a timer of its own
  useEffect(() => {
    if (paused || durationMs === null) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      elapsedRef.current = Math.min(durationMs, elapsedRef.current + (now - last));
      last = now;
      setElapsed(elapsedRef.current);
      if (elapsedRef.current >= durationMs) {
        clearInterval(timer);
        onDoneRef.current();
      }
    }, STORY_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [paused, durationMs, playId]);

  return elapsed;
}
