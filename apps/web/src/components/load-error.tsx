import { useLayoutEffect, useRef } from "react";
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
 * Try again's button, which goes as its retry starts: many screens swap this view for their skeleton,
 * a list's failed next page for its loading rows, and the retry may fail again with a new button in its
 * place. The focus of the member who pressed it would fall to the page, from whose top the next Tab
 * starts again; it waits on the screen's <main> instead, where the next Tab goes on from. Watched from
 * the button's own removal, whenever the retry's render comes.
 */
export function useRetryKeepsFocus() {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const button = ref.current;
    if (!button) return;
    const screen = button.closest<HTMLElement>("main");
    let focused = document.activeElement === button;
    const onFocus = () => {
      focused = true;
    };
    // A blur with somewhere to go is the member's own move; the blur of a removed button has none.
    const onBlur = (event: FocusEvent) => {
      if (event.relatedTarget) focused = false;
    };
    button.addEventListener("focus", onFocus);
    button.addEventListener("blur", onBlur);
    return () => {
      button.removeEventListener("focus", onFocus);
      button.removeEventListener("blur", onBlur);
      if (!focused) return;
      requestAnimationFrame(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (!button.isConnected && lost) screen?.focus({ preventScroll: true });
      });
    };
  }, []);
  return ref;
}

/** A list or screen that could not load: the reason and Try again, announced as an alert. */
export function LoadError({ title, detail, onRetry, retrying, className = "" }: LoadErrorProps) {
  const retryRef = useRetryKeepsFocus();
  return (
    <div role="alert" className={`flex flex-col items-center px-6 py-12 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-zinc-900">{title}</p>
      {detail && <p className="mt-1 text-sm text-zinc-600">{detail}</p>}
      <button
        ref={retryRef}
        type="button"
        onClick={() => {
          if (!retrying) onRetry();
        }}
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
  const retryRef = useRetryKeepsFocus();
  return (
    <section role="alert" className={`flex flex-col items-center px-6 py-14 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-zinc-900">{title}</h1>
      <p className="mt-2 text-sm text-zinc-600">{retryAdvice(error)}</p>
      <button
        ref={retryRef}
        type="button"
        onClick={() => {
          if (!retrying) onRetry();
        }}
        aria-disabled={retrying || undefined}
        className={`${buttonStyles.primary} mt-7 aria-disabled:cursor-wait aria-disabled:opacity-60`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </section>
  );
}
