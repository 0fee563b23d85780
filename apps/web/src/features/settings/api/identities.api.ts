import type { LinkedIdentitiesResponse, LinkedIdentity, MessageResponse } from "@flik/shared";
import { apiFetch } from "../../../lib/api-client";

/** Linked sign-ins (issue 19): the external identities a member can sign in with. */

export function fetchIdentities(signal?: AbortSignal): Promise<LinkedIdentitiesResponse> {
  return apiFetch<LinkedIdentitiesResponse>("/user/identities", { signal });
}

/** POST /user/identities with the member's own session: links the identity of this provider ID token. */
export function linkIdentity(idToken: string): Promise<{ identity?: LinkedIdentity } | undefined> {
  return apiFetch<{ identity?: LinkedIdentity } | undefined>("/user/identities", {
    method: "POST",
    body: { idToken },
  });
}

export function unlinkIdentity(id: string): Promise<MessageResponse | undefined> {
  return apiFetch<MessageResponse | undefined>(`/user/identities/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
}
