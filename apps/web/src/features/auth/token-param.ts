import type { Location } from "react-router";

const PROFILE_PATH = /^\/profile(\/|$)/i;

/** Spec §2: a `?token=` on a profile URL is a login token handed over (e.g. by an external sign-in). */
export function profileTokenParam(location: Pick<Location, "pathname" | "search">): string | null {
  if (!PROFILE_PATH.test(location.pathname)) return null;
  return new URLSearchParams(location.search).get("token")?.trim() || null;
}

/** The same location without its token, so the token leaves the address bar and the history. */
export function withoutTokenParam(location: Pick<Location, "pathname" | "search" | "hash">) {
  const search = new URLSearchParams(location.search);
  search.delete("token");
  const rest = search.toString();
  return { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash };
}
