export const LOGOUT_EVENT = "flik:logout";

/** Why the member was signed out: only their own logout (or deleting the account) forgets the page they were on. */
export type LogoutReason = "user" | "unauthorized" | "session-revoked" | "account-deleted";

/** A way out the member chose: the next sign-in starts fresh, not where they were. */
export const chosenByMember = (reason: LogoutReason): boolean =>
  reason === "user" || reason === "account-deleted";

export interface LogoutDetail {
  reason: LogoutReason;
}

/** This device is ending its own session, and why: set by `revokeOwnSession`, cleared by the logout that follows. */
let ownLogoutUnderWay: "user" | "account-deleted" | null = null;

/**
 * Runs `revoke`, the call that ends this device's own session on the server (Log out, the password
 * change's logout, "Log out" of this device in the session list, deleting the account, whose `reason`
 * it is); the caller signs out when it settles.
 * The server also tells this device's socket that its session has ended, and that echo (or a 401 of a
 * call in flight) may come before the answer: until the member's own logout has happened, any logout is
 * theirs (`reason`, starting fresh), not a session thrown out from elsewhere, which would remember the
 * page to return to after the next sign-in. A refused revoke leaves the member signed in.
 */
export async function revokeOwnSession<T>(
  revoke: () => Promise<T>,
  reason: "user" | "account-deleted" = "user",
): Promise<T> {
  ownLogoutUnderWay = reason;
  try {
    return await revoke();
  } catch (error) {
    ownLogoutUnderWay = null;
    throw error;
  }
}

export function emitLogout(reason: LogoutReason): void {
  const detail: LogoutDetail = { reason: ownLogoutUnderWay ?? reason };
  ownLogoutUnderWay = null;
  window.dispatchEvent(new CustomEvent<LogoutDetail>(LOGOUT_EVENT, { detail }));
}

export function onLogout(listener: (detail: LogoutDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<LogoutDetail>).detail);
  window.addEventListener(LOGOUT_EVENT, handle);
  return () => window.removeEventListener(LOGOUT_EVENT, handle);
}
