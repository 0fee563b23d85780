import { FLICK_LIKE_HEART_MS } from "@flik/shared";
import { useEffect, useRef } from "react";
import { HeartIcon, PlayIcon } from "../../../components/icons";
import { bubble } from "./flick-feedback";

/** Shown while the member has paused the flick (Space). */
export function PausedIndicator() {
  return (
    <span className={bubble}>
      <PlayIcon className="ml-1 size-9" />
      <span className="sr-only">Paused</span>
    </span>
  );
}

/** The big heart of a double tap, about FLICK_LIKE_HEART_MS (spec §4); its parent unmounts it. */
export function LikeHeart() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduced) return;
    // The Web Animations API keeps the keyframes with the component that uses them. The centring is
    // the classes' `translate` property, applied before `transform`: the keyframes must not centre it
    // again (the heart sat half its size up and left of the middle).
    ref.current?.animate?.(
      [
        { transform: "scale(0.4) rotate(-12deg)", opacity: 0 },
        { transform: "scale(1.15) rotate(-6deg)", opacity: 1, offset: 0.25 },
        { transform: "scale(1) rotate(0deg)", opacity: 1, offset: 0.6 },
        { transform: "translateY(-20%) scale(1.05)", opacity: 0 },
      ],
      { duration: FLICK_LIKE_HEART_MS, easing: "ease-out", fill: "forwards" },
    );
  }, []);
  return (
    <span
      ref={ref}
      data-testid="like-heart"
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 text-rose-500 drop-shadow-[0_4px_24px_rgba(0,0,0,0.45)]"
    >
      <HeartIcon filled className="size-28 stroke-[0.6]" />
    </span>
  );
}
