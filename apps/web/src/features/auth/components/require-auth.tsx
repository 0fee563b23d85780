import { lazy, Suspense, useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon } from "../../../components/icons";
import { Spinner } from "../../../components/spinner";
import { ApiError } from "../../../lib/api-client";
import { chosenByMember, type LogoutReason, onLogout } from "../../../lib/auth-events";
import { clearAuth, getToken } from "../../../lib/storage";
import { isTokenValid } from "../../../lib/token";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useStoredToken } from "../../../lib/use-stored";
import { LiveUpdates } from "../../layout/components/live-updates";
import { SocketProvider } from "../../realtime/socket-provider";
import { isUserConfirmed, useCurrentUserQuery } from "../api/user.queries";
import { useHandoff } from "../hooks/use-handoff";
import { type LoginRedirectState, locationToPath } from "../redirect";
import { CHECKING_AUTHENTICATION, type SessionOutletContext } from "../session-check";
import { logoutWasHeld } from "./logout-listener";

// Asked only when a hand-off link would switch members or sign in a tab that started nothing: its code
// (and the dialog's) stays out of every signed-in page's first script.
const HandoffDialog = lazy(() =>
  import("./handoff-dialog").then(({ HandoffDialog }) => ({ default: HandoffDialog })),
);

/**
 * Guards every signed-in route (spec §2): no valid token or a refused session → /login, origin kept.
 * Until the server says who is signed in, the screen's frame shows 'Checking authentication...'; when a
 * copy of the member is stored, the screen draws from it meanwhile, and a 401 takes it back (spec §8).
 * The screens' frames draw themselves meanwhile (`useSessionChecking`); the tree keeps one shape
 * throughout, so a frame stays put when its screen arrives.
 */
export function RequireAuth() {
  const location = useLocation();
  const token = useStoredToken();
  // A hand-off code in a profile URL may sign a member in: a signed-out visit waits for it meanwhile.
  const { handoff, pending: handingOver, accept, decline } = useHandoff();
  const signedIn = isTokenValid(token);
  useDropUnusableToken(token, signedIn);
  const currentUser = useCurrentUserQuery(signedIn);
  const user = signedIn ? currentUser.data : undefined;

  // A logout (Log out, a revoked session, a 401) takes the member to /login itself (LogoutListener),
  // remembering the page or not by its reason; the token it clears must not make this guard race it
  // with a redirect of its own, which could remember the page a member chose to leave, and adds /login
  // to the history twice: the router shows the logout's way there in a transition, so this guard draws
  // once more at the old address meanwhile, with the token gone and the navigation seen as idle.
  const loggedOut = useRef<LogoutReason | null>(null);
  useEffect(
    () =>
      onLogout(({ reason }) => {
        loggedOut.current = reason;
      }),
    [],
  );

  const refused = currentUser.error instanceof ApiError && currentUser.error.status === 401;
  if ((!handingOver && !signedIn) || refused) {
    const reason = loggedOut.current;
    if (reason && !logoutWasHeld()) return null;
    // Not signed in; or signed out, and a screen's leave check held the logout's way to /login: this one
    // goes there in its place, as the logout would have (the screen goes as it does), never a blank page.
    return (
      <Navigate
        to="/login"
        replace
        state={
          reason && chosenByMember(reason)
            ? undefined
            : ({ from: locationToPath(location) } satisfies LoginRedirectState)
        }
      />
    );
  }
  if (!user && !handingOver && currentUser.isError) {
    return <SessionCheckFailed onRetry={() => currentUser.refetch()} retrying={currentUser.isFetching} />;
  }

  const checking = !user;
  const drawnFromStoredCopy = !!user && !isUserConfirmed(currentUser) && currentUser.isFetching;
  return (
    <SocketProvider token={token ?? ""} userId={user?.id ?? null}>
      {handoff.phase === "confirm" && (
        <Suspense fallback={null}>
          <HandoffDialog
            username={handoff.session.user.username}
            currentUsername={handoff.signedInAs?.username ?? null}
            switching={!!handoff.signedInAs}
            onContinue={accept}
            onCancel={decline}
          />
        </Suspense>
      )}
      {!checking && <LiveUpdates />}
      {drawnFromStoredCopy && <StillChecking />}
      <Outlet context={{ checking } satisfies SessionOutletContext} />
    </SocketProvider>
  );
}

/**
 * A stored token that signs nobody in (expired, or empty) goes with the rest of the stored auth, as a
 * refused one goes on its 401 (spec §8): it is never sent, so no 401 would ever take it, and the next
 * visit would find it again.
 */
function useDropUnusableToken(token: string | null, signedIn: boolean) {
  useEffect(() => {
    // Only the token this render judged: a hand-off may have stored a good one since.
    if (!signedIn && token !== null && getToken() === token) clearAuth();
  }, [token, signedIn]);
}

/** Over a screen drawn from the stored copy, above the tab bar; it fades in only if the check is slow. */
function StillChecking() {
  return (
    <p
      role="status"
      className="pointer-events-none fixed bottom-[calc(5rem+env(safe-area-inset-bottom))] left-1/2 z-50 flex -translate-x-1/2 animate-[fade-in_200ms_ease-out_600ms_both] items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-xs font-medium whitespace-nowrap text-zinc-700 shadow-md ring-1 shadow-zinc-900/10 ring-zinc-200 lg:bottom-6"
    >
      <Spinner className="size-3.5 border-2" />
      {CHECKING_AUTHENTICATION}
    </p>
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
