import type { Location } from "react-router";

const PROFILE_PATH = /^\/profile(\/|$)/i;

/**
 * Spec §2's `?token=` on a profile URL: since issue 19 it carries a one-time hand-off code (exchanged by
 * `useHandoff`), never a session token.
 */
export function profileTokenParam(location: Pick<Location, "pathname" | "search">): string | null {
  if (!PROFILE_PATH.test(location.pathname)) return null;
  return new URLSearchParams(location.search).get("token")?.trim() || null;
}

/** The same location without its token, so the code leaves the address bar and the history. */
export function withoutTokenParam(location: Pick<Location, "pathname" | "search" | "hash">) {
  const search = new URLSearchParams(location.search);
  search.delete("token");
  const rest = search.toString();
  return { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash };
}
