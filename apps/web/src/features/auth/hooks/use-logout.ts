import { useMutation } from "@tanstack/react-query";
import { emitLogout, revokeOwnSession } from "../../../lib/auth-events";
import { getToken } from "../../../lib/storage";
import { getSessionId } from "../../../lib/token";
import { logoutCurrentSession } from "../api/auth.api";

/** Revokes the current session on the server, then signs out locally whatever the server answered. */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const sessionId = getSessionId(getToken());
      if (sessionId) await revokeOwnSession(() => logoutCurrentSession(sessionId));
    },
    onSettled: () => emitLogout("user"),
  });
}
