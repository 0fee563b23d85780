import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { fetchCurrentUser } from "./auth.api";

export const userKeys = {
  all: ["user"] as const,
  me: () => [...userKeys.all, "me"] as const,
};

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
