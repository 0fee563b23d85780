import {
  changePasswordBody,
  NO_PASSWORD_YET_MESSAGE,
  newPasswordProblem,
  PASSWORD_CHANGE_LOGOUT_MS,
  type User,
} from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { CheckIcon } from "../../../components/later-icons";
import { Spinner } from "../../../components/spinner";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { emitLogout, revokeOwnSession } from "../../../lib/auth-events";
import { getToken } from "../../../lib/storage";
import { toast, useFormToasts } from "../../../lib/toast";
import { getSessionId } from "../../../lib/token";
import { logoutCurrentSession } from "../../auth/api/auth.api";
import { authLinkClass } from "../../auth/components/auth-shell";
import { PasswordField } from "../../auth/components/password-field";
import { changePassword } from "../api/settings.api";
import { settingsKeys } from "../api/settings-keys";
import { EditPanel, PanelFailure, PanelIntro } from "../components/edit-panel";
import { useIdentitiesQuery } from "../hooks/use-identities";
import { PasswordRuleList, passwordRuleChecks } from "./password-rules";

export const PASSWORD_TEXTS = {
  done: "Password updated! Please log in again.",
  failed: "Failed to update password",
  noPassword: "Your account has no password yet.",
  setOne:
    "Set one with a code we e-mail you. Setting it logs you out everywhere; then log in with your new password.",
  setPassword: "Set a password",
  forgot: "Forgot password?",
} as const;

/**
 * Spec §4: after a password change this session ends too, PASSWORD_CHANGE_LOGOUT_MS later (the server
 * already ended the others): revoked on the server if it still answers, then signed out here whatever
 * it said. Not tied to the panel, so closing it or leaving the screen cannot skip it.
 */
function logOutSoon(): void {
  window.setTimeout(async () => {
    const sessionId = getSessionId(getToken());
    try {
      if (sessionId) await revokeOwnSession(() => logoutCurrentSession(sessionId));
    } catch {
      // Best effort: the session is forgotten here either way.
    }
    emitLogout("user");
  }, PASSWORD_CHANGE_LOGOUT_MS);
}

type Field = "currentPassword" | "newPassword";

/** The server's refusal of a member without a password: the panel then shows what to do instead. */
function isNoPasswordYet(error: unknown): boolean {
  return error instanceof ApiError && error.serverMessage === NO_PASSWORD_YET_MESSAGE;
}

/**
 * For a member who has no password (external sign-in only) a current password cannot be asked: they
 * set one with the e-mailed code on /forgot, their address filled in there.
 */
function NoPasswordYet({ user, linkRef }: { user: User; linkRef: RefObject<HTMLAnchorElement | null> }) {
  return (
    <div className="space-y-5">
      <div className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        <p className="font-semibold">{PASSWORD_TEXTS.noPassword}</p>
        <p className="mt-1">{PASSWORD_TEXTS.setOne}</p>
      </div>
      <Link
        ref={linkRef}
        to="/forgot"
        state={{ email: user.email }}
        className={`${buttonStyles.primary} w-full`}
      >
        {PASSWORD_TEXTS.setPassword}
      </Link>
    </div>
  );
}

/** Which field a refusal of the server is about, by its field list or its words. */
function fieldOf(error: unknown): Field | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const fields = error.fieldErrors;
  if (fields.currentPassword) return "currentPassword";
  if (fields.newPassword) return "newPassword";
  const text = error.serverMessage ?? "";
  if (/current password/i.test(text)) return "currentPassword";
  if (/password/i.test(text)) return "newPassword";
  return undefined;
}

/**
 * Spec §4 Password change: current and new password, the rules ticked live, then logged out. A member
 * known to have no password is sent to set one instead; until that is known the form shows, as most
 * members have one (and the server's refusal would bring the same answer).
 */
export function PasswordPanel({ user, onClose }: { user: User; onClose: () => void }) {
  const identities = useIdentitiesQuery();
  const queryClient = useQueryClient();
  const [refusedNoPassword, setRefusedNoPassword] = useState(false);
  const noPassword = refusedNoPassword || identities.data?.hasPassword === false;
  const setPasswordRef = useRef<HTMLAnchorElement>(null);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const failures = useFormToasts({ failuresGoWithForm: true });

  // The form the focus was in is gone: the message takes it, so it is read and the panel keeps it.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  // The way on takes the focus, whether the panel opened on it (this runs after the dialog's own
  // initial focus) or the form gave way to it while its field had the focus.
  useLayoutEffect(() => {
    if (noPassword) setPasswordRef.current?.focus();
  }, [noPassword]);

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      const message = answer?.message || PASSWORD_TEXTS.done;
      failures.clear();
      toast.success(message);
      setDone(message);
      logOutSoon();
    },
    onError: (error) => {
      if (isNoPasswordYet(error)) {
        // Said once, by the panel itself; the cached list (hasPassword) was out of date.
        failures.clear();
        setRefusedNoPassword(true);
        queryClient.invalidateQueries({ queryKey: settingsKeys.identities() });
        return;
      }
      const text = errorMessage(error, PASSWORD_TEXTS.failed);
      failures.error(text);
      const field = fieldOf(error);
      if (field) {
        setProblems({ [field]: text });
        (field === "currentPassword" ? currentRef : newRef).current?.focus();
      } else setFailure(text);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending || done) return;
    setFailure(undefined);
    const parsed = changePasswordBody.safeParse({ currentPassword, newPassword });
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as Field] ??= issue.message;
    found.newPassword ??= newPasswordProblem(newPassword, user, currentPassword);
    if (found.currentPassword || found.newPassword) {
      // The form's latest outcome: an earlier refusal's toast ("Current password is incorrect") goes.
      failures.clear();
      setProblems(found);
      (found.currentPassword ? currentRef : newRef).current?.focus();
      return;
    }
    setProblems({});
    change.mutate({ currentPassword, newPassword });
  }

  const edited = (field: Field) => {
    setProblems(({ [field]: _cleared, ...rest }) => rest);
    setFailure(undefined);
  };

  return (
    <EditPanel
      title="Change password"
      onClose={onClose}
      initialFocus={currentRef}
      dismissible={!done && !change.isPending}
    >
      {done ? (
        <div
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="flex flex-col items-center gap-4 py-10 text-center outline-none"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200">
            <CheckIcon className="size-7" />
          </span>
          <p className="text-base font-semibold text-zinc-900">{done}</p>
          <p className="flex items-center gap-2 text-sm text-zinc-600">
            <Spinner className="size-4" />
            Taking you to the login page...
          </p>
        </div>
      ) : noPassword ? (
        <NoPasswordYet user={user} linkRef={setPasswordRef} />
      ) : (
        <form noValidate onSubmit={submit} className="space-y-5">
          {/* Which account the new password is for, to a password manager updating it. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          <PanelIntro>
            You'll be logged out everywhere, this device too, and log in again with your new password.
          </PanelIntro>
          <div>
            <PasswordField
              ref={currentRef}
              label="Current password"
              name="currentPassword"
              autoComplete="current-password"
              value={currentPassword}
              error={problems.currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
                edited("currentPassword");
              }}
            />
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot" state={{ email: user.email }} className={authLinkClass}>
                {PASSWORD_TEXTS.forgot}
              </Link>
            </p>
          </div>
          <PasswordField
            ref={newRef}
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            error={problems.newPassword}
            hint={<PasswordRuleList checks={passwordRuleChecks(newPassword, currentPassword, user)} />}
            onChange={(event) => {
              setNewPassword(event.target.value);
              edited("newPassword");
            }}
          />
          <button type="submit" disabled={change.isPending} className={`${buttonStyles.primary} w-full`}>
            {change.isPending ? "Updating password..." : "Update password"}
          </button>
          {failure && <PanelFailure>{failure}</PanelFailure>}
        </form>
      )}
    </EditPanel>
  );
}
