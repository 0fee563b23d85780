import { useQuery } from "@tanstack/react-query";
import { fetchExternalProvider } from "./external-auth.api";

export const providerKeys = {
  /** GET /auth/providers: an `ExternalProvider`, or null when external sign-in is off. */
  external: () => ["auth", "providers"] as const,
};

/**
 * The external provider, learnt from the server at run time (a configuration change needs no rebuild).
 * Unknown (loading, or the call failed) and off both read as `undefined`/null: no button either way.
 */
export function useExternalProviderQuery() {
  return useQuery({
    queryKey: providerKeys.external(),
    queryFn: ({ signal }) => fetchExternalProvider(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
