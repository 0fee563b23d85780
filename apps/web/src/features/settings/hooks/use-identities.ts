import type { LinkedIdentitiesResponse, LinkedIdentity } from "@flik/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useExternalProvider } from "../../auth/api/providers.queries";
import { fetchIdentities, unlinkIdentity } from "../api/identities.api";
import { settingsKeys } from "../api/settings-keys";

export const IDENTITY_TEXTS = {
  loading: "Loading linked sign-ins...",
  loadFailed: "Couldn't load your linked sign-ins",
  none: "No linked sign-ins yet",
  // Until the member is known to have a password, the intro claims none.
  intro: "Services you can sign in to Flik with.",
  introWithPassword: "Services you can sign in to Flik with, besides your password.",
  onlyWay: "Your only way to sign in: set a password before you unlink it.",
  unlinked: (provider: string) => `${provider} unlinked`,
  unlinkFailed: (provider: string) => `Couldn't unlink ${provider}. Try again.`,
} as const;

const identitiesQuery = {
  queryKey: settingsKeys.identities(),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchIdentities(signal),
};

export function useIdentitiesQuery() {
  return useQuery(identitiesQuery);
}

/**
 * Whether Settings offers Linked sign-ins: while a provider is configured (one to link) or the member
 * has identities (to unlink), else the panel would be a dead end; shown once that is known (or can't
 * be told). Once offered it stays for the visit: the row is where the panel gives the focus back, also
 * after the last identity went.
 */
export function useLinkedSignInsOffered(): boolean {
  const provider = useExternalProvider();
  const identities = useQuery({ ...identitiesQuery, enabled: provider === null });
  const offered = Boolean(provider) || identities.isError || Boolean(identities.data?.identities.length);
  const [shown, setShown] = useState(false);
  if (offered && !shown) setShown(true);
  return offered || shown;
}

/**
 * Unlink, at once in the list: the row leaves before the server answers and comes back if it refuses
 * (its 409 for the member's last way to sign in says why, as a toast: the panel offers no such unlink,
 * but a password or another sign-in may have gone in another tab since the list was read).
 */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  const key = settingsKeys.identities();
  return useMutation({
    mutationFn: (identity: LinkedIdentity) => unlinkIdentity(identity.id),
    onMutate: async (identity) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<LinkedIdentitiesResponse>(key);
      queryClient.setQueryData<LinkedIdentitiesResponse>(key, (data) =>
        data ? { ...data, identities: data.identities.filter((each) => each.id !== identity.id) } : data,
      );
      return { before };
    },
    onError: (error, identity, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(errorMessage(error, IDENTITY_TEXTS.unlinkFailed(identity.provider)));
    },
    onSuccess: (_answer, identity) => {
      toast.success(IDENTITY_TEXTS.unlinked(identity.provider));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
