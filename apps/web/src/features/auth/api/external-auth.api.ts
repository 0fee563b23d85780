import type {
  AuthProvidersResponse,
  ExternalProvider,
  ExternalSyncBody,
  ExternalSyncResponse,
  HandoffResponse,
} from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

/** GET /auth/providers: the OpenID provider this server signs in with, or null when it has none. */
export async function fetchExternalProvider(signal?: AbortSignal): Promise<ExternalProvider | null> {
  const { oidc } = await apiFetch<AuthProvidersResponse>("/auth/providers", { signal });
  return oidc ?? null;
}

/** POST /auth/auth0 (spec §7): the provider's ID token is the bearer; the body is only a hint. */
export function syncExternalIdentity(idToken: string, body: ExternalSyncBody): Promise<ExternalSyncResponse> {
  return apiFetch<ExternalSyncResponse>("/auth/auth0", {
    method: "POST",
    body,
    headers: { Authorization: `Bearer ${idToken}` },
  });
}

/** POST /auth/handoff: a one-time code from a profile URL, exchanged for the session it hands over. */
export function exchangeHandoffCode(code: string): Promise<HandoffResponse> {
  return apiFetch<HandoffResponse>("/auth/handoff", { method: "POST", body: { code } });
}
