import { useLayoutEffect, useRef } from "react";
import type { RequestAnswer } from "../cache/follow-requests-cache";

interface FollowRequestActionsProps {
  username: string;
  onAnswer: (accept: boolean) => void;
  /** This tab's answer, once given: said where the buttons were. */
  answered?: RequestAnswer | undefined;
  className?: string;
}

const button =
  "inline-flex h-8 items-center justify-center rounded-lg px-2.5 text-sm sm:px-3.5 font-semibold whitespace-nowrap transition focus-visible:outline-offset-2";
const stacked = "col-start-1 row-start-1";

const ANSWERS: Record<RequestAnswer, string> = { confirmed: "Confirmed", removed: "Request removed" };

/**
 * Instagram's Confirm and Delete for one follow request. Answered, the buttons give way to what was
 * done, in the very box they took (they stay there unseen and inert), so the row keeps its size and
 * nothing slides under the pointer: a second click on the same spot answers nothing. The focus goes
 * onto those words (not onto another requester's Confirm), and back to the button should the answer fail.
 */
export function FollowRequestActions({
  username,
  onAnswer,
  answered,
  className = "",
}: FollowRequestActionsProps) {
  const buttons = useRef<HTMLDivElement>(null);
  const outcome = useRef<HTMLSpanElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  const outcomeFocused = useRef(false);
  // Set at the press, before the answer shows: a double-click's second press comes before that render.
  const sent = useRef(false);
  useLayoutEffect(() => {
    if (answered && buttons.current?.contains(document.activeElement)) outcome.current?.focus();
    else if (!answered && outcomeFocused.current) pressed.current?.focus();
    if (!answered) {
      outcomeFocused.current = false;
      sent.current = false;
    }
  }, [answered]);

  function answer(accept: boolean, target: HTMLButtonElement) {
    if (answered || sent.current) return;
    sent.current = true;
    pressed.current = target;
    onAnswer(accept);
  }

  return (
    <div className={`grid shrink-0 ${className}`}>
      <div
        ref={buttons}
        inert={answered !== undefined}
        aria-hidden={answered !== undefined || undefined}
        className={`${stacked} flex items-center gap-1.5 sm:gap-2 ${answered ? "invisible" : ""}`}
      >
        <button
          type="button"
          onClick={(event) => answer(true, event.currentTarget)}
          aria-label={`Confirm follow request from ${username}`}
          className={`${button} bg-brand text-white shadow-sm shadow-fuchsia-600/20 hover:brightness-110 active:brightness-95`}
        >
          Confirm
        </button>
        <button
          type="button"
          onClick={(event) => answer(false, event.currentTarget)}
          aria-label={`Delete follow request from ${username}`}
          className={`${button} bg-zinc-100 text-zinc-900 hover:bg-zinc-200 active:bg-zinc-300`}
        >
          Delete
        </button>
      </div>
      {answered && (
        // No live region: the focus comes onto these words (keeping the keyboard in its place), and that
        // alone has them read out, once. A status role as well had them said twice.
        // biome-ignore lint/a11y/noStaticElementInteractions: focus and blur are only followed (to put the focus back on a failure), nothing is done on them
        <span
          ref={outcome}
          tabIndex={-1}
          onFocus={() => {
            outcomeFocused.current = true;
          }}
          onBlur={() => {
            outcomeFocused.current = false;
          }}
          className={`${stacked} flex items-center justify-center rounded-lg text-sm font-semibold whitespace-nowrap text-zinc-600`}
        >
          {ANSWERS[answered]}
        </span>
      )}
    </div>
  );
}
