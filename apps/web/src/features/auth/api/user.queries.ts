import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { fetchCurrentUser } from "./auth.api";
import { userKeys } from "./user-keys";

export function useCurrentUserQuery(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled,
    // A refused session is final; retrying a 4xx only delays the redirect to /login.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    staleTime: 60_000,
  });
}
