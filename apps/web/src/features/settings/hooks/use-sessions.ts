import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast";
import { fetchSessions, logoutOtherSessions } from "../api/settings.api";
import { settingsKeys } from "../api/settings-keys";

/** Spec §8's texts for sessions. */
export const SESSION_TEXTS = {
  loadFailed: "Failed to load sessions",
  currentMissing: "Current session not found",
  othersDone: "Logged out from all other devices!",
  othersFailed: "Failed to logout from devices",
  currentFailed: "Failed to logout current session",
  none: "No active sessions found.",
} as const;

const sessionsQuery = {
  queryKey: settingsKeys.sessions(),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSessions(signal),
  staleTime: 30_000,
};

/**
 * GET /sessions: the member's signed-in devices, current one included. Read again each time the list
 * is shown, the cached copy meanwhile: someone looking for a device they don't know must never be shown
 * the list of a moment ago. (Logging out of the others reads it only for this session's id, which stays.)
 */
export function useSessionsQuery() {
  return useQuery({ ...sessionsQuery, staleTime: 0 });
}

class CurrentSessionMissing extends Error {}

/**
 * Ends every session but this one. The session that stays is named by its id from the list (spec §7's
 * x-session-id), so the list is read first when it is not already known.
 */
export function useLogoutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const sessions = await queryClient.fetchQuery(sessionsQuery);
      const current = sessions.find((session) => session.current);
      if (!current) throw new CurrentSessionMissing();
      return logoutOtherSessions(current._id);
    },
    onSuccess: () => {
      toast.success(SESSION_TEXTS.othersDone);
      queryClient.setQueryData(
        settingsKeys.sessions(),
        (sessions: Awaited<ReturnType<typeof fetchSessions>>) =>
          sessions?.filter((session) => session.current),
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
    onError: (error) =>
      toast.error(
        error instanceof CurrentSessionMissing ? SESSION_TEXTS.currentMissing : SESSION_TEXTS.othersFailed,
      ),
  });
}
