import { useState } from "react";
import { Navigate, Outlet } from "react-router";
import { getToken } from "../../../lib/storage";
import { isTokenValid } from "../../../lib/token";
import { DEFAULT_AFTER_LOGIN } from "../redirect";

/**
 * Sign-up and sign-in send a member who is already signed in to /profile. The check runs once, on
 * arrival: re-running it when the sign-in form stores the token would race the form's own redirect.
 */
export function PublicOnlyRoute() {
  const [signedIn] = useState(() => isTokenValid(getToken()));
  return signedIn ? <Navigate to={DEFAULT_AFTER_LOGIN} replace /> : <Outlet />;
}
