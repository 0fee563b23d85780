import type { ExternalProvider } from "@flik/shared";
import { isCancelledError, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchExternalProvider } from "./external-auth.api";

export const providerKeys = {
  /** GET /auth/providers: an `ExternalProvider`, or null when external sign-in is off. */
  external: () => ["auth", "providers"] as const,
};

const PROVIDER_STALE_MS = 5 * 60_000;

/**
 * The external provider, learnt from the server at run time (a configuration change needs no rebuild)
 * and kept in the query cache: `undefined` while unknown, null when it is off or the server cannot say.
 *
 * `fetchQuery` rather than `useQuery`: the sign-in pages use no other query, and useQuery's observer
 * machinery would add about 2 KB to their first script (bench/check-bytes.mjs holds its limit).
 */
export function useExternalProvider(): ExternalProvider | null | undefined {
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState(() =>
    queryClient.getQueryData<ExternalProvider | null>(providerKeys.external()),
  );
  // Asked again when a sign-out empties the cache while the question is out (it lands on /login just
  // then): a cancelled question says nothing about the provider.
  const [asking, askAgain] = useState(0);
  useEffect(() => {
    let live = true;
    queryClient
      .fetchQuery({
        queryKey: providerKeys.external(),
        queryFn: ({ signal }) => fetchExternalProvider(signal),
        staleTime: PROVIDER_STALE_MS,
        // Asked offline, it waits for the connection: a failure would take "Continue with …" away for
        // good, as nothing asks again.
        networkMode: "online",
      })
      .then(
        (answer) => live && setProvider(answer),
        (error) => {
          if (!live) return;
          if (isCancelledError(error) && asking < 3) askAgain(asking + 1);
          else setProvider(null);
        },
      );
    return () => {
      live = false;
    };
  }, [queryClient, asking]);
  return provider;
}
