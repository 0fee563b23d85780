import type { ExternalProvider } from "@flik/shared";
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from "oidc-client-ts";
import type { ExternalState } from "./external-state";

/**
 * oidc-client-ts, loaded only when a member starts or finishes an external sign-in (it is not part of
 * the sign-in pages' first script). Authorization Code with PKCE (the library's default); it checks
 * the state and the nonce (given below) itself. The request's state lives in sessionStorage (this tab only); the
 * signed-in provider user is kept in memory only, since Flik's own session replaces it at once.
 */
export function callbackUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

function userManager(provider: ExternalProvider): UserManager {
  return new UserManager({
    authority: provider.issuer,
    client_id: provider.clientId,
    redirect_uri: callbackUrl(),
    response_type: "code",
    scope: provider.scope,
    ...(provider.audience ? { extraQueryParams: { audience: provider.audience } } : {}),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: false,
    monitorSession: false,
  });
}

/**
 * A fresh nonce per request: oidc-client-ts sends one only when given one, keeps it with the request's
 * state and refuses an ID token that does not carry it back.
 */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function redirectToProvider(provider: ExternalProvider, state: ExternalState): Promise<void> {
  return userManager(provider).signinRedirect({ state, nonce: randomNonce() });
}

export interface ProviderAnswer {
  idToken: string;
  profile: { sub: string; email?: string; name?: string; picture?: string };
  /** The state given to `redirectToProvider`, as stored; the caller checks it. */
  state: unknown;
}

/** Completes the code exchange of the current URL (/auth/callback?code=…&state=…). */
export async function completeProviderSignIn(provider: ExternalProvider): Promise<ProviderAnswer> {
  const user = await userManager(provider).signinRedirectCallback(window.location.href);
  if (!user.id_token) throw new Error("The provider sent no ID token");
  const { sub, email, name, picture } = user.profile;
  return { idToken: user.id_token, profile: { sub, email, name, picture }, state: user.state };
}

/** An answer of the provider itself (access_denied when the member cancelled, login_required…). */
export function isProviderError(error: unknown): boolean {
  return error instanceof Error && error.name === "ErrorResponse";
}
