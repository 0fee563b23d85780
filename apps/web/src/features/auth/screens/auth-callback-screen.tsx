import { TOAST_AUTO_CLOSE_MS } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon } from "../../../components/icons";
import { LoadingState } from "../../../components/status-message";
import { onLogout } from "../../../lib/auth-events";
import { saveAuth } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { settingsKeys } from "../../settings/api/settings-keys";
import type { SettingsPanelState } from "../../settings/panel-state";
import { useExternalProvider } from "../api/providers.queries";
import { type CallbackResult, completeCallback } from "../external/complete-callback";
import {
  forgetExternalSignInStarted,
  markExternalSignInStarted,
  SETTINGS_PATH,
} from "../external/external-state";
import { EXTERNAL_SIGN_IN_FAILED } from "../external/external-texts";
import type { LoginRedirectState } from "../redirect";

export const CALLBACK_TEXTS = {
  working: "Signing you in…",
  cancelled: "Sign-in was cancelled",
  failed: EXTERNAL_SIGN_IN_FAILED,
  /** Above the server's reason, which says what to do itself. */
  failedBecause: "Couldn't sign you in",
  emailInUse: "Couldn't sign you in",
  linked: (provider: string) => `${provider} linked`,
  linkFailed: (provider: string) => `Couldn't link ${provider}. Try again.`,
  /** Above the server's reason, which says itself what to do (another account's sign-in, try later). */
  linkRefused: (provider: string) => `Couldn't link ${provider}`,
  backToLogin: "Back to log in",
  withPassword: "Sign in with password",
  backToSettings: "Back to settings",
} as const;

type Problem = Exclude<CallbackResult, { kind: "signedIn" } | { kind: "linked" }>;

/**
 * /auth/callback (public): where the provider sends the browser back. It completes the sign-in once
 * (the code and state are single use), stores the session as password sign-in does (spec §4 "external
 * identity sync") and goes where the member was going; or links the identity and returns to Settings.
 */
export function AuthCallbackScreen() {
  const provider = useExternalProvider();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  useDocumentTitle(callbackTitle(problem));
  const started = useRef(false);
  // A 401 on /user/identities signs the member out and LogoutListener takes them to /login: the
  // failure must not bring them back here.
  const loggedOut = useRef(false);
  useEffect(
    () =>
      onLogout(() => {
        loggedOut.current = true;
      }),
    [],
  );

  useEffect(() => {
    if (provider === undefined || started.current) return;
    // Once: the code can be exchanged only once, whatever re-runs this effect.
    started.current = true;
    completeCallback(provider).then((result) => {
      // This tab signed in by itself: a hand-off link it opens next (for the same sign-in) is expected.
      if (result.kind === "signedIn") markExternalSignInStarted();
      else forgetExternalSignInStarted();
      if (result.kind === "signedIn") {
        // Nothing cached for a previous member may leak into this session.
        queryClient.removeQueries();
        saveAuth({ token: result.token, userId: result.user.id, username: result.user.username });
        toast.success("Login successful! 🎉", { autoClose: TOAST_AUTO_CLOSE_MS.login });
        navigate(result.returnTo, { replace: true });
      } else if (result.kind === "linked") {
        queryClient.invalidateQueries({ queryKey: settingsKeys.identities() });
        toast.success(CALLBACK_TEXTS.linked(result.provider));
        navigate(SETTINGS_PATH, { replace: true, state: { panel: "linked" } satisfies SettingsPanelState });
      } else if (!loggedOut.current) {
        setProblem(result);
        // The used code and state leave the address bar.
        navigate("/auth/callback", { replace: true });
      }
    });
  }, [provider, navigate, queryClient]);

  if (!problem) {
    return (
      <main>
        <LoadingState fullScreen>{CALLBACK_TEXTS.working}</LoadingState>
      </main>
    );
  }
  return <CallbackProblem problem={problem} providerName={provider?.name} />;
}

/** The tab's title: what the page is doing, then how it ended. */
function callbackTitle(problem: Problem | null): string {
  if (!problem) return "Signing in";
  if (problem.kind === "cancelled") return "Sign-in cancelled";
  return problem.kind !== "emailInUse" && problem.purpose === "link" ? "Linking failed" : "Sign-in failed";
}

function CallbackProblem({ problem, providerName }: { problem: Problem; providerName?: string }) {
  // The page changed under the member (from "Signing you in…"): the keyboard goes on from what it says.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const linking = problem.kind !== "emailInUse" && problem.purpose === "link";
  const from = { from: problem.returnTo } satisfies LoginRedirectState;
  let title: string;
  let detail: string | undefined;
  if (problem.kind === "cancelled") title = CALLBACK_TEXTS.cancelled;
  else if (problem.kind === "emailInUse") {
    title = CALLBACK_TEXTS.emailInUse;
    detail = problem.message;
  } else if (linking) {
    const name = providerName ?? "this sign-in";
    title = problem.message ? CALLBACK_TEXTS.linkRefused(name) : CALLBACK_TEXTS.linkFailed(name);
    detail = problem.message;
  } else if (problem.kind === "failed" && problem.message) {
    title = CALLBACK_TEXTS.failedBecause;
    detail = problem.message;
  } else title = CALLBACK_TEXTS.failed;

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border border-zinc-200/80 bg-white p-8 text-center shadow-xl shadow-zinc-900/5">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
          <AlertIcon className="size-7" />
        </span>
        <div role="alert" className="space-y-2">
          <h1 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-zinc-900 outline-none">
            {title}
          </h1>
          {detail && <p className="text-sm text-zinc-600">{detail}</p>}
        </div>
        {linking ? (
          <Link to={SETTINGS_PATH} className={`${buttonStyles.primary} mt-2`}>
            {CALLBACK_TEXTS.backToSettings}
          </Link>
        ) : (
          <Link to="/login" state={from} className={`${buttonStyles.primary} mt-2`}>
            {problem.kind === "emailInUse" ? CALLBACK_TEXTS.withPassword : CALLBACK_TEXTS.backToLogin}
          </Link>
        )}
      </div>
    </main>
  );
}
