import type { ExternalProvider } from "@flik/shared";
import type { ExternalState } from "./external-state";

/** The OpenID client's code, fetched on first use (a click, or the return to /auth/callback). */
export function loadOidcClient() {
  return import("./oidc-client");
}

/** Sends the browser to the provider; resolves only if it could not (the page is leaving otherwise). */
export async function startExternalSignIn(provider: ExternalProvider, state: ExternalState): Promise<void> {
  const { redirectToProvider } = await loadOidcClient();
  await redirectToProvider(provider, state);
}
