import type { UIMatch } from "react-router";

/** What a route tells the app frame about itself (React Router's `handle`). */
export interface RouteHandle {
  /** The screen fills the space between header and tab bar and scrolls inside itself (chat). */
  fillsScreen?: boolean;
  /** The screen lays out a grid beside a side column (explore): the frame gives it more width. */
  wide?: boolean;
  /**
   * While this holds for the URL's query, the screen takes a phone's whole window, without the
   * header and tabs (an open conversation): from md up the frame stays around it.
   */
  fullScreenOnPhone?: (search: URLSearchParams) => boolean;
}

function handleOf(match: UIMatch): RouteHandle | undefined {
  return match.handle as RouteHandle | undefined;
}

export function fillsScreen(matches: UIMatch[]): boolean {
  return matches.some((match) => handleOf(match)?.fillsScreen === true);
}

export function isWide(matches: UIMatch[]): boolean {
  return matches.some((match) => handleOf(match)?.wide === true);
}

export function isFullScreenOnPhone(matches: UIMatch[], search: string): boolean {
  const query = new URLSearchParams(search);
  return matches.some((match) => handleOf(match)?.fullScreenOnPhone?.(query) === true);
}
