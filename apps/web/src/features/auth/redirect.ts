import type { Location } from "react-router";

export const DEFAULT_AFTER_LOGIN = "/profile";

/** Where the guard sends a visitor: /login, remembering the full origin (spec §2). */
export interface LoginRedirectState {
  from: string;
}

export function locationToPath(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

const PUBLIC_AUTH_PATHS = new Set(["/", "/login", "/forgot"]);

/** The remembered origin when it is a safe in-app path, else the default /profile. */
export function resolveLoginRedirect(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return DEFAULT_AFTER_LOGIN;
  const pathname = from.split(/[?#]/)[0] ?? "";
  return PUBLIC_AUTH_PATHS.has(pathname) ? DEFAULT_AFTER_LOGIN : from;
}
