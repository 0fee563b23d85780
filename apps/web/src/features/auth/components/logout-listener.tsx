import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { onLogout } from "../../../lib/auth-events";
import { clearAuth } from "../../../lib/storage";
import { type LoginRedirectState, locationToPath } from "../redirect";

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
        queryClient.removeQueries();
      }),
    [navigate, queryClient],
  );

  return null;
}
