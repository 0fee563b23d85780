import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon } from "../../../components/icons";
import { LoadingState } from "../../../components/status-message";
import { ApiError } from "../../../lib/api-client";
import { getToken, saveToken } from "../../../lib/storage";
import { decodeTokenClaims, isTokenValid } from "../../../lib/token";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useStoredToken } from "../../../lib/use-stored";
import { SocketProvider } from "../../realtime/socket-provider";
import { useCurrentUserQuery } from "../api/user.queries";
import { type LoginRedirectState, locationToPath } from "../redirect";
import { profileTokenParam, withoutTokenParam } from "../token-param";

/** Guards every signed-in route (spec §2): no valid token or a refused session → /login, origin kept. */
export function RequireAuth() {
  const location = useLocation();
  const token = useStoredToken();
  const handedOver = profileTokenParam(location);
  // A token in the URL decides who is signed in, so nothing is asked with the stored one meanwhile.
  const signedIn = !handedOver && isTokenValid(token);
  const currentUser = useCurrentUserQuery(signedIn);

  if (handedOver) return <AdoptToken token={handedOver} />;

  const toLogin = (
    <Navigate to="/login" replace state={{ from: locationToPath(location) } satisfies LoginRedirectState} />
  );
  if (!signedIn) return toLogin;
  if (currentUser.isPending) return <CheckingAuthentication />;
  if (currentUser.isError) {
    if (currentUser.error instanceof ApiError && currentUser.error.status === 401) return toLogin;
    return <SessionCheckFailed onRetry={() => currentUser.refetch()} retrying={currentUser.isFetching} />;
  }
  return (
    <SocketProvider token={token} userId={currentUser.data.id}>
      <Outlet />
    </SocketProvider>
  );
}

/** Saves a handed-over token as the login token, then takes it out of the URL (spec §2). */
function AdoptToken({ token }: { token: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (getToken() !== token) {
      saveToken(token, decodeTokenClaims(token)?.sub ?? null);
      // Whatever was cached belonged to the previous token's member.
      queryClient.removeQueries();
    }
    navigate(withoutTokenParam(location), { replace: true, state: location.state });
  }, [token, location, navigate, queryClient]);

  return <CheckingAuthentication />;
}

function CheckingAuthentication() {
  useDocumentTitle();
  return (
    <main>
      <LoadingState fullScreen>Checking authentication...</LoadingState>
    </main>
  );
}

function SessionCheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle("Connection problem");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <h1 className="text-xl font-semibold text-zinc-900">We couldn't reach Flik</h1>
      <p className="max-w-sm text-sm text-zinc-600">
        Your session could not be checked right now. Check your connection and try again.
      </p>
      <button type="button" onClick={onRetry} disabled={retrying} className={buttonStyles.primary}>
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </main>
  );
}
