import { resolveLoginRedirect } from "../redirect";

/**
 * What the browser keeps in the OpenID request's state (held by oidc-client-ts in sessionStorage and
 * given back only for the matching answer): why the sign-in was started and where to go after it.
 */
export type ExternalPurpose = "signin" | "link";

export interface ExternalState {
  purpose: ExternalPurpose;
  /** An in-app path; checked again on the way back with the same rule as password sign-in. */
  returnTo: string;
}

export function readExternalState(value: unknown): ExternalState {
  const { purpose, returnTo } = (value ?? {}) as Partial<ExternalState>;
  return {
    purpose: purpose === "link" ? "link" : "signin",
    returnTo: purpose === "link" ? SETTINGS_PATH : resolveLoginRedirect({ from: returnTo }),
  };
}

export const SETTINGS_PATH = "/settings";

/**
 * Whether this tab started an external sign-in lately (spec §2's hand-off is then expected, not forced
 * on the member): set when "Continue with …" is clicked and again when the sign-in comes back signed in,
 * forgotten when it comes back without, and used once by the hand-off. sessionStorage: another tab, or a
 * link opened from elsewhere, never has it.
 */
const STARTED_KEY = "flik:externalSignInStarted";
/** As long as oidc-client-ts keeps an unanswered request's state (its staleStateAgeInSeconds). */
const STARTED_VALID_MS = 15 * 60_000;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function markExternalSignInStarted(now = Date.now()): void {
  try {
    session()?.setItem(STARTED_KEY, String(now));
  } catch {
    // Storage full or disabled: the hand-off will then ask before signing in, which is safe.
  }
}

export function forgetExternalSignInStarted(): void {
  session()?.removeItem(STARTED_KEY);
}

/** True once after `markExternalSignInStarted` (within its validity); the mark is removed either way. */
export function consumeExternalSignInStarted(now = Date.now()): boolean {
  const started = Number(session()?.getItem(STARTED_KEY));
  forgetExternalSignInStarted();
  return Number.isFinite(started) && started > 0 && now - started >= 0 && now - started < STARTED_VALID_MS;
}
