import type { LinkedIdentitiesResponse, LinkedIdentity } from "@flik/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { fetchIdentities, unlinkIdentity } from "../api/identities.api";
import { settingsKeys } from "../api/settings-keys";

export const IDENTITY_TEXTS = {
  loading: "Loading linked sign-ins...",
  loadFailed: "Couldn't load your linked sign-ins",
  none: "No linked sign-ins yet",
  unlinked: (provider: string) => `${provider} unlinked`,
  unlinkFailed: (provider: string) => `Couldn't unlink ${provider}. Try again.`,
  linkFailed: (provider: string) => `Couldn't link ${provider}. Try again.`,
} as const;

export function useIdentitiesQuery() {
  return useQuery({
    queryKey: settingsKeys.identities(),
    queryFn: ({ signal }) => fetchIdentities(signal),
  });
}

/**
 * Unlink, at once in the list: the row leaves before the server answers and comes back if it refuses
 * (its 409 for the member's last way to sign in says why, as a toast).
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
