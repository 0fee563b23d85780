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
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-zinc-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to main content
    </a>
  );
}
