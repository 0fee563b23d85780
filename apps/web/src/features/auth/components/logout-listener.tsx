import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { onLogout } from "../../../lib/auth-events";
import { clearAuth } from "../../../lib/storage";
import { AUTH_TOASTS, toast } from "../../../lib/toast";
import { type LoginRedirectState, locationToPath } from "../redirect";

/** Said when the member is signed out by something other than their own Log out (the server's words). */
export const SESSION_ENDED_TEXT = "Your session has ended. Please sign in again.";

/**
 * Every way out (Log out, a critical 401, a revoked session) raises the logout event; this is the one
 * place that reacts: it clears auth data and the cache and sends the member to /login.
 */
export function LogoutListener() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(
    () =>
      onLogout(({ reason }) => {
        clearAuth();
        const current = locationRef.current;
        if (current.pathname !== "/login") {
          // A member who chose to leave starts fresh; one thrown out returns where they were.
          const state: LoginRedirectState | undefined =
            reason === "user" ? undefined : { from: locationToPath(current) };
          navigate("/login", { replace: reason !== "user", state });
        }
        // Thrown out (logged out from another device, a password changed elsewhere, a session that
        // expired): the sign-in screen alone would not say why.
        // What the signed-in screens were saying no longer matters, and would hold this back in the queue.
        if (reason !== "user") {
          toast.dismiss();
          toast.info(SESSION_ENDED_TEXT, AUTH_TOASTS);
        }
        queryClient.removeQueries();
      }),
    [navigate, queryClient],
  );

  return null;
}
