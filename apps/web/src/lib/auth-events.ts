export const LOGOUT_EVENT = "flik:logout";

/** Why the member was signed out: only an explicit logout forgets the page they were on. */
export type LogoutReason = "user" | "unauthorized" | "session-revoked";

export interface LogoutDetail {
  reason: LogoutReason;
}

export function emitLogout(reason: LogoutReason): void {
  window.dispatchEvent(new CustomEvent<LogoutDetail>(LOGOUT_EVENT, { detail: { reason } }));
}

export function onLogout(listener: (detail: LogoutDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<LogoutDetail>).detail);
  window.addEventListener(LOGOUT_EVENT, handle);
  return () => window.removeEventListener(LOGOUT_EVENT, handle);
}
