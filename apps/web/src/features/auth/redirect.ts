import type { Location } from "react-router";

export const DEFAULT_AFTER_LOGIN = "/profile";

/** Where the guard sends a visitor: /login, remembering the full origin (spec §2). */
export interface LoginRedirectState {
  from: string;
}

export function locationToPath(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * What sign-up hands /login (router state, never the address): the new member's username, so the
 * identifier is filled in and they go on with the password.
 */
export interface SignedUpState {
  identifier: string;
}

export function signedUpIdentifier(state: unknown): string | undefined {
  const identifier = (state as Partial<SignedUpState> | null)?.identifier;
  return typeof identifier === "string" && identifier !== "" ? identifier : undefined;
}

const PUBLIC_AUTH_PATHS = new Set(["/", "/login", "/forgot"]);

/** The remembered origin when it is a safe in-app path, else the default /profile. */
export function resolveLoginRedirect(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return DEFAULT_AFTER_LOGIN;
  const pathname = from.split(/[?#]/)[0] ?? "";
  return PUBLIC_AUTH_PATHS.has(pathname) ? DEFAULT_AFTER_LOGIN : from;
}
