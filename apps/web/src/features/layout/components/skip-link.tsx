import type { MouseEvent } from "react";

/**
 * The first thing Tab reaches on a screen with navigation before its content: it lets keyboard users
 * jump past the header and tabs, and shows only while focused. It focuses <main> (which needs
 * tabIndex -1) without touching the URL.
 */
export function SkipLink({ targetId = "main" }: { targetId?: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  }
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      // Kept above the top edge until focused (not sr-only, whose reset would also take its padding away),
      // far enough that its shadow (shadow-lg reaches about 1.5rem below it) does not show either.
      className="fixed top-3 left-3 z-50 -translate-y-[calc(100%+3rem)] rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-zinc-900 shadow-lg ring-1 ring-zinc-200 focus:translate-y-0"
    >
      Skip to main content
    </a>
  );
}
