import type { UIMatch } from "react-router";

/** What a route tells the app frame about itself (React Router's `handle`). */
export interface RouteHandle {
  /** The screen fills the space between header and tab bar and scrolls inside itself (chat). */
  fillsScreen?: boolean;
  /** The screen lays out a grid beside a side column (explore): the frame gives it more width. */
  wide?: boolean;
}

export function fillsScreen(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.fillsScreen === true);
}

export function isWide(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.wide === true);
}
