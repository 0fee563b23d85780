import type { User } from "@flik/shared";
import { useQuery } from "@tanstack/react-query";
import { getCachedUser, getUserId } from "../../../lib/storage";
import { fetchCurrentUser } from "./auth.api";
import { userKeys } from "./user-keys";

/** The copy of the member the last check stored (spec §3), when it is the stored member's. */
function storedUser(): User | undefined {
  const user = getCachedUser();
  return user && user.id === getUserId() ? user : undefined;
}

/**
 * GET /user. A hard load starts from the stored copy so screens draw at once; that copy is never
 * fresh (`dataUpdatedAt` 0), so the server is asked all the same and its 401 still signs out.
 */
export function useCurrentUserQuery(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled,
    initialData: storedUser,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** Whether the server itself has answered for this member since the page loaded. */
export function isUserConfirmed(query: { dataUpdatedAt: number }): boolean {
  return query.dataUpdatedAt > 0;
}
