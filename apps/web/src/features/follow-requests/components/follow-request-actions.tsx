interface FollowRequestActionsProps {
  username: string;
  onAnswer: (accept: boolean) => void;
  className?: string;
}

const button =
  "inline-flex h-8 items-center justify-center rounded-lg px-2.5 text-sm sm:px-3.5 font-semibold whitespace-nowrap transition focus-visible:outline-offset-2";

/** Instagram's Confirm and Delete for one follow request. */
export function FollowRequestActions({ username, onAnswer, className = "" }: FollowRequestActionsProps) {
  return (
    <div className={`flex shrink-0 items-center gap-1.5 sm:gap-2 ${className}`}>
      <button
        type="button"
        onClick={() => onAnswer(true)}
        aria-label={`Confirm follow request from ${username}`}
        className={`${button} bg-brand text-white shadow-sm shadow-fuchsia-600/20 hover:brightness-110 active:brightness-95`}
      >
        Confirm
      </button>
      <button
        type="button"
        onClick={() => onAnswer(false)}
        aria-label={`Delete follow request from ${username}`}
        className={`${button} bg-zinc-100 text-zinc-900 hover:bg-zinc-200 active:bg-zinc-300`}
      >
        Delete
      </button>
    </div>
  );
}

/**
 * Where the focus goes when a row is about to leave the list: the next row's first control matching
 * `selector`, else the previous row's, so a keyboard member keeps their place; the last row gone, the
 * screen's main area (the skip link's target), where the empty list says so.
 */
export function focusBesideRow(row: HTMLElement | null, selector = "a[href], button:not([disabled])"): void {
  const beside = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLElement>(
    selector,
  );
  (beside ?? document.getElementById("main"))?.focus({ preventScroll: !beside });
}
