import type { MouseEvent } from "react";
import { retryAdvice } from "../lib/query-retry";
import { buttonStyles } from "./button-styles";
import { AlertIcon } from "./icons";

interface LoadErrorProps {
  /** What failed, as the screen says it ("Something went wrong loading posts."). */
  title: string;
  /** A second line, when there is more to say. */
  detail?: string;
  onRetry: () => void;
  /**
   * While the retry is out: the button says so and waits. Not `disabled`, which would throw the focus of
   * the member who pressed it to the page.
   */
  retrying: boolean;
  /** The frame around it (a card on the feed and lists; none inside a screen's own frame). */
  className?: string;
}

/**
 * Try again's press. A query that never had data goes back to loading as it retries, so many screens swap
 * this view for their skeleton, and the button goes with the focus of the member who pressed it: the
 * focus then waits on the screen's <main>, where the next Tab goes on from, not on the page's top.
 */
export function retryKeepingFocus(
  event: MouseEvent<HTMLButtonElement>,
  retrying: boolean,
  onRetry: () => void,
): void {
  if (retrying) return;
  const button = event.currentTarget;
  const screen = button.closest<HTMLElement>("main");
  onRetry();
  requestAnimationFrame(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!button.isConnected && lost) screen?.focus({ preventScroll: true });
  });
}

/** A list or screen that could not load: the reason and Try again, announced as an alert. */
export function LoadError({ title, detail, onRetry, retrying, className = "" }: LoadErrorProps) {
  return (
    <div role="alert" className={`flex flex-col items-center px-6 py-12 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-zinc-900">{title}</p>
      {detail && <p className="mt-1 text-sm text-zinc-600">{detail}</p>}
      <button
        type="button"
        onClick={(event) => retryKeepingFocus(event, retrying, onRetry)}
        aria-disabled={retrying || undefined}
        className={`${buttonStyles.secondary} mt-6 aria-disabled:cursor-wait aria-disabled:opacity-60`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}

interface ScreenLoadFailedProps {
  /** The screen's heading ("Couldn't load this post"). */
  title: string;
  /** Why, which says what to do (`retryAdvice`): the server's failure or the connection's. */
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  /** The frame around it (a card on the post screen, none on the profile). */
  className?: string;
}

/** A whole screen whose one thing could not load (a post, a profile): its heading, why, Try again. */
export function ScreenLoadFailed({ title, error, onRetry, retrying, className = "" }: ScreenLoadFailedProps) {
  return (
    <section role="alert" className={`flex flex-col items-center px-6 py-14 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-zinc-900">{title}</h1>
      <p className="mt-2 text-sm text-zinc-600">{retryAdvice(error)}</p>
      <button
        type="button"
        onClick={(event) => retryKeepingFocus(event, retrying, onRetry)}
        aria-disabled={retrying || undefined}
        className={`${buttonStyles.primary} mt-7 aria-disabled:cursor-wait aria-disabled:opacity-60`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </section>
  );
}
