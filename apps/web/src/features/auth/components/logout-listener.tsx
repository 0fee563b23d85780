import { ACCOUNT_DELETED_MESSAGE } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from "react-router";
import { chosenByMember, onLogout } from "../../../lib/auth-events";
import { clearAuth } from "../../../lib/storage";
import { AUTH_TOASTS, toast } from "../../../lib/toast";
import { type LoginRedirectState, locationToPath } from "../redirect";

/** Said when the member is signed out by something other than their own Log out (the server's words). */
export const SESSION_ENDED_TEXT = "Your session has ended. Please sign in again.";

let heldAtLeaveCheck = false;

/**
 * Whether the last logout's way to /login was held by a screen's leave check (`useBlocker`): the
 * sign-in guard then goes there itself. Any other way there arrives by itself, in a transition, so a
 * guard that went too would add /login to the history twice.
 */
export function logoutWasHeld(): boolean {
  return heldAtLeaveCheck;
}

/**
 * Every way out (Log out, a critical 401, a revoked session) raises the logout event; this is the one
 * place that reacts: it clears auth data and the cache and sends the member to /login.
 */
export function LogoutListener() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The router says at once whether a leave check holds a navigation; no public hook tells it in time.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(
    () =>
      onLogout(({ reason }) => {
        clearAuth();
        const current = locationRef.current;
        heldAtLeaveCheck = false;
        if (current.pathname !== "/login") {
          // A member who chose to leave starts fresh; one thrown out returns where they were.
          const state: LoginRedirectState | undefined = chosenByMember(reason)
            ? undefined
            : { from: locationToPath(current) };
          navigate("/login", { replace: reason !== "user", state });
          heldAtLeaveCheck = [...(router?.state.blockers.values() ?? [])].some(
            (blocker) => blocker.state === "blocked" && blocker.location?.pathname === "/login",
          );
        }
        // Thrown out (logged out from another device, a password changed elsewhere, a session that
        // expired), or the account deleted: the sign-in screen alone would not say why.
        // What the signed-in screens were saying no longer matters, and would hold this back in the queue.
        if (reason !== "user") {
          toast.dismiss();
          if (reason === "account-deleted") toast.success(ACCOUNT_DELETED_MESSAGE, AUTH_TOASTS);
          else toast.info(SESSION_ENDED_TEXT, AUTH_TOASTS);
        }
        queryClient.removeQueries();
      }),
    [navigate, queryClient, router],
  );

  return null;
}
