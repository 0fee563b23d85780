import type { ReactNode } from "react";
import { progressbarProps, wholePercent } from "../../../components/progress";

/** Unseen stories: the brand gradient; all seen: a grey still 3:1 against white (WCAG 1.4.11). */
export type RingState = "unseen" | "seen" | "none";

const ringColour: Record<RingState, string> = {
  unseen: "bg-brand",
  seen: "bg-[#8e8e98]",
  none: "bg-transparent",
};

/** A member's picture in the story ring of every story product: the colour, a white gap, the picture. */
export function StoryRing({
  state,
  className = "",
  children,
}: {
  state: RingState;
  /** Its size. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={`block shrink-0 rounded-full p-[2px] ${ringColour[state]} ${className}`}>
      <span className="block size-full rounded-full bg-white p-[2px]">{children}</span>
    </span>
  );
}

/**
 * The story upload's progress drawn over a ring. Beside the button, not in it: a button's content is
 * not read as controls of their own, and the progress is worth hearing.
 */
export function UploadRing({ percent, className = "" }: { percent: number; className?: string }) {
  const value = wholePercent(percent);
  return (
    <span
      {...progressbarProps("Story upload", value)}
      className={`pointer-events-none absolute ${className}`}
    >
      <svg viewBox="0 0 36 36" className="size-full -rotate-90" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="17" fill="none" strokeWidth="2" className="stroke-zinc-200" />
        {/* A round cap draws a dot at 0: nothing until some of the file is sent. */}
        {value > 0 && (
          <circle
            cx="18"
            cy="18"
            r="17"
            fill="none"
            strokeWidth="2"
            strokeLinecap="round"
            pathLength={100}
            strokeDasharray={`${value} 100`}
            className="stroke-fuchsia-600 transition-[stroke-dasharray] duration-200 motion-reduce:transition-none"
          />
        )}
      </svg>
    </span>
  );
}
